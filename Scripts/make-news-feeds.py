#!/usr/bin/env python3
"""Writes FEEDS RSS 2.0 files of ITEMS items each into DIR (for measuring the news reader at scale).

Usage: Scripts/make-news-feeds.py DIR [--feeds 200] [--items 200]

Deterministic (no randomness, no clock): feed f, item i has the title "Feed f item i: ...", a link,
a date and a description of a few hundred bytes, about 17 MB for 200 x 200. The files are test
input, not committed. Standard library only.
"""
import argparse, os
from email.utils import format_datetime
from datetime import datetime, timedelta, timezone
from xml.sax.saxutils import escape

WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa "
         "quebec romeo sierra tango uniform victor whiskey xray yankee zulu swift terminal render scroll buffer "
         "window").split()


def sentence(seed, length):
    words, state = [], seed * 2654435761 % 2**32 or 1
    while sum(len(w) + 1 for w in words) < length:
        state = (state * 1103515245 + 12345) % 2**31
        words.append(WORDS[state % len(WORDS)])
    return " ".join(words)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--feeds", type=int, default=200)
    parser.add_argument("--items", type=int, default=200)
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    start = datetime(2026, 11, 1, tzinfo=timezone.utc)
    for f in range(args.feeds):
        parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>',
                 f"<title>Feed {f}</title><link>http://feed{f}.example/</link>",
                 f"<description>Generated feed {f}</description>"]
        for i in range(args.items):
            date = format_datetime(start + timedelta(minutes=f * 7 + i * 53))
            title = escape(f"Feed {f} item {i}: {sentence(f * 1000 + i, 40)}")
            body = escape(sentence(f * 100000 + i, 300))
            parts.append(f"<item><title>{title}</title><link>http://feed{f}.example/{i}</link>"
                         f"<guid>http://feed{f}.example/{i}</guid><pubDate>{date}</pubDate>"
                         f"<description>{body}</description></item>")
        parts.append("</channel></rss>\n")
        with open(os.path.join(args.dir, f"feed{f:03d}.xml"), "w") as out:
            out.write("\n".join(parts))


if __name__ == "__main__":
    main()
