#!/usr/bin/env bash
# Builds the Dockerfile and runs the image as production would, without Docker: buildah builds it, podman
# runs it (both from Debian). `.ci/run` calls it after the tests; locally: `sudo bash scripts/container-smoke.sh`.
#
# - The base image `node:24-slim` cannot be pulled here (no registry but npm's and Debian's): a stand-in is
#   made once with debootstrap (the machine's Debian) plus the machine's own node and npm, a `node` user of
#   uid 1000 as in the real image, and the machine's npm registry and CA bundle; it stays in podman's
#   storage and is made again only when absent. The real image gets Node 24 from the real base.
# - One container on the embedded database (PGlite, its own data folder): ready, pages and API, runs as
#   uid 1000, exits 0 on SIGTERM within the grace period; then, stopped, a backup and a restore inside the
#   image and the seed command on the restored folder.
# - Two containers on one PostgreSQL database (a fresh one on 127.0.0.1:5432, dropped after): a session
#   made on one is valid on the other.
# Ports: FARHA_SMOKE_PORT (and the two after it), else free ones. Without root or apt-get the tools cannot be
# installed: that fails (CI must never be green without an image), unless FARHA_SMOKE_SKIP says why the check
# is skipped on this machine (`FARHA_SMOKE_SKIP="no root on this laptop"`): then one line `SKIPPED: …`, exit 0.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE_IMAGE=docker.io/library/node:24-slim
STAND_IN_LABEL=farha.stand-in
IMAGE=localhost/farha:smoke
GRACE_SECONDS=30 # docker-compose.yml's stop_grace_period; the server gives itself 25 s
READY_TIMEOUT=180
PG_ADMIN_URL=${FARHA_SMOKE_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
RUN_ID=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')
STARTED=$EPOCHREALTIME

containers=()
database=''
work=''

elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
step_started=''
step() {
  step_started=$EPOCHREALTIME
  printf '▸ %s\n' "$*"
}
done_step() { printf '  ✓ %s (%s s)\n' "$*" "$(elapsed "$step_started")"; }
fail() {
  printf '✗ container smoke test: %s\n' "$*" >&2
  exit 1
}

cleanup() {
  local status=$?
  set +e
  for name in "${containers[@]}"; do podman rm -f -t 0 "$name" >/dev/null 2>&1; done
  if [ -n "$database" ]; then psql "$PG_ADMIN_URL" -qAtc "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1; fi
  if [ -n "$work" ]; then rm -rf "$work"; fi
  if [ "$status" -ne 0 ]; then echo "container smoke test failed after $(elapsed "$STARTED") s" >&2; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The check cannot run here: a failure, unless FARHA_SMOKE_SKIP gives the reason it may be skipped (issue 32).
cannot_run() {
  if [ -n "${FARHA_SMOKE_SKIP:-}" ]; then
    echo "SKIPPED: container smoke test: $* (FARHA_SMOKE_SKIP: $FARHA_SMOKE_SKIP)"
    exit 0
  fi
  fail "$* (set FARHA_SMOKE_SKIP to a reason to skip it on this machine)"
}

# --- tools ------------------------------------------------------------------------------------------------
missing=()
for tool in buildah podman debootstrap runc curl psql; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    cannot_run "it needs ${missing[*]}, and they cannot be installed here (needs root and apt-get)"
  fi
  step "installing ${missing[*]} (Debian's buildah, podman, debootstrap, runc)"
  log=$(mktemp)
  if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    buildah podman debootstrap runc fuse-overlayfs uidmap curl postgresql-client; } >"$log" 2>&1; then
    reason="apt-get could not install its tools ($(tail -n 1 "$log"))"
    rm -f "$log"
    cannot_run "$reason"
  fi
  rm -f "$log"
  done_step "tools installed"
fi
if [ "$(id -u)" -ne 0 ]; then
  cannot_run "it runs buildah and podman as root (rootless storage is not set up here)"
fi

work=$(mktemp -d /tmp/farha-smoke.XXXXXX)
chmod 755 "$work"
PODMAN=(podman)
# No healthcheck timers (podman schedules them with systemd, absent here): the smoke test runs the image's
# HEALTHCHECK command itself.
RUN_OPTS=(--runtime runc --network host --ulimit nofile=20000:20000 --ulimit nproc=4096:4096 --no-healthcheck)

# --- the stand-in base image ------------------------------------------------------------------------------
if "${PODMAN[@]}" image exists "$BASE_IMAGE"; then
  made_with=$("${PODMAN[@]}" image inspect --format "{{ index .Config.Labels \"$STAND_IN_LABEL\" }}" "$BASE_IMAGE" 2>/dev/null || true)
  echo "▸ base image $BASE_IMAGE: in podman's storage${made_with:+ (stand-in: $made_with)}"
else
  step "making the stand-in base image $BASE_IMAGE (debootstrap minbase + this machine's node and npm)"
  . /etc/os-release
  codename=${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}
  mirror=$(grep -hoE '^URIs: *\S+' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1 | awk '{print $2}' || true)
  [ -n "$mirror" ] || mirror=$(grep -hoE '^deb +\S+' /etc/apt/sources.list 2>/dev/null | head -n 1 | awk '{print $2}' || true)
  mirror=${mirror:-http://deb.debian.org/debian}
  rootfs="$work/rootfs"
  debootstrap --variant=minbase "$codename" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -n 20 "$work/debootstrap.log" >&2; fail "debootstrap failed"; }
  node_bin=$(readlink -f "$(command -v node)")
  npm_dir=$(npm root -g)/npm
  install -D -m 755 "$node_bin" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules" "$rootfs/usr/local/etc"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # npm inside the build reaches the registry as npm does here: same registry, same CA bundle.
  {
    echo "registry=$(npm config get registry)"
    cafile=$(npm config get cafile)
    [ "$cafile" != "null" ] && [ -f "$cafile" ] || cafile=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}
    if [ -f "$cafile" ]; then
      install -D -m 644 "$cafile" "$rootfs/etc/ssl/certs/host-ca-bundle.crt"
      echo "cafile=/etc/ssl/certs/host-ca-bundle.crt"
    fi
    echo "update-notifier=false"
  } >"$rootfs/usr/local/etc/npmrc"
  # The real image's user: node, uid and gid 1000, with a home.
  echo 'node:x:1000:1000::/home/node:/bin/bash' >>"$rootfs/etc/passwd"
  echo 'node:x:1000:' >>"$rootfs/etc/group"
  echo 'node:*:19000:0:99999:7:::' >>"$rootfs/etc/shadow"
  install -d -o 1000 -g 1000 "$rootfs/home/node"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | "${PODMAN[@]}" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$(node -p 'process.versions.node')" \
    --change "LABEL $STAND_IN_LABEL=\"debootstrap $codename + node $(node -v)\"" \
    --change 'CMD ["node"]' - "$BASE_IMAGE" >"$work/import.log" 2>&1 || { cat "$work/import.log" >&2; fail "podman import failed"; }
  rm -rf "$rootfs"
  done_step "stand-in $BASE_IMAGE made (Debian $codename, node $(node -v))"
