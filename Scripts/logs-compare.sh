#!/usr/bin/env bash
# `logs` beside Debian's `less` and `lnav` on the same generated log, side by side in one run (issue 25).
#
#   Scripts/logs-compare.sh
#
# Makes the log once with `logs --generate` (seeded: the same file every time, in .build-logs/, gitignored),
# installs `less` and `lnav` with apt-get when missing (as root), then, each program in its own tmux server
# (120x40, its own socket), measures:
#   end     time from launch to the first screen at the end (`less +G FILE`, `logs FILE`, `lnav FILE`): the
#           file's last entry on the pane (the pane polled every 5 ms);
#   pty     the same as `end` without tmux: each program started on a pseudo-terminal of its own (120x40) whose
#           output is read as it comes (no polling), the time to the bytes that draw the last entry's time; the
#           median of PTY_RUNS (20) launches (`less +G FILE`, `logs FILE`; not lnav, which takes seconds). tmux
#           bounds `end` from below: a launch in a new tmux server and a `capture-pane` every 5 ms (a process each,
#           a few ms) are in both programs' figures, so `end` is the measure users see and `pty` the programs';
#   top     time from launch to the first screen at the top (`less FILE`; `logs` and `lnav` are sent `g`
#           every 50 ms until the first line shows: logs opens at the end and reaches the top only when its
#           index is complete);
#   rss     peak resident memory (/usr/bin/time -f %M) after the first screen at the end (logs: after its
#           background indexing is done) and quitting;
#   follow  on a 100,000-line copy, a writer holding the file open appends 1,000 lines a second for
#           FOLLOW_SECONDS: the lag from a line's write to the pane showing it (median and 90th percentile of
#           the newest line on each capture) and the program's CPU % of one core meanwhile
#           (`less +F`, `logs`, `lnav`);
#   rest    then, after a key (logs, lnav: k then G; less: none, it would leave +F), wake-ups per second over
#           REST_SECONDS at rest: the scheduler's "times run" summed over all threads (/proc/PID/task/*/schedstat),
#           counted by Scripts/wakeups.py as Scripts/idle-and-latency.py counts them.
# Environment: LINES_COUNT (10000000), SEED (25), FOLLOW_SECONDS (10), REST_SECONDS (10), PTY_RUNS (20).
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${LINES_COUNT:-10000000}
seed=${SEED:-25}

say() { printf '%s\n' "$*" >&2; }

# Built as a command-line tool can be shipped, linked fully statically (-static-executable: the Swift runtime,
# Foundation, ncurses and glibc linked in, a non-PIE executable; ncurses and tinfo named again at the end of the link,
# after the objects that use them, as a static link needs), in a build directory of its own so that the release build
# `swift run -c release logs` uses stays as it is. No dynamic loader, no libraries to map and no relocation of the
# Swift metadata at start (a PIE with --static-swift-stdlib had 79,857 of them): `logs /nonexistent` (exec, the
# runtime's start, an error and exit) takes 252 page faults and 1.3 ms of CPU instead of 575 and 2.8 (perf stat, 100
# runs), and the first screen at the end 1.7-2 ms less. The link warns that CoreFoundation's dlopen and getpwuid paths
# need this machine's glibc at run time: fine for a binary measured where it is built; `logs` takes neither path.
# Tried and not kept (figures in Examples/Logs/README.md): --gc-sections (already SwiftPM's default), a non-PIE build with
# the C library still shared, lld with --icf=all, stripping, -static-pie (crashes at start), crtbegin.o for
# crtbeginT.o (the unwinder's frame registry: no change).
static=(-c release --scratch-path .build-static-exe -Xswiftc -static-executable -Xlinker -lncursesw -Xlinker -ltinfo)
swift build "${static[@]}" --product logs >&2
logs=$(swift build "${static[@]}" --show-bin-path)/logs
dir=.build-logs
file=$dir/log-$lines-$seed.log
follow=$dir/follow.log
mkdir -p "$dir"
if [ ! -s "$file" ]; then
  say "generating $file ($lines lines, seed $seed)"
  "$logs" --generate "$lines" --seed "$seed" --output "$file.tmp"
  mv "$file.tmp" "$file"
fi
[ -s "$dir/follow-base.log" ] || "$logs" --generate 100000 --seed "$seed" --output "$dir/follow-base.log"
say "file: $file, $(wc -c <"$file") bytes"

for tool in less lnav tmux; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
      say "installing $tool with apt-get"
      apt-get install -y -qq "$tool" >&2 || { apt-get update -qq >&2 && apt-get install -y -qq "$tool" >&2; }
    fi
  fi
