#!/usr/bin/env bash
# tests/arena/slurm_check.sh IMPI: deploy/slurm/arena.sbatch without Slurm.
# Its check fails clearly when no impi can be found (and then submit sends
# nothing); it finds impi through IMPI, beside the script or on PATH; submit
# sends the array and a merge after it (afterok) with every log in the
# results folder; the array's tasks and the merge, run as Slurm runs them,
# refuse a study with a shard killed part way; resubmit sends only that
# shard, which carries on from its file, and a new merge, cancelling the
# old one; the merged report is the unsharded run's. sbatch, squeue and
# scancel are stand-ins that record what they are asked.
set -u
impi=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() {
  echo "FAIL: $*"
  exit 1
}

# The script alone, away from the source tree's build/impi.
mkdir -p "$dir/script" "$dir/slurm" "$dir/onpath" "$dir/cwd"
cp "$src/deploy/slurm/arena.sbatch" "$dir/script/"
script=$dir/script/arena.sbatch
export SBATCH_LOG=$dir/sbatch.log SCANCEL_LOG=$dir/scancel.log SQUEUE_OUT=""
cat >"$dir/slurm/sbatch" <<'EOF'
#!/bin/sh
echo "$*" >>"$SBATCH_LOG"
echo "$((1000 + $(wc -l <"$SBATCH_LOG")))"
EOF
cat >"$dir/slurm/scancel" <<'EOF'
#!/bin/sh
echo "$*" >>"$SCANCEL_LOG"
EOF
cat >"$dir/slurm/squeue" <<'EOF'
#!/bin/sh
[ -z "$SQUEUE_OUT" ] || echo "$SQUEUE_OUT"
EOF
chmod +x "$dir/slurm/"*
base_path=/usr/bin:/bin
if PATH=$base_path command -v impi >/dev/null; then
  fail "an impi on $base_path: the check without impi cannot be run here"
fi

# 1. No impi anywhere: a clear failure, and submit sends nothing.
out=$(cd "$dir/cwd" && env -u IMPI PATH="$dir/slurm:$base_path" bash "$script" check 2>&1)
[ $? -eq 1 ] || fail "check without impi did not exit 1: $out"
echo "$out" | grep -qF "arena.sbatch: error: impi not found: set IMPI=/path/to/impi, put impi on PATH" ||
  fail "check without impi: $out"
out=$(cd "$dir/cwd" && env -u IMPI PATH="$dir/slurm:$base_path" RESULTS="$dir/none" \
  bash "$script" submit 2>&1)
[ $? -eq 1 ] || fail "submit without impi did not exit 1: $out"
echo "$out" | grep -qF "impi not found" || fail "submit without impi: $out"
[ ! -e "$SBATCH_LOG" ] || fail "submit without impi called sbatch: $(cat "$SBATCH_LOG")"
out=$(IMPI=$dir/nowhere/impi PATH=$base_path bash "$script" check 2>&1)
[ $? -eq 1 ] && echo "$out" | grep -qF "IMPI=$dir/nowhere/impi: no such program" ||
  fail "IMPI naming nothing: $out"
out=$(IMPI=/bin/false PATH=$base_path bash "$script" check 2>&1)
[ $? -eq 1 ] && echo "$out" | grep -qF "/bin/false is not an impi with the arena" ||
  fail "IMPI naming another program: $out"

# 2. Found through IMPI, beside the script, on PATH; always an absolute path.
out=$(cd "$dir" && IMPI=$impi PATH=$base_path bash "$script" check) || fail "check with IMPI"
[ "$out" = "impi: $impi" ] || fail "check with IMPI: $out"
ln -s "$impi" "$dir/onpath/impi"
out=$(env -u IMPI PATH="$dir/onpath:$base_path" bash "$script" check) || fail "check, impi on PATH"
[ "$out" = "impi: $dir/onpath/impi" ] || fail "check, impi on PATH: $out"
ln -s "$impi" "$dir/script/impi"
out=$(env -u IMPI PATH=$base_path bash "$script" check) || fail "check, impi beside the script"
[ "$out" = "impi: $dir/script/impi" ] || fail "check, impi beside the script: $out"
rm "$dir/script/impi"
if [ "$impi" -ef "$src/build/impi" ]; then
  out=$(env -u IMPI PATH=$base_path bash "$src/deploy/slurm/arena.sbatch" check) ||
    fail "check in the source tree"
  [ "$out" = "impi: $src/build/impi" ] || fail "check in the source tree: $out"
fi

# 3. submit: the array, then the merge after it; the logs in the results folder.
export PATH="$dir/slurm:$dir/onpath:$base_path"
study=(GAMES=10 SHARDS=3 SEED=100)
(cd "$dir/cwd" && env -u IMPI RESULTS=results "${study[@]}" bash "$script" submit) \
  >"$dir/submit.txt" 2>&1 || fail "submit: $(cat "$dir/submit.txt")"
results=$dir/cwd/results
[ "$(sed -n 1p "$SBATCH_LOG")" = "--parsable --export=ALL --array=0-2 --output=$results/logs/shard-%a-job%A.log $script shard" ] ||
  fail "the array: $(sed -n 1p "$SBATCH_LOG")"
