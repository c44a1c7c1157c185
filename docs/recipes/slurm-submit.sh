#!/usr/bin/env bash
# Submits the whole run to Slurm from the folder it is started in (a shared file system, as
# on any cluster): a datagen array, tune once every datagen task has succeeded, a match
# array, and the merge once every match task has ended.
#
#   cd ~/mingmang-run && SHARDS=40 MINGMANG=~/bin/mingmang ~/mingmang/docs/recipes/slurm-submit.sh
#
# Dependencies that cannot be met are not left pending for ever: tune and the match wait for
# success (afterok) and are cancelled if a task before them failed (--kill-on-invalid-dep);
# resubmit the failed task (it resumes), then the rest. The merge waits for the match tasks
# to end in any way (afterany), so it always runs: --expect then names a lost shard, and a
# shard that did not finish is refused, instead of a smaller result or a merge that never
# starts. Each job's output is in logs/.
set -euo pipefail
source "$(dirname "$0")/common.sh"
here=$(cd "$(dirname "$0")" && pwd)
export MINGMANG RULES DATA_GAMES DATA_NODES MATCH_GAMES MATCH_NODES OPENING_PLIES

mkdir -p logs
data=$(sbatch --parsable --array="1-$SHARDS" "$here/slurm-datagen.sbatch")
tune=$(sbatch --parsable --job-name=mingmang-tune --output=logs/tune.log \
    --dependency="afterok:$data" --kill-on-invalid-dep=yes \
    --wrap "$MINGMANG tune --data data-[0-9]*.txt --out tuned.txt --force")
match=$(sbatch --parsable --array="1-$SHARDS" \
    --dependency="afterok:$tune" --kill-on-invalid-dep=yes "$here/slurm-match.sbatch")
merge=$(sbatch --parsable --job-name=mingmang-merge --output=logs/merge.log \
    --dependency="afterany:$match" \
    --wrap "$MINGMANG match --merge match-[0-9]*.json --expect $SHARDS --sprt $SPRT --json merged.json")
echo "datagen $data, tune $tune, match $match, merge $merge (squeue -u ${USER:-$(id -un)}; logs/)"