fi

# --- build ------------------------------------------------------------------------------------------------
step "building the Dockerfile (buildah bud, layers cached between runs)"
# The context is the repository's own files (tracked, or new and not ignored), as a clean clone has them:
# buildah walks the whole folder before applying .dockerignore, and node_modules alone costs it 100 s.
context="$work/context"
mkdir "$context"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git ls-files -z --cached --others --exclude-standard | tar --null -T - --ignore-failed-read -c 2>/dev/null | tar -x -C "$context"
else
  tar --exclude=node_modules --exclude=.git -c . | tar -x -C "$context"
fi
if ! buildah bud --isolation chroot --storage-driver overlay --format docker --pull-never --layers \
  -t "$IMAGE" -f Dockerfile "$context" >"$work/build.log" 2>&1; then
  tail -n 40 "$work/build.log" >&2
  fail "the image did not build"
fi
size=$("${PODMAN[@]}" image inspect --format '{{.Size}}' "$IMAGE")
done_step "image built: $IMAGE, $(awk -v s="$size" 'BEGIN { printf "%.0f MB", s / 1000000 }')"

# --- ports ------------------------------------------------------------------------------------------------
ports=()
if [ -n "${FARHA_SMOKE_PORT:-}" ]; then
  ports=("$FARHA_SMOKE_PORT" "$((FARHA_SMOKE_PORT + 1))" "$((FARHA_SMOKE_PORT + 2))")
else
  # Three ports the kernel hands out as free, held together so that they differ.
  read -r -a ports <<<"$(node -e '
    const net = require("node:net");
    const servers = [0, 1, 2].map(() => net.createServer());
    Promise.all(servers.map((s) => new Promise((ok) => s.listen(0, "127.0.0.1", () => ok(s.address().port)))))
      .then((p) => { console.log(p.join(" ")); servers.forEach((s) => s.close()); });')"
fi

