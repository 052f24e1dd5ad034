#!/bin/sh
# build-image.sh [TAG]: builds swapscout's container image (default tag
# localhost/swapscout:latest) without pulling any image: the binary is built
# here, static (CGO_ENABLED=0), and copied into a FROM scratch image with
# the CA bundle of this machine (CA_BUNDLE to use another), a non-root user
# (65532) and a /data volume. Uses podman, or docker when podman is absent
# (CONTAINER_ENGINE to choose). GOARCH picks the image's architecture.
set -eu
cd "$(dirname "$0")/.."
tag=${1:-localhost/swapscout:latest}
engine=${CONTAINER_ENGINE:-$(command -v podman || command -v docker || true)}
if [ -z "$engine" ]; then
	echo "build-image.sh: neither podman nor docker is installed" >&2
	exit 1
fi
ca=${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}
if [ ! -s "$ca" ]; then
	echo "build-image.sh: no CA bundle at $ca (install ca-certificates, or set CA_BUNDLE)" >&2
	exit 1
fi
ctx=$(mktemp -d)
trap 'rm -rf "$ctx"' EXIT
cp deploy/container/Containerfile deploy/container/passwd deploy/container/group deploy/container/nsswitch.conf "$ctx/"
cp "$ca" "$ctx/ca-certificates.crt"
mkdir -m 0700 "$ctx/data"
mkdir -m 1777 "$ctx/tmp"
version=$(git describe --tags --always --dirty 2>/dev/null || echo dev)
CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags='-s -w' -o "$ctx/swapscout" ./cmd/swapscout
"$engine" build --label org.opencontainers.image.version="$version" -t "$tag" -f "$ctx/Containerfile" "$ctx"
echo "built $tag ($version)"
