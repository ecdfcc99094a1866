#!/usr/bin/env bash
# `tv` on a SQLite table beside VisiData and the sqlite3 shell, all in one run (issue 37).
#
#   Scripts/tv-sqlite-compare.sh                  # 10,000,000 rows x 12 columns (about 1 GB)
#   ROWS=1000000 Scripts/tv-sqlite-compare.sh     # a tenth of it
#
# Makes the database once with the sqlite3 shell (.build-tv/, gitignored; the same rows every time: every value is a
# formula of the row number, no random(); names are `name 00000042`, one width, so neither program cuts them):
# `t (id INTEGER PRIMARY KEY, k INTEGER, amount REAL, name TEXT, code TEXT,
# city TEXT, qty INTEGER, flag INTEGER, day TEXT, note TEXT, score REAL, tag TEXT)` with an index on `k`; the time
# it took is printed. Installs VisiData into a venv under /tmp (as Scripts/tv-compare.sh does) when it is not there,
# builds `tv` in release, then runs each program in a tmux server of its own (200x50) and measures:
#   first   launch to the first row on the pane (`name 00000001` with its id), polled every 5 ms, the median of FIRST_RUNS (5)
#           launches, interleaved (it includes starting the tmux server, 10-30 ms, the same for each; vd opens a
#           database on its list of tables, so Enter is sent as soon as `t` shows there);
#   end     `G`: the key to the last row's name on the pane (vd: its rows are read in the background and G goes
#           to the last row read so far, so G is sent again every 0.5 s until the last row shows: the time to read
#           them all);
#   sortK   the cursor to k, `]` (descending): the key to the largest k at the top (indexed: ORDER BY k DESC, rowid DESC
#           reads the index backwards);
#   sortS   the cursor to score, `]`: the largest score at the top (not indexed: SQLite reads every row for the
#           first page);
#   filter  the cursor to name, `/`, the last row's name, Enter: the key to the one matching row on the pane (tv: a filter,
#           LIKE over the column, which reads it all to know there is no second page, run as the query is typed, so
#           timed from its last character, the query before it typed and let finish first, so the last
#           character's filter looks only at that query's matches; vd: `/` searches the column for the regex and
#           moves the cursor to the match, timed from Enter);
#   paste   tv only: the filter cleared, the whole query sent at once (tmux send-keys): the key to the match (a full
#           LIKE scan: no query before it was read to its end);
#   rss     peak resident memory of the whole run (/usr/bin/time -f %M).
# `sqlite3` printing the first 48 rows (`SELECT * FROM t LIMIT 48`) is timed as a floor for the first screen (the
# median of FIRST_RUNS runs, no terminal).
# Environment: ROWS (10000000), SKIP_VD (1: tv and sqlite3 only), VD_TIMEOUT (seconds for vd's first screen, G and
# sort by k, 1800), STEP_TIMEOUT (seconds for vd's later steps, 600), FIRST_RUNS (5).
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${ROWS:-10000000}
say() { printf '%s\n' "$*" >&2; }

command -v tmux >/dev/null 2>&1 || { say "tmux is missing"; exit 77; }
command -v sqlite3 >/dev/null 2>&1 || { say "the sqlite3 shell is missing (apt-get install sqlite3)"; exit 77; }
venv=${TMPDIR:-/tmp}/tv-compare-visidata
if [ "${SKIP_VD:-0}" != 1 ] && [ ! -x "$venv/bin/vd" ]; then
  say "installing VisiData into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q visidata >&2