# --- helpers ----------------------------------------------------------------------------------------------
start_container() { # name port data-dir [extra podman args…]
  local name=$1 port=$2 data=$3
  shift 3
  containers+=("$name")
  "${PODMAN[@]}" run -d --name "$name" "${RUN_OPTS[@]}" -v "$data:/data" \
    -e HOST=127.0.0.1 -e PORT="$port" -e DEMO_MODE=true -e LOG_LEVEL=warn "$@" "$IMAGE" >/dev/null
}

wait_ready() { # name port → prints seconds to ready
  local name=$1 port=$2 since=$EPOCHREALTIME deadline=$((SECONDS + READY_TIMEOUT))
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health/ready" 2>/dev/null; do
    if [ "$("${PODMAN[@]}" inspect --format '{{.State.Running}}' "$name")" != true ]; then
      "${PODMAN[@]}" logs --tail 40 "$name" >&2 || true
      fail "$name stopped before it was ready"
    fi
    if [ $SECONDS -ge $deadline ]; then
      "${PODMAN[@]}" logs --tail 40 "$name" >&2 || true
      fail "$name not ready within $READY_TIMEOUT s"
    fi
    sleep 0.25
  done
  elapsed "$since"
}

stop_gracefully() { # name…: SIGTERM to each, each must exit 0 within the grace period
  local since=$EPOCHREALTIME name code
  for name in "$@"; do "${PODMAN[@]}" kill --signal TERM "$name" >/dev/null; done
  for name in "$@"; do
    code=$(timeout "$GRACE_SECONDS" "${PODMAN[@]}" wait "$name") || {
      "${PODMAN[@]}" logs --tail 40 "$name" >&2 || true
      fail "$name still running $GRACE_SECONDS s after SIGTERM"
    }
    if [ "$code" != 0 ]; then
      "${PODMAN[@]}" logs --tail 40 "$name" >&2 || true
      fail "$name exited $code on SIGTERM (expected 0)"
    fi
  done
  elapsed "$since"
}

in_image() { # data-dir [-e NAME=value…] command…: a one-off container of the image on that data folder
  local data=$1 env=()
  shift
  while [ "${1:-}" = -e ]; do
    env+=("$1" "$2")
    shift 2
  done
  "${PODMAN[@]}" run --rm "${RUN_OPTS[@]}" -v "$data:/data" "${env[@]}" "$IMAGE" "$@"
}

json_check() { # file node-expression (of `j`, the parsed body) → fails unless truthy
  node -e 'const j = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
    if (!(0, eval)(`(j) => ${process.argv[2]}`)(j)) { console.error(JSON.stringify(j).slice(0, 300)); process.exit(1); }' "$1" "$2"
}

# --- one instance, embedded database ----------------------------------------------------------------------
embedded="$work/data-embedded"
install -d -o 1000 -g 1000 "$embedded" # what a fresh volume holds: the image's /data, owned by node
name="farha-smoke-$RUN_ID-embedded"
port=${ports[0]}
step "one container on the embedded database (PGlite), port $port"
start_container "$name" "$port" "$embedded" -e PUBLIC_URL="http://127.0.0.1:$port"
ready=$(wait_ready "$name" "$port")
done_step "ready in $ready s (fresh database: created, migrated and seeded)"

step "pages and API"
curl -fsS -D "$work/home.headers" -o "$work/home.html" "http://127.0.0.1:$port/"
grep -qi '^content-type: text/html' "$work/home.headers" || fail "/ is not HTML"
grep -qi '<html' "$work/home.html" || fail "/ has no <html>"
curl -fsS -o "$work/boxes.json" "http://127.0.0.1:$port/api/boxes"
json_check "$work/boxes.json" 'Array.isArray(j.boxes) && j.boxes.length > 0' || fail "/api/boxes lists no boxes"
done_step "/ is HTML ($(wc -c <"$work/home.html") bytes), /api/boxes lists $(node -p 'require(process.argv[1]).boxes.length' "$work/boxes.json") boxes"

step "the image's HEALTHCHECK command"
mapfile -d '' -t healthcheck < <("${PODMAN[@]}" image inspect --format '{{json .Config.Healthcheck.Test}}' "$IMAGE" |
  node -e 'const t = JSON.parse(require("node:fs").readFileSync(0, "utf8")); if (t[0] !== "CMD") process.exit(1); process.stdout.write(t.slice(1).join("\0"))')
