#!/usr/bin/env bash
# `logs`' `/` filter before and after a change, side by side in one run (issue 37, item 2).
#
#   Scripts/logs-filter-compare.sh [BEFORE_REV]
#
# Builds `logs` (release, dynamically linked) twice: from BEFORE_REV (default: the merge base with main) in
# .build-logs/before-src (git archive), and from this checkout; makes the log of Scripts/logs-compare.sh
# (`logs --generate`, 10^7 lines, seed 25, in .build-logs/); then, for each build and each query, RUNS times
# alternating the builds, each in its own tmux server (120x40, its own socket, the pane polled every 5 ms):
#   first   from the query typed at the `/` prompt (one `send-keys`, as a fast typist: one query a key; `Z` matches
#           every entry, one key, one scan) to the title
#           showing the filter's matches ("N of M entries · filter");
#   done    to the title showing them all (no "filtering…");
#   rss     the peak resident memory of `logs` (/usr/bin/time -f %M) over the launch, the filters and quitting.
# The medians are printed as a Markdown table. Environment: LINES_COUNT (10000000), SEED (25), RUNS (3).
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${LINES_COUNT:-10000000}
seed=${SEED:-25}
runs=${RUNS:-3}
before_rev=${1:-$(git merge-base HEAD main)}

say() { printf '%s\n' "$*" >&2; }

dir=.build-logs
mkdir -p "$dir"
# The sources of BEFORE_REV, extracted once (their times kept, so the build there stays incremental).
if [ "$(cat "$dir/before-src/.rev" 2>/dev/null)" != "$(git rev-parse "$before_rev")" ]; then
  rm -rf "$dir/before-src"
  mkdir -p "$dir/before-src"
  git archive "$before_rev" | tar -x -C "$dir/before-src"
  git rev-parse "$before_rev" >"$dir/before-src/.rev"
fi
say "building logs at $before_rev"
(cd "$dir/before-src" && swift build -c release --scratch-path ../before-build --product logs >&2)
before=$dir/before-build/release/logs
say "building logs here"
swift build -c release --product logs >&2
after=$(swift build -c release --show-bin-path)/logs
file=$dir/log-$lines-$seed.log
if [ ! -s "$file" ]; then
  say "generating $file ($lines lines, seed $seed)"
  "$after" --generate "$lines" --seed "$seed" --output "$file.tmp"
  mv "$file.tmp" "$file"
fi
command -v tmux >/dev/null 2>&1 || { say "tmux is missing"; exit 77; }
cat "$file" >/dev/null  # a warm page cache

exec python3 - "$before" "$after" "$file" "$runs" "$before_rev" <<'PY'
import os, re, statistics, subprocess, sys, tempfile, time

before, after, big, runs, rev = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
queries = ["ERROR db.pool", "user=u12345", "Z"]


class Pane:
    """One program in a tmux server of its own."""

    def __init__(self, command):
        self.socket = f"logs-filter-{os.getpid()}-{time.monotonic_ns()}"
        self.tmux("new-session", "-d", "-x", "120", "-y", "40", command)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, env=env).stdout

    def capture(self):
        return self.tmux("capture-pane", "-p")

    def wait(self, predicate, start, timeout=600):
        while True:
            screen = self.capture()
            if predicate(screen):
                return time.monotonic() - start, screen
            if time.monotonic() - start > timeout:
                raise TimeoutError(screen)
            time.sleep(0.005)

    def close(self):
        self.tmux("kill-server")


def measure(logs):
    """Per query: seconds to the first matches and to all of them; then the peak RSS in MiB."""
    rss_file = tempfile.NamedTemporaryFile(delete=False).name
    pane = Pane(f"/usr/bin/time -f %M -o {rss_file} {logs} {big}")
    title = lambda screen: screen.split("\n", 1)[0]
    pane.wait(lambda s: "entries" in title(s) and "indexing" not in title(s), time.monotonic())
    figures = []
    for query in queries:
        pane.tmux("send-keys", "/")
        pane.wait(lambda s: "/" in s.rstrip().split("\n")[-1], time.monotonic(), timeout=10)
        start = time.monotonic()
        pane.tmux("send-keys", "-l", query)
        first, _ = pane.wait(lambda s: " of " in title(s) and "filter “" + query in title(s), start)
        done, screen = pane.wait(
            lambda s: " of " in title(s) and "filter “" + query in title(s) and "filtering" not in title(s), start)
        count = re.search(r"([\d,]+) of", title(screen)).group(1)
        figures.append((first, done, count))
        pane.tmux("send-keys", "Escape")
        pane.wait(lambda s: " of " not in title(s) and "filtering" not in title(s), time.monotonic())
    pane.tmux("send-keys", "q")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not open(rss_file).read().strip():
        time.sleep(0.05)
    pane.close()
    rss = int(open(rss_file).read().strip().splitlines()[-1]) / 1024
    os.unlink(rss_file)
    return figures, rss


results = {"before": [], "after": []}
for run in range(runs):
    for name, logs in (("before", before), ("after", after)):
        results[name].append(measure(logs))
        print(f"run {run + 1} {name}: {results[name][-1]}", file=sys.stderr)

print(f"| {os.path.basename(big)}, medians of {runs} | before ({rev[:7]}) | after |")
print("| --- | ---: | ---: |")
for index, query in enumerate(queries):
    counts = {name: results[name][0][0][index][2] for name in results}
    for column, label in ((0, "first matches shown"), (1, "all matches shown")):
        cells = [statistics.median(r[0][index][column] for r in results[name]) * 1000 for name in results]
        print(f"| `/{query}` ({counts['after']} matches): {label}, ms | {cells[0]:.0f} | {cells[1]:.0f} |")
cells = [statistics.median(r[1] for r in results[name]) for name in results]
print(f"| peak RSS, MiB | {cells[0]:.1f} | {cells[1]:.1f} |")
PY
