#!/usr/bin/env bash
# Screenshots of the web page at desktop and phone widths, light and dark:
# builds swapscout, starts a demo on a free loopback port, photographs it with
# headless chromium, stops the demo. Usage: scripts/screenshots.sh [out-dir [-scale 1]]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-screenshots}
shift || true
tmp=$(mktemp -d)
go build -o "$tmp/swapscout" ./cmd/swapscout
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()')
"$tmp/swapscout" demo --addr "127.0.0.1:$port" --walk 0 --data-dir "$tmp/data" >"$tmp/demo.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
for _ in $(seq 1 100); do curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
go run ./scripts/screenshots -url "http://127.0.0.1:$port" -out "$out" "$@"
