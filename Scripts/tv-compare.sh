#!/usr/bin/env bash
# `tv` beside VisiData on the same generated CSV, both in one run (issue 34).
#
#   Scripts/tv-compare.sh                 # 3,367,760 rows x 19 columns (about 460 MB)
#   ROWS=336776 Scripts/tv-compare.sh     # a tenth of it
#
# Makes the file once with `tv --generate` (seeded: the same bytes every time, in .build-tv/, gitignored), installs
# VisiData into a venv under /tmp (pip, never committed) when it is not there, builds `tv` in release and linked fully
# statically (as Scripts/logs-compare.sh builds `logs`: no dynamic loader, no libraries to map, no relocation of the
# Swift metadata at start, about 5 ms of CPU less before the first frame; .build-static-exe, gitignored), then runs
# each program in a tmux server of its own (200x50, its own socket) and measures:
#   first   launch to the first data row on the pane (its tailnum and departure time), the pane polled every 5 ms:
#           the median of FIRST_RUNS launches (one launch on a loaded machine varies by tens of ms), the programs'
#           launches interleaved; the time includes starting the tmux server (about 10-30 ms, the same for each);
#   keys    while the file is still loading: `j` sent every 100 ms from the first screen on, each press's latency
#           to the rows changing (escape sequences kept, the status lines and the scroll indicator left out):
#           median and maximum, and how many presses were answered while loading;
#   loaded  launch to fully loaded (tv: its status says "loaded in"; vd: the status shows the file's row count);
#   sort#   after the load, the cursor to dep_delay (vd: typed as a number with % first), `]`: the time to the largest
#           value's row at the top (the expected row from `tv --print --sort`, checked by its tailnum and time);
#   sortA   then the cursor to tailnum, `]`: the time to the largest tailnum at the top;
#   rss     peak resident memory (/usr/bin/time -f %M) of the whole run; for tv also its anonymous memory after the
#           sorts (RssAnon in /proc/PID/status: the program's own, beyond the mapped file's page cache).
# Environment: ROWS (3367760), SEED (1), VD_TIMEOUT (seconds for each vd step, 1800), SKIP_VD (1: tv only),
# FIRST_RUNS (5), BASELINE (the path of another tv binary, say one built from an earlier commit, measured in the same
# run in a column of its own: a change's before and after under the same load).
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${ROWS:-3367760}
seed=${SEED:-1}
say() { printf '%s\n' "$*" >&2; }

command -v tmux >/dev/null 2>&1 || { say "tmux is missing"; exit 77; }
venv=${TMPDIR:-/tmp}/tv-compare-visidata
if [ "${SKIP_VD:-0}" != 1 ] && [ ! -x "$venv/bin/vd" ]; then
  say "installing VisiData into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q visidata >&2
fi
static=(-c release --scratch-path .build-static-exe -Xswiftc -static-executable -Xlinker -lncursesw -Xlinker -ltinfo)
swift build "${static[@]}" --product tv >&2
tv=$(swift build "${static[@]}" --show-bin-path)/tv
baseline=${BASELINE:-}
[ -z "$baseline" ] || [ -x "$baseline" ] || { say "BASELINE=$baseline is not an executable"; exit 2; }
dir=.build-tv
file=$dir/flights-$rows-$seed.csv
mkdir -p "$dir"
if [ ! -s "$file" ]; then
  say "generating $file ($rows rows, seed $seed)"
  "$tv" --generate "$rows" --seed "$seed" "$file.tmp"
  mv "$file.tmp" "$file"
fi
say "file: $file, $(wc -c <"$file") bytes, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$file" >/dev/null  # a warm page cache for both

# The rows each sort must bring to the top (tv's answer; vd's must show the same row).
top_delay=$("$tv" --print --sort dep_delay:desc --columns tailnum,departure --limit 1 "$file" | tail -1)
top_tail=$("$tv" --print --sort tailnum:desc --columns tailnum --limit 1 "$file" | tail -1)
first_row=$("$tv" --print --columns tailnum,departure --limit 1 "$file" | tail -1)

