#!/usr/bin/env python3
"""Idle cost and key-to-frame latency of a TermTable app on a 120x40 pseudo-terminal.

Usage: Scripts/idle-and-latency.py [--idle S] [--keys N] -- PROGRAM [ARGS...]

Starts PROGRAM on a fresh pty (TERM=xterm-256color), waits until its output
settles, then
  * idle: sums the scheduler's "times run" counter (/proc/PID/task/*/schedstat,
    third field) over all threads before and after S seconds at rest, and the
    CPU time used meanwhile: wake-ups per second and CPU % at rest;
  * latency: N times sends a Down arrow (then an Up arrow, alternately) and
    times from the write to the first byte of the frame it causes; prints the
    median and 90th percentile in microseconds.
Finally sends `q` and waits for the exit. Standard library only.
"""
import argparse, fcntl, os, pty, select, signal, statistics, struct, sys, termios, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wakeups import cpu_seconds, sched_counts, wakeups  # shared with Scripts/logs-compare.sh


def drain(fd, quiet):
    """Reads until nothing arrives for `quiet` seconds."""
    while True:
        r, _, _ = select.select([fd], [], [], quiet)
        if not r:
            return
        try:
            if not os.read(fd, 65536):
                return
        except OSError:
            return


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--idle", type=float, default=10.0)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--settle", type=float, default=1.0)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = [c for c in args.command if c != "--"] if args.command[:1] == ["--"] else args.command
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        for name in ("LINES", "COLUMNS"):
            os.environ.pop(name, None)
        os.execvp(command[0], command)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    drain(fd, args.settle)

    before, cpu_before = sched_counts(pid), cpu_seconds(pid)
    start = time.monotonic()
    end = start + args.idle
    while time.monotonic() < end:  # keep draining so a chatty app cannot block on a full pty
        drain(fd, min(0.5, max(0.0, end - time.monotonic())))
    elapsed = time.monotonic() - start
    after, cpu_after = sched_counts(pid), cpu_seconds(pid)
    runs, exited, started = wakeups(before, after)
    print(f"idle: {runs / elapsed:.1f} wake-ups/s, CPU {(cpu_after - cpu_before) / elapsed * 100:.2f}% "
          f"over {elapsed:.1f} s ({len(after)} threads; {exited} exited, {started} started meanwhile)")

    samples = []
    for i in range(args.keys):
        key = b"\x1bOB" if i % 2 == 0 else b"\x1bOA"  # kcud1 / kcuu1 in keypad mode
        t0 = time.perf_counter()
        os.write(fd, key)
        r, _, _ = select.select([fd], [], [], 0.5)
        t1 = time.perf_counter()
        if r:
            samples.append((t1 - t0) * 1e6)
        drain(fd, 0.02)
    if samples:
        samples.sort()
        p90 = samples[min(len(samples) - 1, int(len(samples) * 0.9))]
        print(f"key-to-frame: median {statistics.median(samples):.0f} µs, p90 {p90:.0f} µs "
              f"({len(samples)} of {args.keys} keys drew)")
    os.write(fd, b"q")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        drain(fd, 0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


if __name__ == "__main__":
    main()
