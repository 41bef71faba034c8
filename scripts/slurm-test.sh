#!/usr/bin/env bash
# Integration test of the Slurm example (examples/slurm/) on a real,
# one-node Slurm cluster on this machine: installs Debian's slurm-wlm and
# munge if they are missing, starts munged, slurmctld and slurmd on
# localhost with a configuration in a scratch directory, counts the
# pentomino packings of the 6x10 box as an array job of 8 shards (one of
# them requeued while it runs, so that it resumes from its checkpoint),
# merges them, checks 9,356 packings (and DLX1's node and update counts
# when the engine is dlx), and stops the daemons by their pid files.
#
#   scripts/slurm-test.sh            # exit 0: passed; 1: failed
#
# It needs root (munged runs as munge, the Slurm daemons as root) and, when
# the packages are missing, apt-get. When it cannot have them it prints a
# line starting "SKIP" and exits 77 (the automake convention for a skipped
# test). Environment: XCOVER_SHARED, the shared data directory (default
# ../shared/data/exactcover); SLURM_TEST_KEEP=1 keeps the scratch directory.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
start=$SECONDS
skip() {
  echo "SKIP slurm test: $*"
  exit 77
}
fail() {
  echo "FAIL slurm test: $*" >&2
  exit 1
}
say() { printf '[slurm-test %3ds] %s\n' $((SECONDS - start)) "$*"; }

[ "$(id -u)" = 0 ] || skip "needs root to run munged and the Slurm daemons"
data=${XCOVER_SHARED:-$repo/../shared/data/exactcover}
problem=$data/pent-6x10.dlx
[ -f "$problem" ] || skip "$problem is missing: the shared data is not beside the checkout (set XCOVER_SHARED)"
command -v go >/dev/null || fail "go is not on the PATH"

# 1. Packages.
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  command -v apt-get >/dev/null || skip "slurm-wlm and munge are not installed, and there is no apt-get"
  say "installing slurm-wlm and munge (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q slurm-wlm munge >/tmp/slurm-test-apt.log 2>&1; then
    apt-get update -q >>/tmp/slurm-test-apt.log 2>&1 &&
      apt-get install -y -q slurm-wlm munge >>/tmp/slurm-test-apt.log 2>&1 ||
      skip "apt-get cannot install slurm-wlm and munge (see /tmp/slurm-test-apt.log)"
  fi
fi