[ ${#healthcheck[@]} -gt 0 ] || fail "the image has no HEALTHCHECK in exec form"
"${PODMAN[@]}" exec "$name" "${healthcheck[@]}" || fail "the HEALTHCHECK command fails on a ready server (compose would never see it healthy)"
done_step "healthy: ${healthcheck[*]:0:2} …"

step "process"
pid=$("${PODMAN[@]}" inspect --format '{{.State.Pid}}' "$name")
uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")
comm=$(cat "/proc/$pid/comm")
[ "$uid" = 1000 ] || fail "the server runs as uid $uid (expected 1000, the image's node user)"
[ "$comm" = node ] || fail "the container's first process is $comm (expected node itself)"
done_step "PID 1 is node, uid $uid"

step "SIGTERM"
took=$(stop_gracefully "$name")
done_step "exit code 0 in $took s (grace period $GRACE_SECONDS s)"

step "backup, restore and seed inside the image (server stopped)"
in_image "$embedded" npm run --silent db:backup -- /data/backups/smoke.tar.gz | tail -n 1
[ -s "$embedded/backups/smoke.tar.gz" ] || fail "no backup file"
in_image "$embedded" -e DATA_DIR=/data/restored node apps/server/dist/backup.js restore /data/backups/smoke.tar.gz | tail -n 1
in_image "$embedded" -e DATA_DIR=/data/restored -e DEMO_MODE=true node apps/server/dist/seed.js >"$work/seed.log" 2>&1 ||
  { cat "$work/seed.log" >&2; fail "the seed command failed on the restored folder"; }
grep -qE '^ +users +[1-9]' "$work/seed.log" || { cat "$work/seed.log" >&2; fail "the restored database has no users"; }
head -n 1 "$work/seed.log"
owners=$(find "$embedded" -not -user 1000 | head -n 3)
[ -z "$owners" ] || fail "files not owned by uid 1000 in the data folder: $owners"
done_step "backup of $(du -h "$embedded/backups/smoke.tar.gz" | cut -f1) restored and seeded; every file owned by uid 1000"

# --- two instances, one PostgreSQL database ----------------------------------------------------------------
step "two containers on one PostgreSQL database, ports ${ports[1]} and ${ports[2]}"
database="farha_smoke_$RUN_ID"
psql "$PG_ADMIN_URL" -qAtc "CREATE DATABASE $database" || fail "cannot create a database at $PG_ADMIN_URL"
database_url="${PG_ADMIN_URL%/*}/$database"
shared="$work/data-shared"
install -d -o 1000 -g 1000 "$shared"
public_url="http://127.0.0.1:${ports[1]}" # one public address in front of both, as behind the proxy
for i in 1 2; do
  start_container "farha-smoke-$RUN_ID-pg$i" "${ports[$i]}" "$shared" -e DATABASE_URL="$database_url" -e PUBLIC_URL="$public_url"
done
ready1=$(wait_ready "farha-smoke-$RUN_ID-pg1" "${ports[1]}")
ready2=$(wait_ready "farha-smoke-$RUN_ID-pg2" "${ports[2]}")
done_step "both ready (started together: $ready1 s and $ready2 s more)"

step "a session made on one instance is valid on the other"
curl -fsS -D "$work/login.headers" -o "$work/login.json" -X POST "http://127.0.0.1:${ports[1]}/api/auth/login" \
  -H 'content-type: application/json' -H "origin: $public_url" \
  --data '{"email":"client@demo.farha.dz","password":"demo1234"}' || fail "demo login refused on instance 1"
cookie=$(grep -i '^set-cookie: farha_session=' "$work/login.headers" | head -n 1 | sed -E 's/^[^:]*: *([^;]*).*/\1/' | tr -d '\r')
[ -n "$cookie" ] || fail "no session cookie from instance 1"
status=$(curl -sS -o /dev/null -w '%{http_code}' "http://127.0.0.1:${ports[2]}/api/auth/me")
[ "$status" = 401 ] || fail "instance 2 answered $status without a session (expected 401)"
curl -fsS -o "$work/me.json" -H "cookie: $cookie" "http://127.0.0.1:${ports[2]}/api/auth/me" || fail "instance 2 does not know instance 1's session"
json_check "$work/me.json" 'JSON.stringify(j).includes("client@demo.farha.dz")' || fail "instance 2 returned another user"
done_step "logged in on instance 1, /api/auth/me on instance 2: client@demo.farha.dz"

step "SIGTERM to both"
took=$(stop_gracefully "farha-smoke-$RUN_ID-pg1" "farha-smoke-$RUN_ID-pg2")
done_step "both exited 0 in $took s"

# Layers of older builds go after a day; today's stay as the next run's cache.
"${PODMAN[@]}" image prune -f --filter until=24h >/dev/null 2>&1 || true
echo "container smoke test passed in $(elapsed "$STARTED") s: image $(awk -v s="$size" 'BEGIN { printf "%.0f MB", s / 1000000 }'), ready in $ready s"
