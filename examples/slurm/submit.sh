#!/bin/bash
# Submits a sharded count to Slurm: an array job of SHARDS tasks
# (xcover-shards.sbatch), and the merge step (xcover-merge.sbatch), which
# runs when every task has completed. Results go to OUTDIR: the shards'
# summaries, checkpoints and logs, and total.json.
#
#   examples/slurm/submit.sh PROBLEM SHARDS OUTDIR [SBATCH OPTION…]
#
# Options after OUTDIR go to both sbatch calls (--partition, --time, …);
# the environment (XCOVER, XCOVER_FLAGS, XCOVER_CHECKPOINT_EVERY) goes to
# the jobs. Prints the two job ids.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 PROBLEM SHARDS OUTDIR [SBATCH OPTION…]" >&2
  exit 2
fi
problem=$(realpath "$1") shards=$2 out=$(realpath -m "$3")
shift 3
here=$(dirname "$(realpath "$0")")
mkdir -p "$out"
array=$(sbatch --parsable --array="1-$shards" --output="$out/shard-%a.log" "$@" \
  "$here/xcover-shards.sbatch" "$problem" "$out" "$shards")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --output="$out/merge.log" "$@" \
  "$here/xcover-merge.sbatch" "$out" "$problem")
merge=${merge%%;*}
echo "$array $merge"
