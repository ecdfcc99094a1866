#!/usr/bin/env python3
"""Times the news reader loading many feeds: first frame, first article, all loaded, peak memory.

Usage: Scripts/news-load-timing.py [--pattern REGEX] [--quiet S] -- PROGRAM [ARGS...]

Starts PROGRAM on a fresh 120x40 pty (TERM=xterm-256color) and reads its output as fast as it
comes. Prints, in seconds from the fork:
  * first frame: the first output byte;
  * first article: the first output matching --pattern (default `Feed [0-9]+ item`, the titles
    of Scripts/make-news-feeds.py);
  * all loaded: the last moment the process used CPU (sampled from /proc/PID/stat every 5 ms)
    before it stayed idle for --quiet seconds (an event-driven reader at rest uses none);
and the peak resident memory (VmHWM), then sends `q` and waits for the exit. Standard library only.
"""
import argparse, fcntl, os, pty, re, select, signal, struct, sys, termios, time


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def vm_hwm(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pattern", default=r"Feed [0-9]+ item")
    parser.add_argument("--quiet", type=float, default=2.0)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    pattern = re.compile(args.pattern.encode())
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        for name in ("LINES", "COLUMNS"):
            os.environ.pop(name, None)
        os.execvp(command[0], command)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    first_byte = first_article = None
    tail = b""
    last_ticks, last_busy = -1, start
    while time.monotonic() - start < args.timeout:
        r, _, _ = select.select([fd], [], [], 0.005)
        now = time.monotonic()
        if r:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            if first_byte is None:
                first_byte = now - start
            if first_article is None:
                tail = (tail + data)[-4096:]
                if pattern.search(tail):
                    first_article = now - start
        ticks = cpu_ticks(pid)
        if ticks != last_ticks:
            last_ticks, last_busy = ticks, now
        elif first_article is not None and now - last_busy > args.quiet:
            break
    hwm = vm_hwm(pid)
    fmt = lambda v: "-" if v is None else f"{v:.3f} s"
    print(f"first frame {fmt(first_byte)}, first article {fmt(first_article)}, "
          f"all loaded {fmt(last_busy - start)}, peak RSS {hwm:.1f} MiB")
    os.write(fd, b"q")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            return
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                os.read(fd, 65536)
            except OSError:
                pass
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


if __name__ == "__main__":
    main()