done
command -v tmux >/dev/null 2>&1 || { say "tmux is missing"; exit 77; }
command -v less >/dev/null 2>&1 || { say "less is missing"; exit 77; }
command -v lnav >/dev/null 2>&1 || say "lnav is missing and could not be installed: its column stays empty"
say "less $(less --version | head -1 | awk '{print $2}'), lnav $(lnav -V 2>/dev/null | head -1 || echo -), $(nproc) cores"
# Warm the page cache, as every figure below is on a warm cache.
cat "$file" >/dev/null

exec python3 - "$logs" "$file" "$follow" "$dir/follow-base.log" "${FOLLOW_SECONDS:-10}" "${REST_SECONDS:-10}" \
  "${PTY_RUNS:-20}" <<'PY'
import fcntl, os, re, select, shutil, signal, statistics, struct, subprocess, sys, termios, threading, time

sys.path.insert(0, os.path.join(os.getcwd(), "Scripts"))
from wakeups import cpu_ticks, sched_counts, wakeups  # shared with Scripts/idle-and-latency.py

logs, big, follow, follow_base, follow_seconds, rest_seconds, pty_runs = sys.argv[1:8]
follow_seconds, rest_seconds, pty_runs = float(follow_seconds), float(rest_seconds), int(pty_runs)
env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
tick = os.sysconf("SC_CLK_TCK")


class Pane:
    """One program in a tmux server of its own."""

    def __init__(self, command):
        self.socket = f"logs-compare-{os.getpid()}-{time.monotonic_ns()}"
        self.start = time.monotonic()
        self.tmux("new-session", "-d", "-x", "120", "-y", "40", "exec " + command)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, env=env).stdout

    def capture(self):
        return self.tmux("capture-pane", "-p")

    def keys(self, *keys):
        self.tmux("send-keys", *keys)

    def pid(self):
        return int(self.tmux("display", "-p", "#{pane_pid}").strip())

    def wait(self, predicate, timeout=600, poll=0.005, every=None):
        last_key = 0
        while True:
            screen = self.capture()
            if predicate(screen):
                return time.monotonic() - self.start, screen
            if time.monotonic() - self.start > timeout:
                raise TimeoutError(screen)
            if every and time.monotonic() - last_key > 0.05:
                every()
                last_key = time.monotonic()
            time.sleep(poll)

    def close(self):
        self.tmux("kill-server")


ESCAPE = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78cDEHM])")


def pty_first_screen(command, marker, runs):
    """The median seconds from launching `command` on a pseudo-terminal of its own (120x40) to the output (escape
    sequences left out) holding `marker`; read as it comes, no polling."""
    times = []
    for _ in range(runs):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        start = time.monotonic()
        process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        data, found = b"", None
        while found is None and time.monotonic() - start < 60:
            if not select.select([master], [], [], 1)[0]:
                continue
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
            if marker.encode() in ESCAPE.sub(b"", data):
                found = time.monotonic() - start
        process.send_signal(signal.SIGTERM)
        try:
            while process.poll() is None:
                if select.select([master], [], [], 0.2)[0] and not os.read(master, 1 << 16):
                    break
            process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()
        os.close(master)
        if found is not None:
            times.append(found)
    return statistics.median(times) if times else None


def first_and_last(path):
    with open(path, "rb") as f:
        first = f.readline().decode()[:24]
        f.seek(max(0, os.path.getsize(path) - 65536))
        tail = f.read().decode(errors="replace").split("\n")
    last = [line for line in tail if line.startswith("2026-")][-1][:24]
    return first, last


have_lnav = shutil.which("lnav") is not None
programs = {"less": "less", "logs": logs, "lnav": "lnav"}
first, last = first_and_last(big)
results = {name: {} for name in programs}

