#!/usr/bin/env bash
# tests/arena/arena_cli_check.sh IMPI: the `impi` binary's arena commands as
# a user runs them: a run with --out, shards merged to the same report, a
# replay, and bad options with their exit codes (1: a bad command line).
set -u
impi=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# The README's example, as printed there.
"$impi" arena --ruleset tsatf --scenario patrol --zulu rules --british random \
  --games 6 --seed 1 --threads 2 --out "$dir/all.jsonl" >"$dir/all.txt" 2>"$dir/err.txt" \
  || fail "arena: $(cat "$dir/err.txt")"
grep -q "impi arena: TSATF_ZULU_CONTROL, scenario patrol, 6 games (seeds 1..6)" "$dir/all.txt" \
  || fail "arena report: $(cat "$dir/all.txt")"
[ "$(wc -l <"$dir/all.jsonl")" -eq 6 ] || fail "arena --out: not 6 lines"
# Not a terminal: no progress bar.
[ ! -s "$dir/err.txt" ] || fail "stderr not empty: $(cat "$dir/err.txt")"

for i in 0 1; do
  "$impi" arena --ruleset tsatf --scenario patrol --zulu rules --british random \
    --games 6 --seed 1 --shard "$i/2" --out "$dir/shard-$i.jsonl" >/dev/null \
    || fail "arena --shard $i/2"
done
"$impi" arena merge "$dir/shard-1.jsonl" "$dir/shard-0.jsonl" >"$dir/merged.txt" \
  || fail "arena merge"
cmp -s "$dir/all.txt" "$dir/merged.txt" || fail "merged report differs"

"$impi" replay "$dir/all.jsonl" --game 3 >"$dir/replay.txt" || fail "replay"
grep -q ": as recorded" "$dir/replay.txt" || fail "replay: no check"

expect_usage() {
  local want=$1; shift
  "$impi" "$@" >/dev/null 2>"$dir/bad.txt"
  local code=$?
  [ "$code" -eq 1 ] || fail "$* exited $code, not 1"
  grep -qF -- "$want" "$dir/bad.txt" || fail "$*: no '$want' in: $(cat "$dir/bad.txt")"
}
expect_usage "--shard: '2/2' is not i/n" arena --games 4 --shard 2/2
expect_usage "--shard: 'x' is not i/n" arena --games 4 --shard x
expect_usage "--zulu: 'clever' is not a policy" arena --games 4 --zulu clever
expect_usage "unknown level" arena --games 4 --british level:insane
"$impi" replay "$dir/all.jsonl" --game 99 >/dev/null 2>&1
[ $? -eq 2 ] || fail "replay of a missing game did not exit 2"
echo "arena cli: ok"
