#!/usr/bin/env bash
# A/B of one part of `npm run bench` between two checkouts, runs alternating so that a slow
# spell of the machine falls on both sides alike. Each side runs its own bench, product and
# simulator, as `npm run bench` at that commit would (only that part of it).
#   bash test/bench/ab.sh <tree A> <tree B> [part, default sync] [runs per tree, default 3]
# A part is a bench file and the function it exports: sync (syncBenchmarks), ui (uiBenchmarks),
# bulk (bulkBenchmarks), the three that d8acc6b's bench has.
# Set AB_LOCK=/path/to/lockfile to run each bench under `flock` on a shared machine.
# Prints every BENCH line tagged with its tree and run, then one row per figure with each
# tree's values in run order.
# The reference of issues 11 and 15 is d8acc6b; its tree, beside this one:
#   git worktree add --detach ../wt-base d8acc6b && ln -s "$PWD/node_modules" ../wt-base/node_modules
#   bash test/bench/ab.sh ../wt-base . sync 5
# Both commits' benches draw events.apply_per_s from different event mixes (d8acc6b's has
# peer_add, which the mirror ignores, where later ones have user_status), so that figure is
# not the same work at both.
set -euo pipefail
a=$(cd "$1" && pwd)
b=$(cd "$2" && pwd)
part=${3:-sync}
runs=${4:-3}
case $part in
  sync) fn=syncBenchmarks ;;
  ui) fn=uiBenchmarks ;;
  bulk) fn=bulkBenchmarks ;;
  *) echo "unknown part: $part (sync, ui or bulk)" >&2; exit 2 ;;
esac
out=$(mktemp)
trap 'rm -f "$out"' EXIT

bench() {
  local tree=$1 tag=$2 run=$3
  local cmd=(node --import tsx --input-type=module -e "await (await import('./test/bench/$part.bench.ts')).$fn();")
  if [ -n "${AB_LOCK:-}" ]; then cmd=(flock "$AB_LOCK" "${cmd[@]}"); fi
  (cd "$tree" && "${cmd[@]}") | awk -v tag="$tag" -v run="$run" '/^BENCH /{ print tag, run, $2, $3; fflush() }' | tee -a "$out"
}

for ((run = 1; run <= runs; run++)); do
  # A first on odd runs, B first on even ones.
  if ((run % 2)); then order=("$a A" "$b B"); else order=("$b B" "$a A"); fi
  for side in "${order[@]}"; do bench ${side% *} ${side##* } "$run"; done
done

echo
echo "figure  A=$a  B=$b  (values in run order)"
awk '{ key = $3 " " $1; if (key in vals) vals[key] = vals[key] "/" $4; else vals[key] = $4; names[$3] = 1 }
  END { for (n in names) print n, "A", vals[n " A"], "B", vals[n " B"] }' "$out" | sort