[ "$(sed -n 2p "$SBATCH_LOG")" = "--parsable --export=ALL --job-name=impi-arena-merge --dependency=afterok:1001 --output=$results/logs/merge-%j.log $script merge" ] ||
  fail "the merge: $(sed -n 2p "$SBATCH_LOG")"
grep -qx "IMPI=$dir/onpath/impi" "$results/study.env" || fail "study.env: $(cat "$results/study.env")"
grep -qx "GAMES=10" "$results/study.env" || fail "study.env: $(cat "$results/study.env")"
grep -qF "merge job 1002; the report will be in $results/report.txt" "$dir/submit.txt" ||
  fail "submit said: $(cat "$dir/submit.txt")"
out=$(cd "$dir/cwd" && RESULTS=results bash "$script" submit 2>&1)
[ $? -eq 1 ] && echo "$out" | grep -qF "already holds a study" || fail "a second submit: $out"

# Each task as Slurm runs it: the study's environment (sbatch --export=ALL).
task() {
  (set -a && . "$results/study.env" && RESULTS=$results SLURM_ARRAY_TASK_ID=$1 \
    bash "$script" shard) >"$dir/task-$1.txt" 2>&1
}
merge() {
  (set -a && . "$results/study.env" && RESULTS=$results bash "$script" merge) >"$dir/merge.txt" 2>&1
}
task 0 || fail "task 0: $(cat "$dir/task-0.txt")"
task 2 || fail "task 2: $(cat "$dir/task-2.txt")"
task 1 || fail "task 1: $(cat "$dir/task-1.txt")"
# Shard 1 killed part way: its file cut inside its second game's line.
head -c "$(($(head -n 2 "$results/shard-1.jsonl" | wc -c) + 30))" "$results/shard-1.jsonl" \
  >"$dir/cut" && mv "$dir/cut" "$results/shard-1.jsonl"
merge && fail "the merge took a study with a shard killed part way"
grep -qF "incomplete: shard 1/3 (games 3..5, seeds 103..105) in $results/shard-1.jsonl: 1 of 3 games" \
  "$dir/merge.txt" || fail "the refused merge: $(cat "$dir/merge.txt")"
[ ! -e "$results/report.txt" ] || fail "a refused merge wrote report.txt"

# 4. resubmit: refused while the old array is queued; then only shard 1 and a new merge.
out=$(SQUEUE_OUT="1001_1 impi-arena R" RESULTS=$results bash "$script" resubmit 2>&1)
[ $? -eq 1 ] && echo "$out" | grep -qF "array job 1001 still has tasks queued or running" ||
  fail "resubmit while queued: $out"
RESULTS=$results bash "$script" resubmit >"$dir/resubmit.txt" 2>&1 ||
  fail "resubmit: $(cat "$dir/resubmit.txt")"
[ "$(cat "$SCANCEL_LOG")" = "1002" ] || fail "the old merge was not cancelled: $(cat "$SCANCEL_LOG")"
[ "$(sed -n 3p "$SBATCH_LOG")" = "--parsable --export=ALL --array=1 --output=$results/logs/shard-%a-job%A.log $script shard" ] ||
  fail "the resubmitted array: $(sed -n 3p "$SBATCH_LOG")"
[ "$(sed -n 4p "$SBATCH_LOG")" = "--parsable --export=ALL --job-name=impi-arena-merge --dependency=afterok:1003 --output=$results/logs/merge-%j.log $script merge" ] ||
  fail "the new merge: $(sed -n 4p "$SBATCH_LOG")"
task 1 || fail "task 1 resumed: $(cat "$dir/task-1.txt")"
grep -qF "note: --resume: $results/shard-1.jsonl: 1 game(s) of shard 1/3" "$dir/task-1.txt" ||
  fail "task 1 did not resume: $(cat "$dir/task-1.txt")"
merge || fail "the merge: $(cat "$dir/merge.txt")"
"$impi" arena --ruleset tsatf --scenario patrol --zulu rules --british random --games 10 \
  --seed 100 >"$dir/whole.txt" || fail "the unsharded run"
cmp -s "$results/report.txt" "$dir/whole.txt" || fail "report.txt is not the unsharded report"
cmp -s "$dir/merge.txt" "$dir/whole.txt" || fail "the merge job's log is not the report"
RESULTS=$results bash "$script" resubmit >"$dir/again.txt" 2>&1 || fail "resubmit when complete"
grep -qF "every shard is complete" "$dir/again.txt" || fail "resubmit when complete: $(cat "$dir/again.txt")"
[ "$(sed -n 5p "$SBATCH_LOG")" = "--parsable --export=ALL --job-name=impi-arena-merge --output=$results/logs/merge-%j.log $script merge" ] ||
  fail "the merge alone: $(sed -n 5p "$SBATCH_LOG")"
# Nothing written where the study was submitted but the results folder.
[ "$(ls "$dir/cwd")" = "results" ] || fail "files beside results: $(ls "$dir/cwd")"
echo "arena slurm: ok"