exec python3 - "$tv" "$venv/bin/vd" "$file" "$rows" "$top_delay" "$top_tail" "$first_row" "${SKIP_VD:-0}" \
  "${VD_TIMEOUT:-1800}" "${FIRST_RUNS:-5}" "$baseline" <<'PY'
import os, re, statistics, subprocess, sys, time

tv, vd, path, rows, top_delay, top_tail, first_row, skip_vd, vd_timeout, first_runs, baseline = sys.argv[1:12]
rows, vd_timeout, first_runs = int(rows), float(vd_timeout), max(1, int(first_runs))
env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
first_tail, first_time = first_row.split("\t")
delay_tail, delay_time = top_delay.split("\t")


class Pane:
    def __init__(self, command):
        self.socket = f"tv-compare-{os.getpid()}-{time.monotonic_ns()}"
        self.start = time.monotonic()
        subprocess.run(["tmux", "-L", self.socket, "new-session", "-d", "-x", "200", "-y", "50", "exec " + command],
                       env=env, check=True)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, env=env).stdout

    def capture(self, escapes=False):
        return self.tmux("capture-pane", "-p", *(["-e"] if escapes else []))

    def keys(self, *keys):
        self.tmux("send-keys", *keys)

    def pid(self):
        return int(self.tmux("display", "-p", "#{pane_pid}").strip())

    def wait(self, predicate, timeout, poll=0.005, since=None):
        begin = since if since is not None else self.start
        while True:
            screen = self.capture()
            if predicate(screen):
                return time.monotonic() - begin, screen
            if time.monotonic() - begin > timeout:
                raise TimeoutError(screen)
            time.sleep(poll)

    def close(self):
        self.tmux("kill-server")


def data_row(screen, line=2):
    lines = screen.split("\n")
    return lines[line] if len(lines) > line else ""


def rows_area(screen):
    # The rows without the top two lines (title or menu, header), the status line and the last column.
    return "\n".join(line[:-12] for line in screen.split("\n")[2:-2])


def measure(name, command, loaded, typed_number, top_keys):
    out = {}
    timeout = 120 if name == "tv" else vd_timeout
    rss_file = f"/tmp/tv-compare-rss-{name}-{os.getpid()}"
    pane = Pane(f"/usr/bin/time -f %M -o {rss_file} {command}")
    try:
        out["first"], _ = pane.wait(lambda s: first_tail in data_row(s) and first_time[:16] in data_row(s), timeout)
        # Keys while loading.
        latencies, loading = [], True
        while loading and len(latencies) < 30:
            before = rows_area(pane.capture(escapes=True))
            if loaded(pane.capture()):
                break
            sent = time.monotonic()
            pane.keys("j")
            while time.monotonic() - sent < 5:
                if rows_area(pane.capture(escapes=True)) != before:
                    latencies.append(time.monotonic() - sent)
                    break
                time.sleep(0.002)
            loading = not loaded(pane.capture())
            time.sleep(0.1)
        out["keys"] = latencies
        out["loaded"], _ = pane.wait(loaded, timeout, poll=0.02)
        pane.keys(*top_keys)  # the top row
        time.sleep(0.3)
        for _ in range(8):
            pane.keys("l")
        time.sleep(0.3)
        if typed_number:
            pane.keys("%")
            time.sleep(0.5)
        start = time.monotonic()
        pane.keys("]")
        out["sort#"], _ = pane.wait(lambda s: delay_tail in data_row(s) and delay_time[:16] in data_row(s), timeout,
                                    poll=0.01, since=start)
        for _ in range(3):
            pane.keys("h")
        time.sleep(0.3)
        start = time.monotonic()
        pane.keys("]")
        # tv: "tailnum ▼" (or a cut "tailn… ▼"); vd: "↓tailnum".
        sorted_by_tail = lambda s: re.search(r"tailn\S* ▼|▼ tailn|↓tailnum", s) and top_tail in data_row(s)
        out["sortA"], _ = pane.wait(sorted_by_tail, timeout, poll=0.01, since=start)
        pid = int(subprocess.run(["pgrep", "-P", str(pane.pid())], capture_output=True, text=True).stdout.split()[0])
        status = open(f"/proc/{pid}/status").read()
        out["anon"] = int(re.search(r"RssAnon:\s+(\d+)", status).group(1)) / 1024
        out["filepages"] = int(re.search(r"RssFile:\s+(\d+)", status).group(1)) / 1024
        pane.keys("q")
        if name == "vd":
            time.sleep(0.5)
            pane.keys("q")
            pane.keys("q")
        deadline = time.monotonic() + 30
        while not os.path.exists(rss_file) or not open(rss_file).read().strip():
            if time.monotonic() > deadline:
                break
            time.sleep(0.1)
        text = open(rss_file).read().strip().split("\n")[-1] if os.path.exists(rss_file) else ""
        out["rss"] = int(text) / 1024 if text.isdigit() else None
    except TimeoutError as error:
        print(f"{name}: timed out; the pane shows:\n{error}", file=sys.stderr)
    finally:
        pane.close()
    return out


