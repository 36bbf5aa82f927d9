#!/usr/bin/env bash
# deploy/image/build.sh BUILD_DIR: impi's container image, built offline from
# Debian's packages, then run (`./dev image`).
#
# 1. The root: mmdebstrap makes a Debian 12 root (variant essential: dash,
#    coreutils, no apt) from the Debian mirror this machine's apt uses,
#    with the runtime packages of BUILD_DIR/impi and BUILD_DIR/impi-server
#    (the packages that own the shared libraries they load, found with ldd
#    and dpkg -S), the two binaries in /usr/local/bin and a user impi
#    (uid 10001) to run them. Nothing is copied from this machine's /usr/lib.
# 2. The image: deploy/image/Containerfile (FROM scratch, the root, USER
#    10001) built by podman as localhost/impi:dev, in a store of its own
#    under BUILD_DIR/image (storage driver vfs), and saved as an OCI archive,
#    BUILD_DIR/image/impi-image.tar (`podman load -i` it elsewhere, or push
#    it to a registry with skopeo).
# 3. The check: in a container of it, as uid 10001, `impi arena` plays a
#    small study, `impi-server --help` lists its flags, and impi-server
#    answers /healthz and Describe on loopback. Where no container can run,
#    the same commands run in the root with chroot (as uid 10001), and it
#    says so, naming podman's error.
#
# Needs root, mmdebstrap and podman with runc (./dev image installs them).
# Exit 0 when the image was built and every check passed.
set -euo pipefail

build=$(cd "$1" && pwd)
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$build/image
say() { printf '[image] %s\n' "$*"; }
# A path as printed: under the source tree, from it.
shown() { echo "${1#"$src"/}"; }
fail() {
  echo "FAIL: $*"
  exit 1
}
[ "$(id -u)" -eq 0 ] || fail "needs root (mmdebstrap's root mode, podman's store)"
for b in impi impi-server; do [ -x "$build/$b" ] || fail "$build/$b not built"; done

# The mirrors this machine's apt uses (deb822 or one-line sources), as
# one-line entries for mmdebstrap.
sources() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk '
      /^Types:/ { types = $0 } /^URIs:/ { uris = $2 } /^Suites:/ { $1 = ""; suites = $0 }
      /^Components:/ { $1 = ""; comps = $0 }
      /^$/ { emit() } END { emit() }
      function emit(   n, s, i) {
        if (uris != "" && types ~ /deb( |$)/) {
          n = split(suites, s, " ")
          for (i = 1; i <= n; i++) print "deb " uris " " s[i] comps
        }
        types = uris = suites = comps = ""
      }' "$f"
  done
  grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true
}
mapfile -t mirrors < <(sources | grep -E ' bookworm(-updates|-security)? ')
[ "${#mirrors[@]}" -gt 0 ] || fail "no Debian 12 (bookworm) source in apt's sources"

# The packages owning the binaries' shared libraries.
libs=$(for b in impi impi-server; do ldd "$build/$b"; done | awk '/=> \// {print $3}' | sort -u)
# One dpkg -S for them all: each library by its path and its real path,
# with and without /usr (a merged /usr has both).
candidates=()
for lib in $libs; do
  real=$(realpath "$lib")
  candidates+=("$lib" "$real" "${lib#/usr}" "${real#/usr}")