for name, program in programs.items():
    if name == "lnav" and not have_lnav:
        continue
    # Time to the first screen at the end, and peak RSS (after indexing, for logs).
    rss_file = f"/tmp/logs-compare-rss-{name}-{os.getpid()}"
    end_command = {"less": f"less +G {big}", "logs": f"{logs} {big}", "lnav": f"lnav {big}"}[name]
    pane = Pane(f"/usr/bin/time -f %M -o {rss_file} {end_command}")
    try:
        seconds, _ = pane.wait(lambda s: last in s)
        results[name]["end"] = seconds
        if name == "logs":
            pane.wait(lambda s: "indexing" not in s.split("\n")[0], poll=0.05)
        elif name == "lnav":
            time.sleep(1)
        if name == "less":
            pane.keys("C-c")  # less +G goes on counting lines, and takes no q until interrupted
            time.sleep(0.2)
        pane.keys("q")
        for _ in range(1200):
            if os.path.exists(rss_file) and os.path.getsize(rss_file) > 0:
                break
            time.sleep(0.05)
        with open(rss_file) as f:
            results[name]["rss"] = int(f.read().split()[-1]) / 1024
    except TimeoutError as error:
        print(f"{name}: timed out at the end; the pane shows:\n{error}", file=sys.stderr)
    finally:
        pane.close()

    # Time to the first screen at the end on a pseudo-terminal, without tmux.
    if name != "lnav":
        seconds = pty_first_screen(end_command.split(), last, pty_runs)
        if seconds is not None:
            results[name]["pty"] = seconds

    # Time to the first screen at the top.
    top_command = {"less": f"less {big}", "logs": f"{logs} {big}", "lnav": f"lnav {big}"}[name]
    pane = Pane(top_command)
    try:
        press = None if name == "less" else (lambda: pane.keys("g"))
        seconds, _ = pane.wait(lambda s: any(first in line for line in s.split("\n")[0:4]), every=press, timeout=300)
        results[name]["top"] = seconds
    except TimeoutError as error:
        print(f"{name}: timed out at the top; the pane shows:\n{error}", file=sys.stderr)
    finally:
        pane.close()

    # Following a held-open writer at 1,000 lines a second; then at rest.
    shutil.copyfile(follow_base, follow)
    follow_command = {"less": f"less +F {follow}", "logs": f"{logs} {follow}", "lnav": f"lnav {follow}"}[name]
    pane = Pane(follow_command)
    try:
        pane.wait(lambda s: "2026-" in s, timeout=60)
        time.sleep(1)
        pid = pane.pid()
        written = {}
        done = threading.Event()

        def writer():
            fd = os.open(follow, os.O_WRONLY | os.O_APPEND)
            start = time.monotonic()
            sequence = 0
            while time.monotonic() - start < follow_seconds:
                due = start + sequence / 1000
                now = time.monotonic()
                if due > now:
                    time.sleep(due - now)
                sequence += 1
                written[sequence] = time.monotonic()
                os.write(fd, f"2026-11-26T00:00:00.000Z INFO follow.writer: seq={sequence:08d}\n".encode())
            os.close(fd)
            done.set()

        cpu_before = cpu_ticks(pid)
        began = time.monotonic()
        thread = threading.Thread(target=writer)
        thread.start()
        lags = []
        seen = 0
        while not done.is_set():
            screen = pane.capture()
            now = time.monotonic()
            numbers = [int(n) for n in re.findall(r"seq=(\d{8})", screen)]
            if numbers and max(numbers) > seen:
                seen = max(numbers)
                lags.append((now - written[seen]) * 1000)
            time.sleep(0.01)
        thread.join()
        elapsed = time.monotonic() - began
        results[name]["cpu"] = 100 * (cpu_ticks(pid) - cpu_before) / tick / elapsed
        lags.sort()
        if lags:
            results[name]["lag"] = (statistics.median(lags), lags[int(len(lags) * 0.9)])
        time.sleep(1)
        if name != "less":
            pane.keys("k")
            time.sleep(0.2)
            pane.keys("G")
        time.sleep(2)
        runs = sched_counts(pid)
        time.sleep(rest_seconds)
        results[name]["rest"] = wakeups(runs, sched_counts(pid))[0] / rest_seconds
    except TimeoutError as error:
        print(f"{name}: timed out following; the pane shows:\n{error}", file=sys.stderr)
    finally:
        pane.close()


def cell(name, key, form):
    value = results[name].get(key)
    return "–" if value is None else form(value)


print(f"| {os.path.basename(big)} ({os.path.getsize(big) / 1e9:.2f} GB) | less | logs | lnav |")
print("| --- | ---: | ---: | ---: |")
rows = [
    ("first screen at the end (tmux), ms", "end", lambda v: f"{v * 1000:.0f}"),
    ("first screen at the end without tmux (pty, median), ms", "pty", lambda v: f"{v * 1000:.1f}"),
    ("first screen at the top, s", "top", lambda v: f"{v:.2f}"),
    ("peak RSS, MiB", "rss", lambda v: f"{v:.1f}"),
    ("follow 1,000 lines/s: lag median / p90, ms", "lag", lambda v: f"{v[0]:.0f} / {v[1]:.0f}"),
    ("follow 1,000 lines/s: CPU % of a core", "cpu", lambda v: f"{v:.1f}"),
    ("at rest after following: wake-ups/s", "rest", lambda v: f"{v:.1f}"),
]
for label, key, form in rows:
    print(f"| {label} | " + " | ".join(cell(name, key, form) for name in programs) + " |")
PY
