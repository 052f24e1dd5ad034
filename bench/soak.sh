#!/usr/bin/env bash
# Soak: serve against the simulator under mixed load — cached reads by id,
# uncached quotes, streams and bad requests — for DURATION seconds (default
# 600), sampling the server's RSS, goroutines and open fds every 10 s into
# OUT/soak.csv, then plotting them (OUT/soak.png) with cmd/soakplot, which
# also prints each series' trend over the second half. Not run in CI.
#
#   bench/soak.sh                 # 10 minutes, OUT = a new temp dir
#   DURATION=120 bench/soak.sh    # a 2-minute check
#   MIX=uncached bench/soak.sh    # uncached quotes only: the store's byte budget under load
#   MIX=uncached DURATION=300 UNCACHED_CONNS=8 STORE_BYTES=67108864 bench/soak.sh
#
# Needs wrk and curl. Everything listens on 127.0.0.1 and is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-600}
MIX=${MIX:-mixed}
STORE_BYTES=${STORE_BYTES:-16777216}
OUT=${OUT:-$(mktemp -d /tmp/swapscout-soak.XXXXXX)}
mkdir -p "$OUT"
command -v wrk >/dev/null || { echo "wrk missing: apt-get install -y wrk"; exit 1; }
PIDS=()
cleanup() { for p in "${PIDS[@]:-}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT
free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'; }

go build -o "$OUT/swapscout" ./cmd/swapscout
SP=$(free_port); PORT=$(free_port); URL=http://127.0.0.1:$PORT
"$OUT/swapscout" sim --addr 127.0.0.1:$SP --latency 20ms --walk 0 >"$OUT/sim.log" 2>&1 & PIDS+=($!)
sleep 1
"$OUT/swapscout" serve --addr 127.0.0.1:$PORT --sim-url http://127.0.0.1:$SP --fanout-rate -1 \
  --store-bytes "$STORE_BYTES" --max-streams 64 --ttl 30m >"$OUT/serve.log" 2>&1 & SERVE=$!; PIDS+=($SERVE)
for _ in $(seq 1 300); do curl -fs -o /dev/null "$URL/healthz" && break; sleep 0.1; done
id=$(curl -fs "$URL/v1/quotes?from=btc&to=eth&amount=0.1" | python3 -c 'import json,sys;print(json.load(sys.stdin)["id"])')

cat >"$OUT/uncached.lua" <<'LUA'
request = function()
  return wrk.format("GET", string.format("/v1/quotes?from=btc&to=eth&amount=0.%08d&deadline=2s", math.random(10000000, 99999999)))
end
LUA
cat >"$OUT/bad.lua" <<'LUA'
local bad = {"/v1/quotes?from=btc&to=btc&amount=1", "/v1/quotes?from=zzz&to=eth&amount=1", "/v1/quotes?from=btc&to=eth&amount=-1",
  "/v1/quotes?from=btc&to=eth&amount=0.1&deadline=99s", "/v1/quotes/qnosuchid", "/nope", "/v1/quotes?x=1"}
request = function() return wrk.format("GET", bad[math.random(1, #bad)]) end
LUA

D=$DURATION
WRKS=()
wrk -t1 -c${UNCACHED_CONNS:-2} -d${D}s -s "$OUT/uncached.lua" "$URL" >"$OUT/wrk-uncached.txt" 2>&1 & WRKS+=($!)
if [ "$MIX" = mixed ]; then
  # Cached reads: the identical request (answered from the cache within its
  # window) and the stored quote by id (evicted oldest-first once the store's
  # budget is full, then a 404 that says so: counted apart below).
  wrk -t1 -c4 -d${D}s "$URL/v1/quotes?from=btc&to=eth&amount=0.1" >"$OUT/wrk-cached.txt" 2>&1 & WRKS+=($!)
  wrk -t1 -c1 -d${D}s "$URL/v1/quotes/$id" >"$OUT/wrk-byid.txt" 2>&1 & WRKS+=($!)
  wrk -t1 -c1 -d${D}s -s "$OUT/bad.lua" "$URL" >"$OUT/wrk-bad.txt" 2>&1 & WRKS+=($!)
  for s in 1 2; do
    ( end=$((SECONDS + DURATION)); n=0
      while [ $SECONDS -lt $end ]; do n=$((n+1))
        curl -s -N --max-time 5 "$URL/v1/quotes/stream?from=eth&to=btc&amount=1.$s$n&deadline=1s" >/dev/null || true
      done ) & PIDS+=($!)
  done
fi

echo "seconds,rss_kb,goroutines,fds" >"$OUT/soak.csv"
start=$SECONDS
while [ $((SECONDS - start)) -lt "$DURATION" ]; do
  rss=$(awk '/VmRSS/{print $2}' /proc/$SERVE/status)
  gor=$(curl -fs --max-time 5 "$URL/metrics" | awk '/^go_goroutines /{print $2}')
  fds=$(ls /proc/$SERVE/fd | wc -l)
  echo "$((SECONDS - start)),$rss,${gor:-0},$fds" >>"$OUT/soak.csv"
  sleep 10
done
for w in "${WRKS[@]}"; do wait "$w" || true; done   # each prints its summary when its time is up
cleanup; PIDS=()
for f in "$OUT"/wrk-*.txt; do echo "== $(basename "$f")"; grep -E 'requests in|Requests/sec|Non-2xx|Socket errors' "$f" || true; done
(cd bench && go run ./cmd/soakplot -in "$OUT/soak.csv" -out "$OUT/soak.png")
echo "results in $OUT (soak.csv, soak.png, logs)"