def first_screen(command, timeout):
    pane = Pane(command)
    try:
        seconds, _ = pane.wait(lambda s: first_tail in data_row(s) and first_time[:16] in data_row(s), timeout)
        return seconds
    except TimeoutError:
        return None
    finally:
        pane.close()


count = f"{rows} rows"
programs = [("tv", f"{tv} {path}", lambda s: "loaded in" in s, False, ["g"])]
if baseline:
    programs.append(("before", f"{baseline} {path}", lambda s: "loaded in" in s, False, ["g"]))
if skip_vd != "1":
    programs.append(("vd", f"{vd} {path}",
                     lambda s: count in s.split("\n")[-2] and "%" not in s.split("\n")[-2].split(count)[0][-10:],
                     True, ["g", "k"]))  # vd: gk is the top row (g is a prefix: g l is the last column)
firsts = {name: [] for name, *_ in programs}
for _ in range(first_runs - 1):
    for name, command, *_ in programs:
        seconds = first_screen(command, 120 if name != "vd" else vd_timeout)
        if seconds is not None:
            firsts[name].append(seconds)
results = {}
for name, command, loaded, typed_number, top_keys in programs:
    results[name] = measure(name, command, loaded, typed_number, top_keys)
    if results[name].get("first") is not None:
        firsts[name].append(results[name]["first"])
    if firsts[name]:
        results[name]["first"] = statistics.median(firsts[name])
    print(f"{name}:", results[name], "first screens:", [round(x * 1000) for x in firsts[name]], file=sys.stderr,
          flush=True)


def show(value, unit):
    if value is None:
        return "-"
    return f"{value * 1000:,.0f} ms" if unit == "s" else f"{value:,.1f} MiB"


names = [name for name, *_ in programs]
headings = {"tv": "tv", "before": "tv before", "vd": "VisiData"}
print(f"{rows:,} rows x 19 columns, {os.path.getsize(path) / 1e6:,.0f} MB, {os.cpu_count()} cores, "
      f"load {open('/proc/loadavg').read().split()[0]}; first screen: the median of {first_runs} launches")
print(f"{'figure':<34}" + "".join(f" {headings[name]:>14}" for name in names) + (f" {'vd/tv':>8}" if "vd" in names else ""))
for key, label, unit in [("first", "first screen", "s"), ("loaded", "fully loaded", "s"),
                         ("sort#", "sort dep_delay (numeric) desc", "s"), ("sortA", "sort tailnum (text) desc", "s"),
                         ("rss", "peak RSS", "m"), ("anon", "RssAnon after the sorts", "m"),
                         ("filepages", "RssFile after the sorts", "m")]:
    values = [results.get(name, {}).get(key) for name in names]
    a = results.get("tv", {}).get(key)
    b = results.get("vd", {}).get(key)
    ratio = f"{b / a:,.1f}x" if a and b else ""
    print(f"{label:<34}" + "".join(f" {show(value, unit):>14}" for value in values) + (f" {ratio:>8}" if "vd" in names else ""))
for name in results:
    keys = results[name].get("keys") or []
    if keys:
        print(f"{name}: j while loading: {len(keys)} presses, median {statistics.median(keys) * 1000:,.0f} ms, "
              f"max {max(keys) * 1000:,.0f} ms")
    else:
        print(f"{name}: j while loading: no press was sent before the load ended")
PY
