#!/usr/bin/env bash
# tests/arena/arena_cli_check.sh IMPI: the `impi` binary's arena commands as
# a user runs them: a run with --out, shards merged to the same report, the
# merge refusing a study short of games or with a game twice or two studies,
# a shard killed and resumed, a replay, and bad options with their exit
# codes (1: a bad command line).
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
# The study's record, a line a game, the completion record.
[ "$(wc -l <"$dir/all.jsonl")" -eq 8 ] || fail "arena --out: not 8 lines"
[ "$(grep -c '^{"game":' "$dir/all.jsonl")" -eq 6 ] || fail "arena --out: not 6 games"
head -n 1 "$dir/all.jsonl" | grep -q '^{"record":"shard","study":"[0-9a-f]\{16\}",' ||
  fail "arena --out: no shard record first"
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

# The unsharded file is a whole study of one shard (the README's example).
"$impi" arena merge "$dir/all.jsonl" >"$dir/merged-all.txt" || fail "arena merge of the whole run"
cmp -s "$dir/all.txt" "$dir/merged-all.txt" || fail "the whole run's file merged differs"
tail -n 1 "$dir/shard-0.jsonl" | grep -q '^{"record":"end",' || fail "shard 0 has no completion record"

# The merge refuses, naming each: a shard missing, a shard cut short, a game
# twice, two studies; --partial reports a study short of games as partial.
expect_refused() {
  local want=$1; shift
  "$impi" arena merge "$@" >"$dir/refused.txt" 2>"$dir/refused-err.txt"
  local code=$?
  [ "$code" -eq 2 ] || fail "merge $* exited $code, not 2"
  [ ! -s "$dir/refused.txt" ] || fail "merge $* printed a report"
  grep -qF -- "$want" "$dir/refused-err.txt" ||
    fail "merge $*: no '$want' in: $(cat "$dir/refused-err.txt")"
}
expect_refused "missing: shard 1/2 (games 3..5, seeds 4..6)" "$dir/shard-0.jsonl"
"$impi" arena merge --partial "$dir/shard-0.jsonl" >"$dir/partial.txt" || fail "merge --partial"
grep -q "^partial study [0-9a-f]*: 3 of 6 games" "$dir/partial.txt" || fail "partial: $(cat "$dir/partial.txt")"
# Cut inside its second game's line.
head -c "$(($(head -n 2 "$dir/shard-1.jsonl" | wc -c) + 30))" "$dir/shard-1.jsonl" >"$dir/cut-1.jsonl"
expect_refused "incomplete: shard 1/2 (games 3..5, seeds 4..6) in $dir/cut-1.jsonl: 1 of 3 games, no completion record (a torn last line dropped)" \
  "$dir/shard-0.jsonl" "$dir/cut-1.jsonl"
{ head -n 2 "$dir/shard-1.jsonl"; sed -n 2p "$dir/shard-1.jsonl"; tail -n +3 "$dir/shard-1.jsonl"; } >"$dir/twice-1.jsonl"
expect_refused "$dir/twice-1.jsonl:3: game 3 (seed 4) appears twice" "$dir/shard-0.jsonl" "$dir/twice-1.jsonl"
"$impi" arena --ruleset tsatf --scenario patrol --zulu rules --british random \
  --games 6 --seed 2 --shard 1/2 --out "$dir/other-1.jsonl" >/dev/null || fail "another study's shard"
expect_refused "the files are of 2 studies, not one:" "$dir/shard-0.jsonl" "$dir/other-1.jsonl"

# A shard killed part way (SIGKILL while it plays), then resumed, is the
# shard that ran through: the same bytes, no game twice.
shard_options=(arena --ruleset tsatf --scenario patrol --zulu rules --british random
  --games 400 --seed 7 --shard 1/2)
"$impi" "${shard_options[@]}" --out "$dir/through.jsonl" >"$dir/through.txt" ||
  fail "the shard run through"
"$impi" "${shard_options[@]}" --out "$dir/killed.jsonl" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  [ "$(wc -l 2>/dev/null <"$dir/killed.jsonl" || echo 0)" -ge 4 ] && break
  sleep 0.05
done
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
case "$(tail -n 1 "$dir/killed.jsonl")" in
  '{"record":"end"'*) fail "the shard ended before it was killed: kill it sooner" ;;
esac
killed_games=$(($(wc -l <"$dir/killed.jsonl") - 1))
"$impi" "${shard_options[@]}" --out "$dir/killed.jsonl" --resume >"$dir/resumed.txt" \
  2>"$dir/resumed-err.txt" ||
  fail "resume: $(cat "$dir/resumed-err.txt")"
grep -qF "note: --resume: $dir/killed.jsonl: $killed_games game(s) of shard 1/2 (games 200..399, seeds 207..406) kept" \
  "$dir/resumed-err.txt" || fail "resume said: $(cat "$dir/resumed-err.txt")"
cmp -s "$dir/through.jsonl" "$dir/killed.jsonl" || fail "the resumed shard's file differs"
cmp -s "$dir/through.txt" "$dir/resumed.txt" || fail "the resumed shard's report differs"

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
