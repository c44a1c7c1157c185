#!/usr/bin/env bash
# Self-play data, weights tuned on it, and a match of the tuned weights against the built-in
# ones, each step split into shards that run side by side on this machine under GNU parallel.
#
#   docs/recipes/parallel-local.sh                      # the defaults of common.sh
#   SHARDS=8 JOBS=4 MINGMANG=target/release/mingmang docs/recipes/parallel-local.sh
#
# Run it again after a stop and it goes on: finished shards are kept (datagen says "nothing
# to do", match resumes from its journal), stopped ones resume. Every shard's progress and
# errors are in its log (data-3.log, match-3.log); a shard that fails is retried twice, and if
# it still fails the whole run stops with its exit code and the end of its log.
set -euo pipefail
source "$(dirname "$0")/common.sh"
JOBS=${JOBS:-2}                    # shards at a time: one per core

mkdir -p "$WORK"
cd "$WORK"
# --halt now,fail=1: the first shard that fails for good stops the run (and the others).
# --retries 2: a failed shard runs again; datagen and match resume what it had done.
# --joblog: one line per shard with its exit code and time.
options=(--jobs "$JOBS" --halt now,fail=1 --retries 2)

seq 1 "$SHARDS" | parallel "${options[@]}" --joblog datagen.joblog \
    "$MINGMANG datagen $RULES --seed {} --games $DATA_GAMES --nodes $DATA_NODES \
     --opening-plies $OPENING_PLIES --out data-{}.txt 2> data-{}.log" \
    || { report_failures datagen.joblog data; exit 1; }

# tune refuses a shard that is not whole, and names it.
"$MINGMANG" tune --data data-[0-9]*.txt --out tuned.txt --force > tune.out
tail -n 1 tune.out

seq 1 "$SHARDS" | parallel "${options[@]}" --joblog match.joblog \
    "$MINGMANG match $RULES --engine 'cmd=$MINGMANG --eval-file $PWD/tuned.txt' name=tuned \
     --engine cmd=$MINGMANG name=base --nodes $MATCH_NODES --random-openings $OPENING_PLIES \
     --games $MATCH_GAMES --seed {} --json match-{}.json > match-{}.out 2> match-{}.log" \
    || { report_failures match.joblog match; exit 1; }

# --expect: a missing shard is an error, not a smaller result.
"$MINGMANG" match --merge match-[0-9]*.json --expect "$SHARDS" --sprt $SPRT --json merged.json
