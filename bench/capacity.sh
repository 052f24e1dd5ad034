#!/usr/bin/env bash
# Capacity: uncached fan-outs per second per core against every venue on the
# simulator answering at (near) zero latency. serve runs with GOMAXPROCS=1 on
# CPU 0 (taskset), the simulator and wrk on CPU 1; the figure is fan-outs
# answered per CPU-second of the server (its utime+stime over the window),
# which a busy neighbour disturbs much less than raw rps. A CPU profile of
# the server over the window gives the top costs. Not run in CI.
#
#   bench/capacity.sh             # 20 s window
#   D=60 bench/capacity.sh
set -euo pipefail
cd "$(dirname "$0")/.."
D=${D:-20}
OUT=${OUT:-$(mktemp -d /tmp/swapscout-capacity.XXXXXX)}
command -v wrk >/dev/null || { echo "wrk missing: apt-get install -y wrk"; exit 1; }
PIDS=()
cleanup() { for p in "${PIDS[@]:-}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT
free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'; }
go build -o "$OUT/swapscout" ./cmd/swapscout
SP=$(free_port); PORT=$(free_port); PP=$(free_port); URL=http://127.0.0.1:$PORT
taskset -c 1 "$OUT/swapscout" sim --addr 127.0.0.1:$SP --latency 1us --latency-tail 0.01 --walk 0 >"$OUT/sim.log" 2>&1 & PIDS+=($!)
sleep 1
GOMAXPROCS=1 taskset -c 0 "$OUT/swapscout" serve --addr 127.0.0.1:$PORT --sim-url http://127.0.0.1:$SP \
  --fanout-rate -1 --cache-window 0 --pprof 127.0.0.1:$PP >"$OUT/serve.log" 2>&1 & SERVE=$!; PIDS+=($SERVE)
for _ in $(seq 1 300); do curl -fs -o /dev/null "$URL/healthz" && break; sleep 0.1; done
venues=$(curl -fs "$URL/v1/quotes?from=btc&to=eth&amount=0.1" | python3 -c 'import json,sys;q=json.load(sys.stdin);print(len(q["offers"])+len(q["failures"]))')
cat >"$OUT/uncached.lua" <<'LUA'
request = function()
  return wrk.format("GET", string.format("/v1/quotes?from=btc&to=eth&amount=0.%08d", math.random(10000000, 99999999)))
end
LUA
taskset -c 1 wrk -t1 -c8 -d3s -s "$OUT/uncached.lua" "$URL" >/dev/null 2>&1   # warm-up
ticks() { awk '{print $14+$15}' /proc/$SERVE/stat; }
t0=$(ticks)
curl -fs -o "$OUT/cpu.pprof" "http://127.0.0.1:$PP/debug/pprof/profile?seconds=$D" & PROF=$!
taskset -c 1 wrk -t1 -c8 -d${D}s --latency -s "$OUT/uncached.lua" "$URL" >"$OUT/wrk.txt" 2>&1
t1=$(ticks); wait $PROF || true
hz=$(getconf CLK_TCK)
rps=$(grep -oP 'Requests/sec:\s+\K[0-9.]+' "$OUT/wrk.txt")
non2xx=$(grep -oP 'Non-2xx or 3xx responses:\s+\K\d+' "$OUT/wrk.txt" || echo 0)
python3 - "$rps" "$t0" "$t1" "$hz" "$D" "$venues" "$non2xx" <<'PY'
import sys
rps,t0,t1,hz,d,venues,bad=float(sys.argv[1]),int(sys.argv[2]),int(sys.argv[3]),int(sys.argv[4]),float(sys.argv[5]),int(sys.argv[6]),int(sys.argv[7])
cpu=(t1-t0)/hz
print(f"{venues} venues per fan-out; {rps:.0f} uncached fan-outs/s answered ({bad} non-2xx); server CPU {cpu:.1f} s over {d:.0f} s ({cpu/d*100:.0f}% of its core)")
print(f"capacity: {rps*d/cpu:.0f} uncached fan-outs per CPU-second of the server ({rps*d/cpu*venues:.0f} venue calls/s per core)")
PY
grep -E 'Latency|99%' "$OUT/wrk.txt" | head -3
go tool pprof -top -nodecount=25 "$OUT/swapscout" "$OUT/cpu.pprof" 2>/dev/null | sed -n '1,32p' > "$OUT/top.txt" || true
cat "$OUT/top.txt"
echo "results in $OUT"
