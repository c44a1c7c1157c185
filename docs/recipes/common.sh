# Settings shared by the recipes; every one can be set from the environment, e.g.
#   SHARDS=8 DATA_GAMES=1000 docs/recipes/parallel-local.sh
# Sourced by the recipes, not run on its own.

MINGMANG=${MINGMANG:-mingmang}     # the engine binary (a name on PATH, or a path)
WORK=${WORK:-mingmang-run}         # the folder every file goes to (made if missing)
SHARDS=${SHARDS:-4}                # shards of each step: seeds 1 to SHARDS
DATA_GAMES=${DATA_GAMES:-200}      # self-play games per datagen shard
DATA_NODES=${DATA_NODES:-5000}     # nodes per move in self-play
MATCH_GAMES=${MATCH_GAMES:-100}    # games per match shard (each opening played twice)
MATCH_NODES=${MATCH_NODES:-10000}  # nodes per move in the match
OPENING_PLIES=${OPENING_PLIES:-8}  # random plies of each opening
RULES=${RULES:-}                   # rule flags for datagen and match, e.g. "--variant rek"
SPRT=${SPRT:-"elo0=0 elo1=5 alpha=0.05 beta=0.05"}

# The recipes run from inside $WORK, so the binary is named by its absolute path.
if ! MINGMANG=$(command -v "$MINGMANG"); then
    echo "no mingmang binary: set MINGMANG to its path (cargo build --release makes target/release/mingmang)" >&2
    exit 1
fi
case "$MINGMANG" in /*) ;; *) MINGMANG="$PWD/$MINGMANG" ;; esac
# `mingmang datagen`, `tune` and `match` are run by mingmang-tools, which must sit beside it
# (cargo build --release makes both).
MINGMANG_TOOLS="$(dirname "$MINGMANG")/mingmang-tools"
if [ ! -x "$MINGMANG_TOOLS" ]; then
    echo "no mingmang-tools beside $MINGMANG (cargo build --release makes target/release/mingmang-tools)" >&2
    exit 1
fi

# After a failed step, show what each failed shard said (its log's last lines), from the
# job log GNU parallel keeps: column 1 is the shard's number (its seed), column 7 its exit
# code.
report_failures() {
    local joblog=$1 step=$2
    awk -F'\t' 'NR > 1 && $7 != 0 { print $1 }' "$joblog" | sort -un | while read -r seed; do
        echo "== $step shard $seed failed; the end of $step-$seed.log:" >&2
        tail -n 5 "$step-$seed.log" >&2 || true
    done
}
