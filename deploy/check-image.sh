#!/usr/bin/env bash
# check-image.sh: builds the container image (build-image.sh) and, where
# this machine lets podman run containers, starts it: a simulator and a
# server from the image, on the host's loopback only, then checks that the
# server answers /healthz and a quote as user 65532 with its data in the
# volume, and stops cleanly on SIGTERM. Every wait is bounded. A machine
# that refuses to run containers (a sandbox without cgroups or rlimits)
# skips the run, saying why; the build must still succeed.
set -euo pipefail
cd "$(dirname "$0")/.."
tag=localhost/swapscout:check
if ! command -v podman >/dev/null 2>&1; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq podman >/dev/null
fi
export DEBIAN_FRONTEND=noninteractive
start=$(date +%s)
deploy/build-image.sh "$tag"
echo "image built in $(( $(date +%s) - start )) s: $(podman image inspect "$tag" --format '{{.Size}}') bytes"

# Run options: podman's defaults first; where those are refused (crun
# without cgroup v2, or rlimits above this sandbox's), runc with the
# machine's own limits.
rt=""
ul=""
if ! timeout 60 podman run --rm "$tag" version >/dev/null 2>&1; then
	if ! command -v runc >/dev/null 2>&1; then
		apt-get install -y -qq runc >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq runc >/dev/null 2>&1; } || true
	fi
	nofile=$(ulimit -n)
	nproc=$(ulimit -u)
	[ "$nproc" = unlimited ] && nproc=4096
	nproc=$(( nproc > 4096 ? 4096 : nproc ))
	rt="--runtime runc"
	ul="--ulimit nofile=$nofile:$nofile --ulimit nproc=$nproc:$nproc"
	out="runc is not installed"
	if ! command -v runc >/dev/null 2>&1 || ! out=$(timeout 60 podman $rt run --rm $ul "$tag" version 2>&1); then
		echo "SKIPPED running the image: this machine refuses podman run: $out"
		exit 0
	fi
fi

# Ports below the kernel's ephemeral range (outgoing connections take
# ports from there, and one of them can hold the port we picked), checked
# free; a start that still loses its port to a race tries new ones.
sim=swapscout-check-sim-$$
srv=swapscout-check-srv-$$
cleanup() {
	podman $rt rm -f -v "$sim" "$srv" >/dev/null 2>&1 || true
	podman rmi "$tag" >/dev/null 2>&1 || true
}
trap cleanup EXIT
low=$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
[ "$low" -gt 12000 ] || low=32768
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
health=""
for try in 1 2 3 4 5; do
	simport=$(( 10000 + $(od -An -N2 -tu2 /dev/urandom) % (low - 10001) ))
	port=$(( simport + 1 ))
	if listening "$simport" || listening "$port"; then continue; fi
	podman $rt rm -f -v "$sim" "$srv" >/dev/null 2>&1 || true
	# --network host on loopback addresses: the containers reach nothing but
	# this machine's loopback.
	podman $rt run -d --name "$sim" --network host $ul "$tag" sim --addr "127.0.0.1:$simport" --walk 0 >/dev/null
	podman $rt run -d --name "$srv" --network host $ul -e SWAPSCOUT_ADDR="127.0.0.1:$port" \
		-e SWAPSCOUT_SIM_URL="http://127.0.0.1:$simport" "$tag" >/dev/null
	for _ in $(seq 1 100); do
		health=$(curl -fsS -m 2 "http://127.0.0.1:$port/healthz" 2>/dev/null) && break
		podman $rt logs "$srv" 2>&1 | grep -qi 'in use' && break
		podman $rt logs "$sim" 2>&1 | grep -qi 'in use' && break
		sleep 0.2
	done
	[ -n "$health" ] && break
	if podman $rt logs "$srv" 2>&1 | grep -qi 'in use' || podman $rt logs "$sim" 2>&1 | grep -qi 'in use'; then
		echo "port $simport or $port was taken as the containers started: new ports"
		continue
	fi
	break
done
echo "/healthz: $health"
case "$health" in *'"status":"ok"'*'"database":"sqlite"'* | *'"database":"sqlite"'*'"status":"ok"'*) ;; *)
	podman $rt logs "$srv" | tail -20
	echo "the image's server did not answer /healthz"; exit 1 ;;
esac
code=$(curl -sS -m 20 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/v1/quotes?from=btc&to=eth&amount=0.1")
[ "$code" = 200 ] || { echo "a quote through the image answered $code"; exit 1; }
user=$(podman $rt inspect "$srv" --format '{{.Config.User}}')
[ "$user" = 65532:65532 ] || { echo "the image runs as $user"; exit 1; }
# podman's log reader can lag the container's output: look for a while.
indata=""
for _ in $(seq 1 25); do
	podman $rt logs "$srv" 2>&1 | grep -q 'sqlite /data/swapscout.db' && { indata=yes; break; }
	sleep 0.2
done
[ -n "$indata" ] || { podman $rt logs "$srv" 2>&1 | tail -20; echo "the swap database is not in the /data volume"; exit 1; }
stopped=$(date +%s)
timeout 60 podman $rt stop -t 20 "$srv" >/dev/null
took=$(( $(date +%s) - stopped ))
exitcode=$(podman $rt inspect "$srv" --format '{{.State.ExitCode}}')
[ "$exitcode" = 0 ] || { podman $rt logs "$srv" | tail -20; echo "the server exited $exitcode on SIGTERM"; exit 1; }
echo "the image ran: /healthz and a quote answered, user $user, stopped on SIGTERM in ${took} s with status 0"
