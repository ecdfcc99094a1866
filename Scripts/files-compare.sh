#!/usr/bin/env bash
# `files` on a directory of 100,000 entries beside `ls -U | head` in the same run (issue 35).
#
#   Scripts/files-compare.sh               # 100,000 empty files in .build-files/ (gitignored)
#   ENTRIES=10000 Scripts/files-compare.sh
#
# Makes the directory once, builds `files` in release, then launches each program RUNS times (interleaved) in a tmux
# server of its own (120x40, its own socket) and measures launch to the first screen: the pane polled every 5 ms
# until it shows 20 entry names (`files`: its tree rows; `ls -U DIR | head -40`: its lines). The time includes
# starting the tmux pane's shell, the same for both. Prints each median and all the runs.
# Environment: ENTRIES (100000), RUNS (5).
set -euo pipefail
cd "$(dirname "$0")/.."
entries=${ENTRIES:-100000}
runs=${RUNS:-5}
say() { printf '%s\n' "$*" >&2; }
command -v tmux >/dev/null 2>&1 || { say "tmux is missing"; exit 77; }

swift build -c release --product files >&2
files=$(swift build -c release --show-bin-path)/files
dir=$PWD/.build-files/entries-$entries
if [ ! -f "$dir/.done" ]; then
  say "making $entries entries in $dir"
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$dir" && seq -f 'f%07g' 0 $((entries - 1)) | xargs touch)
  touch "$dir/.done"
fi
ls -U "$dir" >/dev/null  # a warm dentry cache for both
say "$(ls -U "$dir" | wc -l) entries, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

socket=files-compare-$$
trap 'tmux -L "$socket" kill-server 2>/dev/null || true' EXIT
now() { date +%s%N; }

# Milliseconds from launching `$1` in a new pane to 20 lines with an entry name on it.
first_screen() {
  tmux -L "$socket" kill-server 2>/dev/null || true
  local start end
  start=$(now)
  tmux -L "$socket" new-session -d -x 120 -y 40 "env LANG=C.UTF-8 TERM=xterm-256color $1; sleep 600"
  while :; do
    if [ "$(tmux -L "$socket" capture-pane -p 2>/dev/null | grep -c 'f[0-9]\{7\}')" -ge 20 ]; then break; fi
    sleep 0.005
  done
  end=$(now)
  tmux -L "$socket" kill-server 2>/dev/null || true
  echo $(((end - start) / 1000000))
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
files_runs=() ; ls_runs=()
for _ in $(seq "$runs"); do
  files_runs+=("$(first_screen "'$files' '$dir'")")
  ls_runs+=("$(first_screen "ls -U '$dir' | head -40")")
done
printf 'first screen of %s entries (median of %s, ms): files %s, ls -U | head %s\n' "$entries" "$runs" \
  "$(printf '%s\n' "${files_runs[@]}" | median)" "$(printf '%s\n' "${ls_runs[@]}" | median)"
printf 'runs: files %s; ls %s\n' "${files_runs[*]}" "${ls_runs[*]}"
