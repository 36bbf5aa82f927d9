#!/usr/bin/env bash
# deploy/cluster/slurm_study.sh IMPI: an arena study on a real one-node Slurm
# (docs/arena.md, "A study on Slurm"), run by `./dev cluster`.
#
# Starts munged, slurmctld and slurmd on this machine (no systemd: each
# daemon is started directly, in the foreground of a background job, with a
# munge key, a slurm.conf and every state, spool, log and socket in a temp
# folder; nothing under /etc is touched), then does what docs/arena.md says:
#
#   RESULTS=$dir/results GAMES=... SHARDS=... deploy/slurm/arena.sbatch submit
#   (one task cancelled part way: scancel <array>_<i>)
#   RESULTS=$dir/results deploy/slurm/arena.sbatch resubmit
#   cat $dir/results/report.txt
#
# and checks that the shard was cut short and refused, that resubmit sent only
# it (carrying on from its file) and a new merge, and that the merged report
# is byte for byte the unsharded run's. Stops the daemons and removes the
# folder on any exit. Needs root (slurmd runs the jobs as the submitting
# user) and slurmctld, slurmd, sbatch, munged and mungekey (Debian's
# slurm-wlm and munge; ./dev cluster installs them). Exit 0 when every check
# passes; 1 with FAIL and the daemons' logs otherwise.
set -euo pipefail