fi
swift build -c release --product tv >&2
tv=$(swift build -c release --show-bin-path)/tv
dir=.build-tv
file=$dir/table-$rows-v2.sqlite
mkdir -p "$dir"
if [ ! -s "$file" ]; then
  say "generating $file ($rows rows x 12 columns, an index on k)"
  started=$(date +%s.%N)
  rm -f "$file.tmp"
  sqlite3 "$file.tmp" <<SQL
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
CREATE TABLE t (id INTEGER PRIMARY KEY, k INTEGER, amount REAL, name TEXT, code TEXT, city TEXT, qty INTEGER,
  flag INTEGER, day TEXT, note TEXT, score REAL, tag TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
INSERT INTO t SELECT i, (i * 7919) % 1000003, (i % 100000) / 100.0, printf('name %08d', i),
  char(65 + i % 26, 65 + (i / 26) % 26, 65 + (i / 676) % 26),
  CASE i % 5 WHEN 0 THEN 'Lisbon' WHEN 1 THEN 'Oslo' WHEN 2 THEN 'Zürich' WHEN 3 THEN 'Kraków' ELSE NULL END,
  i % 1000, i % 2, date('2020-01-01', '+' || (i % 1500) || ' days'), 'note ' || (i * 31 % 9973) || ' of row',
  ((i * 104729) % 10000019) / 1000.0, CASE WHEN i % 7 = 0 THEN NULL ELSE 'tag' || (i % 97) END FROM n;
CREATE INDEX t_k ON t (k);
SQL
  mv "$file.tmp" "$file"
  say "generated in $(echo "$(date +%s.%N) - $started" | bc) s: $(wc -c <"$file") bytes"
fi
say "file: $file, $(wc -c <"$file") bytes, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$file" >/dev/null  # a warm page cache for all

top_k=$(sqlite3 "$file" "SELECT k FROM t ORDER BY k DESC, rowid DESC LIMIT 1")
top_score=$(sqlite3 "$file" "SELECT printf('%.3f', score) FROM t ORDER BY score DESC, rowid DESC LIMIT 1")

exec python3 - "$tv" "$venv/bin/vd" "$file" "$rows" "$top_k" "$top_score" "${SKIP_VD:-0}" "${VD_TIMEOUT:-1800}" \
  "${FIRST_RUNS:-5}" "${STEP_TIMEOUT:-600}" <<'PY'
import os, re, statistics, subprocess, sys, time

tv, vd, path, rows, top_k, top_score, skip_vd, vd_timeout, first_runs, step_timeout = sys.argv[1:11]
rows, vd_timeout, first_runs = int(rows), float(vd_timeout), max(1, int(first_runs))
step_timeout = float(step_timeout)
env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
top_score = top_score.rstrip("0").rstrip(".")


class Pane:
    def __init__(self, command):
        self.socket = f"tv-sqlite-{os.getpid()}-{time.monotonic_ns()}"
        self.start = time.monotonic()
        subprocess.run(["tmux", "-L", self.socket, "new-session", "-d", "-x", "200", "-y", "50", "exec " + command],
                       env=env, check=True)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, env=env).stdout

    def capture(self):
        return self.tmux("capture-pane", "-p")

    def keys(self, *keys):
        self.tmux("send-keys", *keys)

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


def first_row(screen):
    return re.search(r"^\s*1\D.*name 00000001", screen, re.M) is not None


def opened(pane, name, timeout):
    """vd opens a database on its list of tables: Enter opens t (the only one)."""
    if name == "vd":
        pane.wait(lambda s: re.search(r"^ t\s", s, re.M) is not None, timeout)
        pane.keys("Enter")
    return pane.wait(first_row, timeout)[0]


def timed_key(pane, keys, predicate, timeout, repeat=None):
    """The time from sending `keys` to `predicate` holding; with `repeat`, the keys are sent again every `repeat` s
    (vd's G goes to the last row read so far)."""
    start = time.monotonic()
    pane.keys(*keys)
    if repeat is None:
        return pane.wait(predicate, timeout, poll=0.005, since=start)[0]
    while True:
        try:
            return pane.wait(predicate, min(timeout, time.monotonic() - start + repeat), poll=0.005, since=start)[0]
        except TimeoutError:
            if time.monotonic() - start > timeout:
                raise
            pane.keys(*keys)