done
owners=$(dpkg -S "${candidates[@]}" 2>/dev/null || true)
packages=()
for lib in $libs; do
  real=$(realpath "$lib")
  owner=$(echo "$owners" | awk -v a="$lib" -v b="$real" -v c="${lib#/usr}" -v d="${real#/usr}" '
    { path = $NF } !found && (path == a || path == b || path == c || path == d) {
      sub(/:.*/, "", $1); print $1; found = 1 }')
  [ -n "$owner" ] || fail "no package owns $lib"
  packages+=("$owner")
done
mapfile -t packages < <(printf '%s\n' "${packages[@]}" | sort -u)
say "runtime packages: ${packages[*]}"

rm -rf "$work/context" "$work/bin"
mkdir -p "$work/context" "$work/bin"
# The binaries without their debugging sections (a fifth of their size).
for b in impi impi-server; do strip --strip-debug -o "$work/bin/$b" "$build/$b"; done
root_tar=$work/context/root.tar
say "mmdebstrap: Debian 12 from ${mirrors[0]#deb }"
include=$(IFS=,; echo "${packages[*]}")
mmdebstrap --variant=essential --include="$include" \
  --customize-hook="mkdir -p \"\$1/usr/local/bin\"" \
  --customize-hook="copy-in $work/bin/impi $work/bin/impi-server /usr/local/bin" \
  --customize-hook='echo "impi:x:10001:10001:impi:/home/impi:/bin/sh" >>"$1/etc/passwd"' \
  --customize-hook='echo "impi:x:10001:" >>"$1/etc/group"' \
  --customize-hook='mkdir -p "$1/home/impi" && chown 10001:10001 "$1/home/impi"' \
  --customize-hook='rm -rf "$1"/var/cache/apt/* "$1"/var/lib/apt/lists/* "$1"/usr/share/doc/* "$1"/usr/share/man/*' \
  bookworm "$root_tar" "${mirrors[@]}" >"$work/mmdebstrap.log" 2>&1 ||
  fail "mmdebstrap failed: $(tail -n 20 "$work/mmdebstrap.log")"
say "root: $(du -h "$root_tar" | cut -f1) ($(shown "$root_tar"))"

podman=(podman --root "$work/storage" --runroot "$work/run" --storage-driver vfs
        --cgroup-manager cgroupfs --runtime runc)
# A store of its own, anew each time (vfs keeps a whole copy of every image).
rm -rf "$work/storage" "$work/run"
say "podman build -f deploy/image/Containerfile -t localhost/impi:dev"
"${podman[@]}" build --quiet -f "$src/deploy/image/Containerfile" -t localhost/impi:dev \
  "$work/context" >"$work/build.log" 2>&1 || fail "podman build failed: $(cat "$work/build.log")"
rm -f "$work/impi-image.tar"
"${podman[@]}" save --quiet --format oci-archive -o "$work/impi-image.tar" localhost/impi:dev
say "image localhost/impi:dev, saved as $(shown "$work/impi-image.tar") ($(du -h "$work/impi-image.tar" | cut -f1))"

# The checks, each a command run as the image's user: in a container when
# one can run here, else in the root with chroot.
# Podman's default limits (a million files and processes) exceed what a
# sandbox may grant, and setrlimit is refused: the container gets modest ones.
limits=(--ulimit nofile=4096:4096 --ulimit nproc=4096:4096)
how=container
if ! err=$("${podman[@]}" run --rm --network host "${limits[@]}" localhost/impi:dev id -u 2>&1); then
  how=chroot
  say "NOTE: no container can run here (podman run: $(echo "$err" | tail -n 1)); the checks run in the image's root with chroot instead"
  rm -rf "$work/root"
  mkdir -p "$work/root"
  tar -C "$work/root" -xf "$root_tar"
elif [ "$err" != 10001 ]; then
  fail "the container runs as uid $err, not 10001"
fi
chroot=$(command -v chroot)
run() {
  if [ "$how" = container ]; then
    "${podman[@]}" run --rm --network host "${limits[@]}" ${name:+--name "$name"} localhost/impi:dev "$@"
  else
    env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/home/impi \
      "$chroot" --userspec=10001:10001 "$work/root" "$@"
  fi
}
say "as $how: id"
run id
say "as $how: impi arena --ruleset tsatf --scenario patrol --zulu rules --british random --games 20 --seed 1"
run impi arena --ruleset tsatf --scenario patrol --zulu rules --british random --games 20 --seed 1 \
  >"$work/arena.txt" || fail "impi arena in the image"
cat "$work/arena.txt"
"$build/impi" arena --ruleset tsatf --scenario patrol --zulu rules --british random --games 20 \
  --seed 1 | cmp -s - "$work/arena.txt" || fail "the image's report differs from $build/impi's"
say "the report is byte for byte $(shown "$build")/impi's"
say "as $how: impi-server --help"
run impi-server --help >"$work/help.txt" 2>&1 || true
grep -q -- '--grpc_address' "$work/help.txt" || fail "impi-server --help in the image: $(cat "$work/help.txt")"
head -n 1 "$work/help.txt"
echo "  ... ($(grep -c -- '^ *--' "$work/help.txt") flags)"

# impi-server in the image, on loopback ports of this machine.
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
grpc_port=$(port)
http_port=$(port)
say "as $how: impi-server --grpc_address=127.0.0.1:$grpc_port --http_address=127.0.0.1:$http_port"
name=impi-check run impi-server --grpc_address="127.0.0.1:$grpc_port" \
  --http_address="127.0.0.1:$http_port" --grace_period_ms=1000 >"$work/server.out" 2>&1 &
server=$!
healthz=""
for _ in $(seq 100); do
  healthz=$(curl -s "http://127.0.0.1:$http_port/healthz" 2>/dev/null || true)
  [ -n "$healthz" ] && break
  sleep 0.2
done
describe=$(curl -s -X POST "http://127.0.0.1:$http_port/v1/Describe" -d '{}' || true)
if [ "$how" = container ]; then
  "${podman[@]}" stop -t 5 impi-check >/dev/null 2>&1 || true
else
  kill -TERM "$server" 2>/dev/null || true  # env and chroot exec impi-server
fi
wait "$server" 2>/dev/null || true
[ "$healthz" = '{"status":"SERVING"}' ] || fail "impi-server in the image: /healthz said '$healthz': $(cat "$work/server.out")"
[[ "$describe" == *'"rulesets"'* ]] || fail "impi-server in the image: Describe said '$describe'"
say "GET /healthz: $healthz; POST /v1/Describe: ${describe:0:60}..."
say "PASS: localhost/impi:dev built from Debian's packages; impi and impi-server run in it ($how) as uid 10001"
