#!/usr/bin/env python3
"""Times `news` on big data in tmux (a benchmark, not a test): a feed of many articles and a
state file holding many read ids. Reports the load, each `m`, the first `G` after `m`, and a
burst of `r` presses (how long until the interface answers a key again).

    python3 Examples/NewsReader/Benchmarks/big_data.py --news .build/release/news \
        [--articles 60000] [--read-ids 2000000] [--reloads 20]

Needs tmux. Times are wall-clock from sending a key to seeing its effect in `tmux capture-pane`
(polled every 5 ms), so they include drawing; run it on an idle machine and compare builds
on the same one."""
import argparse, json, os, shutil, subprocess, sys, tempfile, time

def sh(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout

class Pane:
    def __init__(self, socket, command, width=120, height=40):
        self.socket = socket
        sh("tmux", "-L", socket, "new-session", "-d", "-x", str(width), "-y", str(height), command)
    def text(self):
        return sh("tmux", "-L", self.socket, "capture-pane", "-p")
    def keys(self, *keys):
        sh("tmux", "-L", self.socket, "send-keys", *keys)
    def wait(self, predicate, limit=600):
        start = time.monotonic()
        while time.monotonic() - start < limit:
            if predicate(self.text()):
                return time.monotonic() - start
            time.sleep(0.005)
        raise SystemExit("timed out waiting; screen:\n" + self.text())
    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--news", required=True)
    parser.add_argument("--articles", type=int, default=60000)
    parser.add_argument("--read-ids", type=int, default=2000000)
    parser.add_argument("--reloads", type=int, default=20)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="news-bench-")
    try:
        feed = os.path.join(work, "big.xml")
        with open(feed, "w") as out:
            out.write('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Big</title>\n')
            for i in range(args.articles):
                out.write(f"<item><title>Article {i:06d}</title><guid>item-{i}</guid>"
                          f"<description>Summary {i:06d}</description></item>\n")
            out.write("</channel></rss>\n")
        state = os.path.join(work, "state", "termtable-news")
        os.makedirs(state)
        ids = [f"old-{i:08d}" for i in range(args.read_ids)]
        with open(os.path.join(state, "read-state.json"), "w") as out:
            json.dump({"version": 2, "read": ids, "lastSeen": [20400] * len(ids)}, out)
        print(f"feed: {args.articles} articles, {os.path.getsize(feed) / 1e6:.1f} MB; "
              f"state: {args.read_ids} read ids, {os.path.getsize(os.path.join(state, 'read-state.json')) / 1e6:.1f} MB")
        last = f"Article {args.articles - 1:06d}"
        sys.stdout.flush()
        pane = Pane("news-bench", f"env XDG_STATE_HOME={work}/state {os.path.abspath(args.news)} {feed}")
        try:
            t = pane.wait(lambda s: f"1/{args.articles}" in s)
            print(f"load: {t:.2f} s")
            for n in range(3):
                pane.keys("m")
                unread = f"{args.articles - n - 1} unread"
                t = pane.wait(lambda s: unread in s)
                print(f"m #{n + 1}: {t * 1000:.0f} ms")
                pane.keys("j")
                time.sleep(0.2)
            pane.keys("G")
            t = pane.wait(lambda s: last in s)
            print(f"first G after m: {t * 1000:.0f} ms")
            pane.keys("g")
            pane.wait(lambda s: "Article 000000" in s)
            for _ in range(args.reloads):
                pane.keys("r")
            start = time.monotonic()
            pane.keys("/")
            pane.wait(lambda s: any(line.startswith("/") for line in s.splitlines()))
            print(f"{args.reloads} x r, then /: the prompt showed after {(time.monotonic() - start) * 1000:.0f} ms")
            pane.keys("Escape")
            t = pane.wait(lambda s: f"1/{args.articles}" in s and "loading" not in s)
            print(f"reloads settled after another {t:.2f} s")
        finally:
            pane.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    main()
