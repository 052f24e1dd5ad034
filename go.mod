module github.com/swapscout/swapscout

go 1.26.0

require (
	github.com/bytedance/sonic v1.15.5
	github.com/cockroachdb/apd/v3 v3.2.3
	github.com/google/go-cmp v0.7.0
	github.com/govalues/decimal v0.1.36
	github.com/klauspost/compress v1.20.0
	github.com/redis/rueidis v1.0.79
	github.com/shopspring/decimal v1.6.0
	github.com/valyala/fasthttp v1.74.0
	go.uber.org/goleak v1.3.0
	golang.org/x/sync v0.24.0
)

require (
	github.com/bytedance/gopkg v0.1.3 // indirect
	github.com/bytedance/sonic/loader v0.5.3 // indirect
	github.com/cloudwego/base64x v0.1.6 // indirect
	github.com/klauspost/cpuid/v2 v2.2.9 // indirect
	github.com/molecule-man/go-brrr v1.0.1 // indirect
	github.com/twitchyliquid64/golang-asm v0.15.1 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
	golang.org/x/arch v0.0.0-20210923205945-b76863e36670 // indirect
	golang.org/x/sys v0.47.0 // indirect
)
