#!/usr/bin/env bash
# The example agents as the READMEs print them (README.md, "Plug in your own
# agent"; clients/agents/README.md, "Python" and "Node"): each block of
# commands is run as printed, from the source tree, with two changes only:
# free ports for 50061 and 50062, and the impi under test for ./build/impi
# (lines that install, `./dev build` and `npm ci`, are left out). Each block
# starts an agent in the background and the games on the next line: the
# games must wait for the agent, play with no fault and exit 0. Then an
# agent nobody started: exit 2 with its address named, and with
# --play-on-agent-faults exit 0 with every call counted as an error; and
# `impi arena` the same.
#
# Usage: readme_agents_test.sh IMPI SOURCE_DIR
# Exit codes: 0 passed, 1 failed, 77 skipped (python3-grpcio or the Node
# agent's libraries missing; under ./dev test, which installs them, 1).
set -uo pipefail
impi="$1"
src="$2"
cd "$src" || exit 1

missing() {
  if [[ -n "${IMPI_REQUIRE_TEST_TOOLS:-}" ]]; then
    echo "FAIL: $1 (./dev installs it)"
    exit 1
  fi
  echo "SKIP: $1"
  exit 77
}
/usr/bin/python3 -c 'import grpc, google.protobuf' 2>/dev/null || missing "python3-grpcio or python3-protobuf"
[[ -d clients/agents/node/node_modules/@grpc/grpc-js ]] || missing "the Node agent's libraries (npm ci in clients/agents/node)"

free_port() {
  /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# The ```sh blocks of FILE after the heading HEADING, up to the next heading.
blocks() {
  /usr/bin/python3 - "$1" "$2" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
start = text.index(sys.argv[2])
rest = text[start + len(sys.argv[2]):]
end = re.search(r"^#{1,3} ", rest, re.M)
section = rest[: end.start()] if end else rest
for block in re.findall(r"```sh\n(.*?)```", section, re.S):
    print(block, end="\0")
PY
}

failed=0
fail() {
  echo "FAILED: $*"
  failed=1
}

run_block() {
  local name="$1" block="$2"
  local p1 p2 script out code
  p1=$(free_port)
  p2=$(free_port)
  script=$(printf '%s' "$block" | grep -v -e '^\./dev ' -e 'npm ci' |
           sed -e "s/50061/$p1/g" -e "s/50062/$p2/g" -e "s#\./build/impi#$impi#g")
  echo "--- $name, as printed (ports $p1 $p2):"
  echo "$script"
  # A failing line ends the block, and its agents with it.
  out=$(bash -c "set -e; trap 'kill \$(jobs -p) 2>/dev/null || true' EXIT; $script" 2>&1)
  code=$?
  echo "$out" | grep -e '^agent (' -e '^error' -e '^impi simulate'
  [[ $code -eq 0 ]] || fail "$name: exit $code"$'\n'"$out"
  local agents
  agents=$(echo "$out" | grep -c '^agent (')
  [[ $agents -ge 1 ]] || fail "$name: no agent line in the report"
  if echo "$out" | grep '^agent (' | grep -v -E ': [1-9][0-9]* calls?, 0 errors, 0 time-outs, 0 illegal$'; then
    fail "$name: the agent did not play every move (above)"
  fi
}

n=0
while IFS= read -r -d '' block; do
  run_block "README.md, Plug in your own agent" "$block"
  n=$((n + 1))
done < <(blocks README.md "## Plug in your own agent")
while IFS= read -r -d '' block; do
  run_block "clients/agents/README.md, Python" "$block"
  n=$((n + 1))
done < <(blocks clients/agents/README.md "## Python")
while IFS= read -r -d '' block; do
  run_block "clients/agents/README.md, Node" "$block"
  n=$((n + 1))
done < <(blocks clients/agents/README.md "## Node")
[[ $n -eq 3 ]] || fail "expected 3 blocks of commands, found $n"

# Nobody listening: loud, at once; and played on when told.
port=$(free_port)
err=$("$impi" simulate --ruleset tsatf --scenario patrol --games 1 --british "grpc:127.0.0.1:$port" 2>&1 >/dev/null)
code=$?
echo "--- no agent: exit $code: $err"
[[ $code -eq 2 ]] || fail "no agent: exit $code, not 2"
[[ "$err" == *"--british: no agent answers at 127.0.0.1:$port"* ]] || fail "no agent: the address is not named: $err"
out=$("$impi" simulate --ruleset tsatf --scenario patrol --games 1 --british "grpc:127.0.0.1:$port" \
      --play-on-agent-faults 2>&1)
code=$?
echo "--- no agent, --play-on-agent-faults: exit $code"
echo "$out" | grep -e '^agent (' -e '^warning'
[[ "$out" == *"warning: --british: no agent answers at 127.0.0.1:$port"* ]] || fail "--play-on-agent-faults: no warning"
[[ $code -eq 0 ]] || fail "--play-on-agent-faults: exit $code, not 0"
echo "$out" | grep -q -E "^agent \(british, 127\.0\.0\.1:$port\): ([1-9][0-9]*) calls?, \1 errors?, 0 time-outs, 0 illegal$" ||
  fail "--play-on-agent-faults: every call is not counted as an error"

# The arena the same way, through its command line.
err=$("$impi" arena --ruleset tsatf --scenario patrol --games 1 --british "grpc:127.0.0.1:$port" 2>&1 >/dev/null)
code=$?
echo "--- arena, no agent: exit $code: $err"
[[ $code -eq 2 ]] || fail "arena, no agent: exit $code, not 2"
[[ "$err" == *"--british: no agent answers at 127.0.0.1:$port"* ]] || fail "arena, no agent: the address is not named: $err"
out=$("$impi" arena --ruleset tsatf --scenario patrol --games 1 --british "grpc:127.0.0.1:$port" \
      --play-on-agent-faults 2>&1)
code=$?
echo "--- arena, no agent, --play-on-agent-faults: exit $code"
echo "$out" | grep -e '^agent (' -e '^warning'
[[ $code -eq 0 ]] || fail "arena --play-on-agent-faults: exit $code, not 0"
echo "$out" | grep -q -E "^agent \(british, 127\.0\.0\.1:$port\): ([1-9][0-9]*) calls?, \1 errors?, 0 time-outs, 0 illegal$" ||
  fail "arena --play-on-agent-faults: every call is not counted as an error"

if [[ $failed -ne 0 ]]; then
  echo "FAILED"
  exit 1
fi
echo "passed"