def measure(name, command, columns):
    out = {}
    timeout = 300 if name == "tv" else vd_timeout
    rss_file = f"/tmp/tv-sqlite-rss-{name}-{os.getpid()}"
    pane = Pane(f"/usr/bin/time -f %M -o {rss_file} {command}")

    def attempt(key, step):
        """A step's time, or none (said on standard error) when it timed out: the run goes on to the next."""
        try:
            out[key] = step()
        except TimeoutError as error:
            print(f"{name}: {key} timed out; the pane shows:\n{error}", file=sys.stderr)

    try:
        last = re.compile(rf"name {rows:08d}")
        data = lambda s: "\n".join(s.split("\n")[2:4])
        # tv shows the value as stored, vd with two decimals.
        scores = (top_score, f"{float(top_score):.2f}")
        # The one matching row among the rows (not the title, nor the prompt with the text typed).
        rows_shown = lambda s: "\n".join(l for l in s.split("\n")[2:] if "filter" not in l and "search" not in l)
        settle = 0.3 if name == "tv" else 3  # vd may drop keys sent while it is busy
        # Past the sort by k, vd's steps are given STEP_TIMEOUT seconds (a step that times out is shown as "-").
        later = timeout if name == "tv" else step_timeout
        attempt("first", lambda: opened(pane, name, timeout))
        attempt("end", lambda: timed_key(pane, ["G"], lambda s: last.search(s) is not None, timeout,
                                         repeat=None if name == "tv" else 0.5))
        pane.keys(*(["g"] if name == "tv" else ["g", "k"]))  # the top row (vd: g is a prefix)
        time.sleep(settle)
        for _ in range(columns["k"]):
            pane.keys("l")
        time.sleep(0.3)
        attempt("sortK", lambda: timed_key(pane, ["]"], lambda s: re.search(rf"(?<![\d.]){top_k}(?![\d.])", data(s)) is not None,
                                           timeout))
        time.sleep(settle)
        for _ in range(columns["score"] - columns["k"]):
            pane.keys("l")
        time.sleep(0.3)
        attempt("sortS", lambda: timed_key(pane, ["]"], lambda s: any(score in data(s) for score in scores),
                                           later))
        time.sleep(settle)
        for _ in range(columns["score"] - columns["name"]):
            pane.keys("h")
        time.sleep(0.3)
        pane.keys("/")
        time.sleep(0.3)
        query = f"name {rows:08d}"
        if name == "tv":
            # tv filters as the query is typed: the time is from its last character (the filter of the whole query)
            # to the match on the pane; the query before it has its own filter, let finish first.
            pane.keys("-l", query[:-1])
            time.sleep(settle + 1)
            # The query before it matches the last row too (and one other): the title's "1 row" says it is done.
            attempt("filter", lambda: timed_key(pane, ["-l", query[-1]],
                                                lambda s: last.search(rows_shown(s)) is not None and " 1 row ×" in s,
                                                later))
            pane.keys("Enter")
            # The filter cleared (the query taken back a key at a time, Enter on the empty query), then the whole
            # query sent at once: no query before it was read to its end, so nothing narrows (the full LIKE scan).
            time.sleep(settle)
            pane.keys("/")
            time.sleep(0.3)
            pane.keys(*(["BSpace"] * len(query)))
            time.sleep(settle + 1)
            pane.keys("Enter")
            pane.wait(lambda s: " 1 row ×" not in s, later, since=time.monotonic())
            time.sleep(settle + 1)
            pane.keys("/")
            time.sleep(0.3)
            attempt("paste", lambda: timed_key(pane, ["-l", query],
                                               lambda s: last.search(rows_shown(s)) is not None and " 1 row ×" in s,
                                               later))
            pane.keys("Enter")
        else:
            pane.keys("-l", query)
            time.sleep(0.2)
            attempt("filter", lambda: timed_key(pane, ["Enter"], lambda s: last.search(rows_shown(s)) is not None,
                                                later))
        pane.keys("Escape")
        time.sleep(0.3)
        pane.keys("q")
        if name == "vd":
            for _ in range(3):
                time.sleep(0.5)
                pane.keys("q")
        deadline = time.monotonic() + 30
        while not os.path.exists(rss_file) or not open(rss_file).read().strip():
            if time.monotonic() > deadline:
                break
            time.sleep(0.1)
        text = open(rss_file).read().strip().split("\n")[-1] if os.path.exists(rss_file) else ""
        out["rss"] = int(text) / 1024 if text.isdigit() else None
    finally:
        pane.close()
    return out


def first_screen(name, command, timeout):
    pane = Pane(command)
    try:
        return opened(pane, name, timeout)
    except TimeoutError:
        return None
    finally:
        pane.close()


floor = []
for _ in range(first_runs):
    start = time.monotonic()
    subprocess.run(["sqlite3", "-readonly", path, "SELECT * FROM t LIMIT 48"], capture_output=True, check=True)
    floor.append(time.monotonic() - start)

# The cursor starts on id (column 0); k is column 1, name 3, score 10.
columns = {"k": 1, "name": 3, "score": 10}
programs = [("tv", f"{tv} {path} t")]
if skip_vd != "1":
    programs.append(("vd", f"{vd} {path}"))
firsts = {name: [] for name, _ in programs}
for _ in range(first_runs - 1):
    for name, command in programs:
        seconds = first_screen(name, command, 120 if name != "vd" else vd_timeout)
        if seconds is not None:
            firsts[name].append(seconds)
results = {}
for name, command in programs:
    results[name] = measure(name, command, columns)
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


names = [name for name, _ in programs]
print(f"{rows:,} rows x 12 columns, {os.path.getsize(path) / 1e6:,.0f} MB, {os.cpu_count()} cores, "
      f"load {open('/proc/loadavg').read().split()[0]}; first screen: the median of {first_runs} launches")
print(f"sqlite3 printing the first 48 rows (the floor): {statistics.median(floor) * 1000:,.0f} ms")
print(f"{'figure':<34}" + "".join(f" {name:>12}" for name in names) + (f" {'vd/tv':>8}" if "vd" in names else ""))
for key, label, unit in [("first", "first screen", "s"), ("end", "G (the last row)", "s"),
                         ("sortK", "sort k (indexed) descending", "s"), ("sortS", "sort score (no index) desc", "s"),
                         ("filter", "/ name ROWS (the match)", "s"), ("paste", "/ the same sent whole", "s"),
                         ("rss", "peak RSS", "m")]:
    values = [results.get(name, {}).get("filter" if key == "paste" and name == "vd" else key) for name in names]
    a = results.get("tv", {}).get(key)
    # vd has one filter figure (from Enter): both of tv's are set beside it.
    b = results.get("vd", {}).get("filter" if key == "paste" else key)
    ratio = f"{b / a:,.1f}x" if a and b else ""
    print(f"{label:<34}" + "".join(f" {show(value, unit):>12}" for value in values) + (f" {ratio:>8}" if "vd" in names else ""))
PY
