#!/usr/bin/env bash
# `tv` beside VisiData on the same generated CSV, both in one run (issue 34).
#
#   Scripts/tv-compare.sh                 # 3,367,760 rows x 19 columns (about 460 MB)
#   ROWS=336776 Scripts/tv-compare.sh     # a tenth of it
#
# Makes the file once with `tv --generate` (seeded: the same bytes every time, in .build-tv/, gitignored), installs
# VisiData into a venv under /tmp (pip, never committed) when it is not there, builds `tv` in release, then runs each
# program in a tmux server of its own (200x50, its own socket) and measures:
#   first   launch to the first data row on the pane (its tailnum and departure time), the pane polled every 5 ms;
#   keys    while the file is still loading: `j` sent every 100 ms from the first screen on, each press's latency
#           to the rows changing (escape sequences kept, the status lines and the scroll indicator left out):
#           median and maximum, and how many presses were answered while loading;
#   loaded  launch to fully loaded (tv: its status says "loaded in"; vd: the status shows the file's row count);
#   sort#   after the load, the cursor to dep_delay (vd: typed as a number with % first), `]`: the time to the largest
#           value's row at the top (the expected row from `tv --print --sort`, checked by its tailnum and time);
#   sortA   then the cursor to tailnum, `]`: the time to the largest tailnum at the top;
#   rss     peak resident memory (/usr/bin/time -f %M) of the whole run; for tv also its anonymous memory after the
#           sorts (RssAnon in /proc/PID/status: the program's own, beyond the mapped file's page cache).
# Environment: ROWS (3367760), SEED (1), VD_TIMEOUT (seconds for each vd step, 1800), SKIP_VD (1: tv only).
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
swift build -c release --product tv >&2
tv=$(swift build -c release --show-bin-path)/tv
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
  "${VD_TIMEOUT:-1800}" <<'PY'
import os, re, statistics, subprocess, sys, time

tv, vd, path, rows, top_delay, top_tail, first_row, skip_vd, vd_timeout = sys.argv[1:10]
rows, vd_timeout = int(rows), float(vd_timeout)
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
    timeout = 600 if name == "tv" else vd_timeout
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
        sorted_by_tail = lambda s: ("▼ tailn" in s or "tailn ▼" in s or "↓tailnum" in s) and top_tail in data_row(s)
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


results = {}
results["tv"] = measure("tv", f"{tv} {path}", lambda s: "loaded in" in s, False, ["g"])
print("tv:", results["tv"], file=sys.stderr, flush=True)
if skip_vd != "1":
    count = f"{rows} rows"
    results["vd"] = measure("vd", f"{vd} {path}",
                            lambda s: count in s.split("\n")[-2] and "%" not in s.split("\n")[-2].split(count)[0][-10:],
                            True, ["g", "k"])  # vd: gk is the top row (g is a prefix: g l is the last column)
    print("vd:", results["vd"], file=sys.stderr, flush=True)


def show(value, unit):
    if value is None:
        return "-"
    return f"{value * 1000:,.0f} ms" if unit == "s" else f"{value:,.1f} MiB"


print(f"{rows:,} rows x 19 columns, {os.path.getsize(path) / 1e6:,.0f} MB, {os.cpu_count()} cores, "
      f"load {open('/proc/loadavg').read().split()[0]}")
print(f"{'figure':<34} {'tv':>14} {'VisiData':>14} {'ratio':>8}")
for key, label, unit in [("first", "first screen", "s"), ("loaded", "fully loaded", "s"),
                         ("sort#", "sort dep_delay (numeric) desc", "s"), ("sortA", "sort tailnum (text) desc", "s"),
                         ("rss", "peak RSS", "m"), ("anon", "RssAnon after the sorts", "m"),
                         ("filepages", "RssFile after the sorts", "m")]:
    a = results.get("tv", {}).get(key)
    b = results.get("vd", {}).get(key)
    ratio = f"{b / a:,.0f}x" if a and b else ""
    print(f"{label:<34} {show(a, unit):>14} {show(b, unit):>14} {ratio:>8}")
for name in results:
    keys = results[name].get("keys") or []
    if keys:
        print(f"{name}: j while loading: {len(keys)} presses, median {statistics.median(keys) * 1000:,.0f} ms, "
              f"max {max(keys) * 1000:,.0f} ms")
    else:
        print(f"{name}: j while loading: no press was sent before the load ended")
PY
