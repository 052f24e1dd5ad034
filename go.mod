module github.com/swapscout/swapscout

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/klauspost/compress v1.20.0
	github.com/redis/rueidis v1.0.79
	github.com/valyala/fasthttp v1.74.0
	go.uber.org/goleak v1.3.0
	golang.org/x/sync v0.24.0
)

require (
	github.com/molecule-man/go-brrr v1.0.1 // indirect
	github.com/stretchr/testify v1.10.0 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	pgregory.net/rapid v1.3.0 // indirect
)
