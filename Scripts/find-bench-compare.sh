#!/usr/bin/env bash
# find-bench beside fzf --filter on the same 1,000,000-line log (issue 24).
#
#   Scripts/find-bench-compare.sh [QUERY ...]     # default: shrdreb cache hrbr brdg timeout
#
# Makes the log once with `find-bench --generate` (seeded: the same ~150 MB file every time, in
# .build/find-bench/logkit-1000000-24.txt, gitignored with .build), installs Debian's fzf with apt-get when it is
# missing (as root), then for each query runs, one after the other on the same file:
#   find-bench --input FILE --query Q --json   (read + first screen + complete ranked result, in process)
#   fzf --filter Q < FILE                      (wall time of the whole process: read, match, rank, print)
# and prints one table row per query: both times, both match counts and whether they agree.
# Counts must agree for queries without fzf's operators (' ^ $ ! |): smart case and diacritic folding per term as fzf's.
# Environment: LINES_COUNT (1000000), SEED (24), RUNS (3: the median of RUNS runs of each side).
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${LINES_COUNT:-1000000}
seed=${SEED:-24}
runs=${RUNS:-3}
queries=("$@")
[ ${#queries[@]} -gt 0 ] || queries=(shrdreb cache "hrbr brdg" timeout)

say() { printf '%s\n' "$*" >&2; }

swift build -c release --product find-bench >&2
bench=$(swift build -c release --show-bin-path)/find-bench
dir=.build/find-bench
# LogKit's generator since issue 25 (the name says so: a file from the former generator is not reused).
file=$dir/logkit-$lines-$seed.txt
mkdir -p "$dir"
if [ ! -s "$file" ]; then
  say "generating $file ($lines lines, seed $seed)"
  "$bench" --generate "$lines" --seed "$seed" >"$file.tmp"
  mv "$file.tmp" "$file"
fi
say "file: $file, $(wc -c <"$file") bytes"

if ! command -v fzf >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing fzf with apt-get"
    apt-get install -y -qq fzf >&2 || { apt-get update -qq >&2 && apt-get install -y -qq fzf >&2; }
  fi
fi
command -v fzf >/dev/null 2>&1 || { say "fzf is not installed and could not be installed"; exit 77; }
say "fzf $(fzf --version | head -1), $(nproc) cores"

now_ms() { date +%s%N | awk '{ printf "%.1f", $1 / 1e6 }'; }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
field() { python3 -c 'import json, sys; print(json.loads(sys.stdin.read())[sys.argv[1]])' "$1"; }

printf '| query | find-bench read ms | first screen ms | complete ms | read + complete ms | fzf --filter ms | matches (find-bench / fzf) |\n'
printf '| --- | ---: | ---: | ---: | ---: | ---: | --- |\n'
for query in "${queries[@]}"; do
  reads=() firsts=() completes=() totals=() fzfs=()
  matches=""
  fzf_matches=""
  for _ in $(seq "$runs"); do
    json=$("$bench" --input "$file" --query "$query" --json)
    read_ms=$(field readMs <<<"$json")
    complete_ms=$(field completeMs <<<"$json")
    reads+=("$read_ms")
    firsts+=("$(field firstScreenMs <<<"$json")")
    completes+=("$complete_ms")
    totals+=("$(awk -v a="$read_ms" -v b="$complete_ms" 'BEGIN { printf "%.1f", a + b }')")
    matches=$(field matches <<<"$json")
    start=$(now_ms)
    fzf_matches=$(fzf --filter "$query" <"$file" | wc -l)
    end=$(now_ms)
    fzfs+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')")
  done
  agree=$([ "$matches" = "$fzf_matches" ] && echo "equal" || echo "DIFFER")
  printf '| `%s` | %s | %s | %s | %s | %s | %s / %s %s |\n' "$query" \
    "$(printf '%s\n' "${reads[@]}" | median)" "$(printf '%s\n' "${firsts[@]}" | median)" \
    "$(printf '%s\n' "${completes[@]}" | median)" "$(printf '%s\n' "${totals[@]}" | median)" \
    "$(printf '%s\n' "${fzfs[@]}" | median)" "$matches" "$fzf_matches" "$agree"
done
