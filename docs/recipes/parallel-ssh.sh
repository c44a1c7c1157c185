#!/usr/bin/env bash
# The steps of parallel-local.sh spread over several machines with GNU parallel over ssh.
#
#   HOSTS=hosts.txt docs/recipes/parallel-ssh.sh
#
# hosts.txt lists the machines, one per line, with how many shards each runs at once:
#   2/user@machine1
#   4/user@machine2
# Each machine needs: ssh access without a password prompt (a key), rsync (GNU parallel
# moves files with it) and nothing else: the binaries and every file a command names are sent
# with each shard, and its results come back here. The machines must be able to run the
# binary (same architecture; x86-64-v2 or later for the default build).
#
# Each shard runs in a fresh folder on its machine (--workdir ...), which --cleanup removes
# with the files sent and returned. A shard that fails is retried (possibly on another
# machine, from the start); one that still fails stops the run with the end of its log.
set -euo pipefail
source "$(dirname "$0")/common.sh"
HOSTS=${HOSTS:-hosts.txt}
HOSTS=$(readlink -f "$HOSTS")

mkdir -p "$WORK"
cd "$WORK"
# What is sent travels under the name it has here, relative to $WORK.
cp "$MINGMANG" ./mingmang
cp "$MINGMANG_TOOLS" ./mingmang-tools
options=(--sshloginfile "$HOSTS" --halt now,fail=1 --retries 2 --workdir ... --cleanup)

seq 1 "$SHARDS" | parallel "${options[@]}" --joblog datagen.joblog \
    --transferfile mingmang --transferfile mingmang-tools --return data-{}.txt --return data-{}.log \
    "./mingmang datagen $RULES --seed {} --games $DATA_GAMES --nodes $DATA_NODES \
     --opening-plies $OPENING_PLIES --out data-{}.txt 2> data-{}.log" \
    || { report_failures datagen.joblog data; exit 1; }

./mingmang tune --data data-[0-9]*.txt --out tuned.txt --force > tune.out
tail -n 1 tune.out

# The engines' command lines name ./mingmang and tuned.txt in the shard's folder: they are
# sent, with mingmang-tools, which runs the match. The summaries record each file's
# fingerprint, so the merge checks every machine played with the same files.
seq 1 "$SHARDS" | parallel "${options[@]}" --joblog match.joblog \
    --transferfile mingmang --transferfile mingmang-tools --transferfile tuned.txt \
    --return match-{}.json --return match-{}.jsonl --return match-{}.out --return match-{}.log \
    "./mingmang match $RULES --engine 'cmd=./mingmang --eval-file tuned.txt' name=tuned \
     --engine cmd=./mingmang name=base --nodes $MATCH_NODES --random-openings $OPENING_PLIES \
     --games $MATCH_GAMES --seed {} --json match-{}.json > match-{}.out 2> match-{}.log" \
    || { report_failures match.joblog match; exit 1; }

./mingmang match --merge match-[0-9]*.json --expect "$SHARDS" --sprt $SPRT --json merged.json