impi=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The study: small enough for a loaded 2-core machine, long enough (some
# seconds a shard) that a task can be cancelled part way.
GAMES=${IMPI_CLUSTER_GAMES:-2000}
SHARDS=${IMPI_CLUSTER_SHARDS:-4}
SEED=${IMPI_CLUSTER_SEED:-1}
WAIT_S=${IMPI_CLUSTER_WAIT_S:-900}

say() { printf '[slurm] %s\n' "$*"; }
dir=$(mktemp -d /tmp/impi-slurm.XXXXXX)
chmod 755 "$dir"
pids=()
fail() {
  echo "FAIL: $*"
  for log in "$dir"/log/*.log; do
    [ -f "$log" ] || continue
    echo "--- $log (last lines)"
    tail -n 20 "$log"
  done
  exit 1
}
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$dir"
}
trap cleanup EXIT

for tool in munged mungekey slurmctld slurmd sbatch squeue scancel scontrol; do
  command -v "$tool" >/dev/null || fail "$tool not found (Debian's slurm-wlm and munge)"
done
[ "$(id -u)" -eq 0 ] || fail "needs root: slurmd starts every job as its user"

# A TCP port free on 127.0.0.1 now (the kernel's pick, then released).
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# --- munge ------------------------------------------------------------------
mkdir -p "$dir/munge" "$dir/log" "$dir/state" "$dir/spool" "$dir/results"
chmod 700 "$dir/munge"
mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null
munge_socket=$dir/munge/munge.socket
munged --foreground --force --socket="$munge_socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/munged.seed" \
  --log-file="$dir/log/munged.log" >>"$dir/log/munged.log" 2>&1 &
pids+=("$!")
for _ in $(seq 100); do [ -S "$munge_socket" ] && break; sleep 0.1; done
[ -S "$munge_socket" ] || fail "munged did not start"
say "munged up (socket $munge_socket)"

# --- slurm.conf ---------------------------------------------------------------
node=$(hostname -s)
cpus=$(nproc)
# Some of the memory slurmd will find: a node reporting less than its
# RealMemory is drained.
mem_mb=$(awk '/^MemTotal:/ {print int($2 / 1024 * 0.8)}' /proc/meminfo)
ctld_port=$(free_port)
slurmd_port=$(free_port)
export SLURM_CONF=$dir/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=impi
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$munge_socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmdTimeout=300
InactiveLimit=0
KillWait=5
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

# slurmd starts its cgroup plugin whatever the plugins above use, and by
# default it finds the cgroup version from the file system at
# /sys/fs/cgroup (cgroup2fs: v2; tmpfs: v1). Where none is mounted there (a
# root made by debootstrap and entered with chroot, /sys bound without its
# mounts) it would refuse to start; it is then told v1, whose start touches
# no cgroup, and proctrack/linuxproc and task/none use none.
cgroup_fs=$(stat -f -c %T /sys/fs/cgroup 2>/dev/null || echo none)
case "$cgroup_fs" in
  cgroup2fs|tmpfs) ;;
  *)
    say "no cgroup file system at /sys/fs/cgroup ($cgroup_fs): slurmd told cgroup/v1 (cgroup.conf), which uses none here"
    echo "CgroupPlugin=cgroup/v1" >"$dir/cgroup.conf"
    ;;
esac

# --- slurmctld and slurmd -----------------------------------------------------
slurmctld -D -i -f "$SLURM_CONF" >>"$dir/log/slurmctld.out" 2>&1 &
pids+=("$!")
slurmd -D -f "$SLURM_CONF" >>"$dir/log/slurmd.out" 2>&1 &
pids+=("$!")
state=""
for _ in $(seq 300); do
  state=$(sinfo -h -n "$node" -o '%t' 2>/dev/null || true)
  case "$state" in idle*) break ;; esac
  sleep 0.2
done
case "$state" in idle*) ;; *) fail "node $node not idle (sinfo: '$state')" ;; esac
say "slurmctld and slurmd up: node $node, $cpus CPUs, partition local"
sinfo

# Waits until job $1 has left the queue (every task of an array).
wait_gone() {
  local k
  for ((k = 0; k < WAIT_S * 2; k++)); do
    [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
    sleep 0.5
  done
  squeue
  fail "job $1 still queued after ${WAIT_S}s"
}

# --- the study, as docs/arena.md gives it -------------------------------------
export RESULTS=$dir/results
# As docs/arena.md gives it: the source tree's build/impi is found by the
# script itself; another build is named with IMPI.
impi_var=()
if ! [ "$impi" -ef "$src/build/impi" ]; then impi_var=(IMPI="$impi"); fi
say "\$ RESULTS=\$dir/results GAMES=$GAMES SHARDS=$SHARDS SEED=$SEED ${impi_var[*]}${impi_var[*]:+ }deploy/slurm/arena.sbatch submit" \
  "   # in the source tree"
(cd "$src" && env -u IMPI GAMES="$GAMES" SHARDS="$SHARDS" SEED="$SEED" "${impi_var[@]}" \
  deploy/slurm/arena.sbatch submit)
array=$(cat "$RESULTS/array.jobid")
merge=$(cat "$RESULTS/merge.jobid")
squeue

# One task cancelled part way: the first whose file has games but no
# completion record.
victim=""
for ((k = 0; k < WAIT_S * 10; k++)); do
  for ((i = 0; i < SHARDS; i++)); do
    f=$RESULTS/shard-$i.jsonl
    [ -f "$f" ] || continue
    lines=$(wc -l <"$f")
    if [ "$lines" -ge 3 ] && ! tail -n 1 "$f" | grep -q '^{"record":"end"'; then
      victim=$i
      break
    fi
  done
  [ -z "$victim" ] || break
  sleep 0.1
done
[ -n "$victim" ] || fail "no shard seen part way"
say "\$ scancel ${array}_$victim      # shard $victim cancelled part way"
scancel "${array}_$victim"
wait_gone "$array"
games_cut=$(($(wc -l <"$RESULTS/shard-$victim.jsonl") - 1))
tail -n 1 "$RESULTS/shard-$victim.jsonl" | grep -q '^{"record":"end"' &&
  fail "shard $victim ended before it was cancelled: make the study longer"
# slurmctld marks the dependency as never met at its next pass.
for ((k = 0; k < 120; k++)); do
  squeue -h -j "$merge" -o '%r' | grep -q 'DependencyNeverSatisfied' && break
  sleep 0.5
done
say "shard $victim stopped after $games_cut of its games; the merge waits on an unmet dependency:"
squeue -j "$merge" -o '%.10i %.16j %.8T %r'
squeue -h -j "$merge" -o '%r' | grep -q 'DependencyNeverSatisfied' ||
  fail "merge job $merge is not held by its dependency"
[ ! -e "$RESULTS/report.txt" ] || fail "a report was written for an incomplete study"

# --- the one documented recovery -----------------------------------------------
say "\$ RESULTS=\$dir/results deploy/slurm/arena.sbatch resubmit"
out=$(cd "$src" && env -u GAMES -u SHARDS -u SEED deploy/slurm/arena.sbatch resubmit)
echo "$out"
echo "$out" | grep -qx "array job [0-9]*: shards $victim" ||
  fail "resubmit did not send shard $victim alone"
new_array=$(cat "$RESULTS/array.jobid")
new_merge=$(cat "$RESULTS/merge.jobid")
[ "$new_merge" != "$merge" ] || fail "resubmit kept the old merge job"
[ -z "$(squeue -h -j "$merge" 2>/dev/null)" ] || fail "the old merge $merge is still queued"
wait_gone "$new_array"
wait_gone "$new_merge"
[ -f "$RESULTS/report.txt" ] || fail "no report after the new merge; its log: $(cat "$RESULTS"/logs/merge-"$new_merge".log)"
say "\$ cat \$dir/results/report.txt"
cat "$RESULTS/report.txt"

# --- against the unsharded run ---------------------------------------------------
"$impi" arena --ruleset tsatf --scenario patrol --zulu rules --british random \
  --games "$GAMES" --seed "$SEED" --turn-cap 60 --threads "$cpus" >"$dir/unsharded.txt"
cmp "$RESULTS/report.txt" "$dir/unsharded.txt" >/dev/null ||
  fail "the merged report differs from the unsharded run: $(diff "$dir/unsharded.txt" "$RESULTS/report.txt")"
grep -c '^{"game"' "$RESULTS/shard-$victim.jsonl" | grep -qx "$(( (victim + 1) * GAMES / SHARDS - victim * GAMES / SHARDS ))" ||
  fail "shard $victim does not hold each of its games once"
say "logs: $(cd "$RESULTS/logs" && echo *)"
say "PASS: the merged report ($(wc -c <"$RESULTS/report.txt") bytes) is byte for byte the unsharded run's;" \
  "shard $victim, cancelled after $games_cut games, carried on from its file"