scratch=$(mktemp -d /tmp/xcover-slurm.XXXXXX)
export SLURM_CONF=$scratch/slurm.conf
pids=() # pid files of the daemons this script started, stopped in reverse
cleanup() {
  local rc=$?
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    local f=${pids[i]} pid
    [ -s "$f" ] || continue
    pid=$(cat "$f")
    kill "$pid" 2>/dev/null || continue
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  done
  if [ $rc -ne 0 ] && [ $rc -ne 77 ]; then
    echo "--- logs in $scratch" >&2
    tail -n 20 "$scratch"/*.log "$scratch"/out/*.log 2>/dev/null >&2 || true
  elif [ "${SLURM_TEST_KEEP:-}" != 1 ]; then
    rm -rf "$scratch"
  fi
}
trap cleanup EXIT

# 2. munge: a key and its directories owned by munge, munged run as munge.
if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  say "munged is already running"
else
  install -d -o munge -g munge -m 0700 /etc/munge /var/lib/munge /var/log/munge
  install -d -o munge -g munge -m 0755 /run/munge
  if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
    chown munge:munge /etc/munge/munge.key
    chmod 0400 /etc/munge/munge.key
  fi
  runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid
  pids+=(/run/munge/munged.pid)
  for _ in $(seq 50); do
    munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break
    sleep 0.1
  done
  munge -n | unmunge | grep -q Success || fail "munged does not answer"
  say "munged started"
fi

# 3. Slurm: one node, this machine, as the notes in shared/notes describe.
host=$(hostname)
mkdir -p "$scratch/state" "$scratch/spool" "$scratch/out"
cat >"$SLURM_CONF" <<CONF
ClusterName=xcover-test
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MinJobAge=600
KillWait=30
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/slurmctld.log
SlurmdLogFile=$scratch/slurmd.log
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
pgrep -x slurmctld >/dev/null && fail "a slurmctld is already running on this machine"
pids+=("$scratch/slurmctld.pid")
slurmctld -f "$SLURM_CONF"
pids+=("$scratch/slurmd.pid")
slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do
  state=$(sinfo -h -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.2
done
[ "$state" = idle ] || fail "the node is not idle after 20s (sinfo: ${state:-nothing})"
say "slurmctld and slurmd up, node $host idle with $(nproc) CPUs"

# 4. The count: 8 shards and the merge, as a user submits them.
go build -o "$scratch/xcover" ./cmd/xcover
# The dancing-links engine, whose counts are DLX1's (checked below).
export XCOVER=$scratch/xcover XCOVER_CHECKPOINT_EVERY=200ms XCOVER_FLAGS="--engine dlx"
out=$scratch/out
read -r array merge < <(examples/slurm/submit.sh "$problem" 8 "$out")
say "submitted array job $array (8 shards) and merge job $merge"

jobstate() { scontrol -o show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -1 | cut -d= -f2; }

# Requeue one running task once it has written a checkpoint, as a
# preemption would: it must resume from the checkpoint, not start over.
requeued=
deadline=$((SECONDS + 600))
while [ -z "$requeued" ] && [ $SECONDS -lt $deadline ]; do
  for k in 8 7 6 5 4 3 2 1; do
    if [ -s "$out/shard-$k.ck" ] && [ ! -e "$out/shard-$k.json" ] && [ "$(jobstate "${array}_$k")" = RUNNING ]; then
      if scontrol requeue "${array}_$k" 2>/dev/null; then
        requeued=$k
        say "requeued task $k while it ran"
        # Slurm holds a requeued job back for a while (its begin time,
        # two minutes on); the test need not wait for that. The job must
        # be pending again (xcover saved its checkpoint and exited) first.
        for _ in $(seq 600); do
          if [ "$(jobstate "${array}_$k")" = PENDING ] &&
            scontrol update JobId="${array}_$k" StartTime=now 2>/dev/null; then
            say "task $k pending again, released"
            break
          fi
          sleep 0.1
        done
        break
      fi
    fi
  done
  [ -z "$requeued" ] || break
  # Stop looking once every task has finished.
  [ "$(squeue -h -j "$array" -t PENDING,RUNNING,CONFIGURING,REQUEUED 2>/dev/null | wc -l)" = 0 ] && break
  sleep 0.05
done
[ -n "$requeued" ] || fail "no task could be requeued while running (did the shards finish too fast?)"

while [ $SECONDS -lt $deadline ]; do
  s=$(jobstate "$merge")
  case $s in
  COMPLETED) break ;;
  FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY)
    cat "$out/merge.log" >&2 || true
    fail "the merge job ended $s" ;;
  PENDING)
    reason=$(scontrol -o show job "$merge" | grep -o 'Reason=[A-Za-z_]*' | cut -d= -f2)
    [ "$reason" = DependencyNeverSatisfied ] && fail "a shard failed: the merge will never run" ;;
  esac
  sleep 0.5
done
[ "$(jobstate "$merge")" = COMPLETED ] || fail "the merge did not complete within 10 minutes"
say "merge job completed"

# 5. Checks: the total, every shard once, and the requeued task resumed.
total=$(cat "$out/total.json")
echo "$total"
num() { grep -o "\"$1\":[0-9]*" <<<"$total" | head -1 | cut -d: -f2; }
[ "$(num solutions)" = 9356 ] || fail "merged $(num solutions) packings, want 9356"
counts="DLX1's counts"
if grep -q '"engine":"dlx"' <<<"$total"; then # the dancing-links engine counts as DLX1
  [ "$(num nodes)" = 3620988 ] || fail "merged $(num nodes) nodes, DLX1 has 3620988"
  [ "$(num updates)" = 1235724537 ] || fail "merged $(num updates) updates, DLX1 has 1235724537"
else
  counts="the sparse engine's counts (not checked: DLX1's are the dlx engine's)"
fi
[ "$(num shards)" = 8 ] || fail "merged $(num shards) shards, want 8"
grep -q "resuming from" "$out/shard-$requeued.log" || fail "task $requeued did not resume from its checkpoint"
for k in 1 2 3 4 5 6 7 8; do
  [ -s "$out/shard-$k.json" ] || fail "no summary for shard $k"
done
say "PASS: 8 shards merged to 9356 packings with $counts; task $requeued resumed from its checkpoint"
