#!/usr/bin/env python3
"""Runs feedparser's test suite against `news --print --format json`.

feedparser's source distribution carries ~2,000 small feeds under tests/, each with an
`Expect:` line: a Python expression over what feedparser returns. This script fetches the
sdist (never committed), runs the reader on every feed, maps the reader's JSON onto
feedparser's names and evaluates each applicable expectation.

Applicable: the expression reads at least one field the reader models (feed title, entry
title, link, author, dates, summaries) and none it does not (an expectation on `encoding`,
`version`, enclosures, tags... is counted as not applicable). Text fields compare as the
reader shows them: the expected value matches if it is equal, or equal once its HTML is
reduced to text (tags removed, script/style dropped, entities decoded, whitespace collapsed);
an author matches its name part (`me@example.com (Jo)` gives `Jo`).

Feeds whose path contains `http` are served from 127.0.0.1 with the `Header:` lines of the
file, as feedparser's own runner does, so HTTP charsets are exercised.

Usage:
  Scripts/feedparser-conformance.py [--news .build/debug/news] [--tests DIR] [--markdown]
                                    [--min-core-rate 95] [--min-rate 97] [--failures] [--only SUBSTRING]

Exit status: 0 when the reader never crashed, the core rate (title, link and date
expectations in wellformed/rss, atom, atom10, rdf) is at least --min-core-rate and the rate
over all applicable expectations at least --min-rate; 1 when not; 77 when feedparser could
not be fetched (PyPI unreachable): the caller may skip.
"""

import argparse
import ast
import datetime
import glob
import html
import html.parser
import http.server
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import urllib.parse

FEEDPARSER_VERSION = "6.0.14"
SKIP_STATUS = 77
CORE_DIRECTORIES = ("wellformed/rss", "wellformed/atom", "wellformed/atom10", "wellformed/rdf")
CORE_CATEGORIES = ("title", "link", "date")
CATEGORIES = ("feed title", "title", "link", "author", "date", "summary")

DESCRIPTION_RE = re.compile(rb"Description:\s*(.*?)\s*Expect:\s*(.*)\s*-->")
SKIP_RE = re.compile(rb"SkipUnless:\s*(.*?)\n")
HEADER_RE = re.compile(rb"^Header:\s+([^:]+):(.+)$", re.MULTILINE)

# Fields the reader models, and the category each counts in.
FEED_KEYS = {"title": "feed title", "title_detail": "feed title", "link": "link",
             "subtitle": "summary", "tagline": "summary", "description": "summary",
             "subtitle_detail": "summary", "tagline_detail": "summary"}
ENTRY_KEYS = {"title": "title", "title_detail": "title", "link": "link",
              "author": "author", "author_detail": "author",
              "summary": "summary", "description": "summary", "summary_detail": "summary",
              "content": "summary", "published_parsed": "date", "updated_parsed": "date"}
DETAIL_KEYS = {"value", "name"}
TOP_NAMES = {"bozo", "feed", "entries"}
NEUTRAL_NAMES = {"len", "ord", "str", "int", "True", "False", "None", "not", "get", "keys",
                 "startswith", "endswith", "strip", "lower", "upper", "find", "count", "split",
                 "items", "values", "replace"}


class NotModeled(Exception):
    """An expectation reads a field the reader does not model."""


def collapse(text):
    return " ".join(text.split())


class _TextExtractor(html.parser.HTMLParser):
    HIDDEN = {"script", "style", "noscript", "template", "head", "title", "iframe", "object", "svg", "math"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.hidden = 0
        self.images = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.images.append((dict(attrs).get("alt"), dict(attrs).get("src")))
        if tag in self.HIDDEN:
            self.hidden += 1
        elif tag in ("br", "p", "div", "li", "tr"):
            self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def html_to_text(markup, images=False):
    """Markup as a reader shows it; markup with no text but an image shows the image's alt
    text, else its file name in brackets (as text browsers do)."""
    extractor = _TextExtractor()
    try:
        extractor.feed(markup)
        extractor.close()
    except Exception:
        return collapse(html.unescape(markup))
    text = collapse("".join(extractor.parts))
    if not text and images and extractor.images:
        alt, source = extractor.images[0]
        path = re.split(r"[?#]", source or "")[0]
        name = [part for part in path.split("/") if part and ":" not in part]
        text = collapse(alt or "") or (f"[{name[-1]}]" if name else "")
    return text


class Text(str):
    """A plain-text field: equal to the expected value, or to its HTML reduced to text."""

    images = False

    def __eq__(self, other):
        if not isinstance(other, str):
            return False
        if str.__eq__(self, other):
            return True
        mine = collapse(re.sub(r"(^|\n)• ", r"\1", str(self)))
        return mine == collapse(other) or mine == html_to_text(other, self.images) \
            or mine == collapse(html.unescape(other))

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = str.__hash__


class Title(Text):
    """A title: as `Text`, and a title of only an image shows its alt text or file name."""

    images = True


class Link(str):
    """A URL: equal when equal, or equal once both are percent-decoded."""

    def __eq__(self, other):
        if not isinstance(other, str):
            return False
        return str.__eq__(self, other) or urllib.parse.unquote(str(self)) == urllib.parse.unquote(other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = str.__hash__


def name_part(author):
    match = re.match(r"^\s*\S+@\S+\s*\((.*)\)\s*$", author) or re.match(r"^\s*(.*?)\s*\(\S+@\S+\)\s*$", author)
    return match.group(1).strip() if match else author.strip()


class Author(Text):
    """An author's name: equal to the expected value or to its name part."""

    def __eq__(self, other):
        return isinstance(other, str) and (Text.__eq__(self, other) or Text.__eq__(self, name_part(other)))

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = str.__hash__


class FPDict(dict):
    """A dict that also answers attribute access, like feedparser's FeedParserDict."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key)


def struct_time(iso):
    date = datetime.datetime.strptime(iso, "%Y-%m-%dT%H:%M:%SZ")
    return time.struct_time(date.timetuple()[:8] + (0,))


def environment(result):
    """feedparser's result names for one of the reader's JSON objects."""
    if result is None or "error" in result:
        return {"bozo": True, "feed": FPDict(), "entries": []}
    feed = FPDict()
    title = result.get("title")
    if title is not None and title != result.get("source"):
        feed["title"] = Title(title)
        feed["title_detail"] = FPDict(value=Title(title))
    if result.get("link"):
        feed["link"] = Link(result["link"])
    # An absent and an empty subtitle or summary look the same to a reader: both show nothing.
    subtitle = Text(result.get("subtitle", ""))
    for key in ("subtitle", "tagline", "description"):
        feed[key] = subtitle
    feed["subtitle_detail"] = feed["tagline_detail"] = FPDict(value=subtitle)
    entries = []
    for article in result.get("articles", []):
        entry = FPDict()
        entry["title"] = Title(article["title"])
        entry["title_detail"] = FPDict(value=Title(article["title"]))
        if article.get("link"):
            entry["link"] = Link(article["link"])
        if article.get("author"):
            entry["author"] = Author(article["author"])
            entry["author_detail"] = FPDict(name=Author(article["author"]))
        summary = Text(article.get("summary", ""))
        entry["summary"] = entry["description"] = summary
        entry["summary_detail"] = FPDict(value=summary)
        entry["content"] = [FPDict(value=summary)]
        if article.get("date"):
            entry["published_parsed"] = entry["updated_parsed"] = struct_time(article["date"])
        entries.append(entry)
    return {"bozo": False, "feed": feed, "entries": entries}


def classify(expression):
    """The categories an expectation reads, or raises NotModeled."""
    tree = ast.parse(expression, mode="eval")
    categories = set()
    keys = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if node.id in TOP_NAMES or node.id in NEUTRAL_NAMES:
                continue
            raise NotModeled(node.id)
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
            keys.append((node.value, node.slice.value))
        elif isinstance(node, ast.Attribute):
            keys.append((node.value, node.attr))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and node.args and isinstance(node.args[0], ast.Constant):
            keys.append((node.func.value, node.args[0].value))
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str) \
                and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            keys.append((node.comparators[0], node.left.value))
    for owner, key in keys:
        if key in NEUTRAL_NAMES:
            continue
        base = ast.unparse(owner)
        if base == "feed":
            table = FEED_KEYS
        elif re.fullmatch(r"entries\[-?\d+\]", base):
            table = ENTRY_KEYS
        else:
            if key in DETAIL_KEYS:
                continue
            raise NotModeled(key)
        if key not in table:
            raise NotModeled(key)
        categories.add(table[key])
    if not categories:
        raise NotModeled("nothing the reader models")
    return categories


class TestFile:
    def __init__(self, root, path):
        self.path = path
        self.relative = os.path.relpath(path, root)
        self.directory = os.path.dirname(self.relative)
        with open(path, "rb") as handle:
            data = handle.read()
        match = DESCRIPTION_RE.search(data)
        for codec in ("utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be", "cp037"):
            if match:
                break
            try:  # UTF-16/32 and EBCDIC test files
                match = DESCRIPTION_RE.search(data.decode(codec).encode("utf-8"))
            except UnicodeError:
                pass
        self.expectation = match.group(2).decode("utf-8").strip() if match else None
        self.skip = bool(SKIP_RE.search(data))
        self.served = "http" in self.relative
        self.result = None
        self.crashed = None


class Handler(http.server.SimpleHTTPRequestHandler):
    def send_head(self):
        path = self.translate_path(self.path)
        if not os.path.isfile(path):
            self.send_error(404)
            return None
        with open(path, "rb") as handle:
            blob = handle.read()
        headers = {k.decode("utf-8"): v.decode("utf-8").strip() for k, v in HEADER_RE.findall(blob)}
        status = int(headers.pop("Status", 200))
        self.send_response(status)
        self.send_header("Content-type", headers.pop("Content-type", "application/xml"))
        self.send_header("Content-Length", str(len(blob)))
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        handle = open(path, "rb")
        return handle

    def log_message(self, *args):
        pass


def serve(directory):
    handler = lambda *args, **kwargs: Handler(*args, directory=directory, **kwargs)
    for port in (8097, 0):
        try:
            server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
            break
        except OSError:
            continue
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def fetch_feedparser(workdir):
    """Downloads and unpacks feedparser's sdist; returns its tests/ directory, or None."""
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
               "--no-deps", "--no-binary", ":all:", "--timeout", "20", "--retries", "1",
               f"feedparser=={FEEDPARSER_VERSION}", "-d", workdir]
    try:
        subprocess.run(command, check=True, timeout=180, stdin=subprocess.DEVNULL)
    except (subprocess.SubprocessError, OSError) as error:
        print(f"conformance: cannot download feedparser {FEEDPARSER_VERSION} from PyPI ({error})", file=sys.stderr)
        return None
    archives = glob.glob(os.path.join(workdir, "feedparser-*.tar.gz"))
    if not archives:
        return None
    with tarfile.open(archives[0]) as archive:
        archive.extractall(workdir, filter="data") if hasattr(tarfile, "data_filter") else archive.extractall(workdir)
    tests = glob.glob(os.path.join(workdir, "feedparser-*", "tests"))
    return tests[0] if tests else None


def run_news(news, arguments, timeout):
    """The reader's JSON for `arguments`, or (None, why) when it crashed or printed no JSON."""
    try:
        process = subprocess.run([news, "--print", "--format", "json", *arguments], capture_output=True,
                                 timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout} s"
    if process.returncode < 0 or process.returncode > 1:
        return None, f"exit status {process.returncode}: {process.stderr.decode('utf-8', 'replace').strip()[-300:]}"
    try:
        parsed = json.loads(process.stdout)
    except ValueError as error:
        return None, f"output is not JSON ({error})"
    # A source that failed is said on standard error (`news: SOURCE: REASON`), not in the JSON: put it back in
    # its place, so the output has one entry per argument (a list names several feeds and is not used here).
    failed = {}
    for line in process.stderr.decode("utf-8", "replace").splitlines():
        for argument in arguments:
            if line.startswith(f"news: {argument}: "):
                failed.setdefault(argument, line[len(f"news: {argument}: "):])
    if len(parsed) + len(failed) != len(arguments):
        return parsed, None  # the caller runs the arguments one by one
    loaded = iter(parsed)
    return [{"source": a, "error": failed[a]} if a in failed else next(loaded, None) for a in arguments], None


def load_all(news, files, root, base_url, batch=150):
    arguments = [f"{base_url}/{f.relative}" if f.served else f.path for f in files]
    for start in range(0, len(files), batch):
        chunk = files[start:start + batch]
        output, _ = run_news(news, arguments[start:start + batch], timeout=300)
        if output is not None and len(output) == len(chunk):
            for test, result in zip(chunk, output):
                test.result = result
            continue
        for test, argument in zip(chunk, arguments[start:start + batch]):  # find the culprit
            output, why = run_news(news, [argument], timeout=60)
            if output is None:
                test.crashed = why
            elif len(output) == 1:
                test.result = output[0]
            else:
                test.result = {"source": argument, "error": f"{len(output)} results for one feed"}


def evaluate(files):
    rows = {}
    failures = []
    for test in files:
        row = rows.setdefault(test.directory, {"files": 0, "crashes": 0, "errors": 0,
                                               "applicable": 0, "passed": 0,
                                               "core": [0, 0], "by": {c: [0, 0] for c in CATEGORIES}})
        row["files"] += 1
        if test.crashed:
            row["crashes"] += 1
            failures.append((test, "CRASH " + test.crashed))
            continue
        if test.result is not None and "error" in test.result:
            row["errors"] += 1
        if not test.expectation or test.skip:
            continue
        try:
            categories = classify(test.expectation)
        except (NotModeled, SyntaxError):
            continue
        env = environment(test.result)
        try:
            passed = bool(eval(test.expectation, {"__builtins__": __builtins__}, env))
        except Exception as error:  # a missing entry or field is a miss
            passed = False
            env["why"] = f"{type(error).__name__}: {error}"
        row["applicable"] += 1
        row["passed"] += passed
        for category in categories:
            row["by"][category][0] += 1
            row["by"][category][1] += passed
        if categories & set(CORE_CATEGORIES) and test.directory in CORE_DIRECTORIES:
            row["core"][0] += 1
            row["core"][1] += passed
        if not passed:
            failures.append((test, env.get("why", "")))
    return rows, failures


def rate(passed, total):
    return f"{100.0 * passed / total:.1f}%" if total else "-"


def table(rows, markdown):
    header = ["directory", "feeds", "crashes", "error rows", "applicable", "passed", "rate"] + list(CATEGORIES)
    lines = []
    total = {"files": 0, "crashes": 0, "errors": 0, "applicable": 0, "passed": 0,
             "by": {c: [0, 0] for c in CATEGORIES}}
    body = []
    for directory in sorted(rows):
        row = rows[directory]
        for key in ("files", "crashes", "errors", "applicable", "passed"):
            total[key] += row[key]
        for c in CATEGORIES:
            total["by"][c][0] += row["by"][c][0]
            total["by"][c][1] += row["by"][c][1]
        body.append(cells(directory, row))
    body.append(cells("all", total))
    if markdown:
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|" + "---|" * len(header))
        lines += ["| " + " | ".join(r) + " |" for r in body]
    else:
        widths = [max(len(r[i]) for r in body + [header]) for i in range(len(header))]
        for r in [header] + body:
            lines.append("  ".join(cell.ljust(width) for cell, width in zip(r, widths)))
    return "\n".join(lines)


def cells(name, row):
    by = [f"{p}/{t}" if t else "-" for t, p in (row["by"][c] for c in CATEGORIES)]
    return [name, str(row["files"]), str(row["crashes"]), str(row["errors"]), str(row["applicable"]),
            str(row["passed"]), rate(row["passed"], row["applicable"])] + by


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--news", default=".build/debug/news", help="the news executable")
    parser.add_argument("--tests", help="an unpacked feedparser tests/ directory (else downloaded)")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--failures", action="store_true", help="list every failed expectation")
    parser.add_argument("--only", help="only feeds whose path contains this")
    parser.add_argument("--min-core-rate", type=float, default=0.0,
                        help="fail below this rate (percent) of title/link/date expectations in the core sets")
    parser.add_argument("--min-rate", type=float, default=0.0,
                        help="fail below this rate (percent) of all applicable expectations")
    options = parser.parse_args()
    if not os.access(options.news, os.X_OK):
        print(f"conformance: {options.news} is not an executable (build it with swift build)", file=sys.stderr)
        return 1
    news = os.path.abspath(options.news)
    with tempfile.TemporaryDirectory(prefix="feedparser-conformance-") as workdir:
        tests = options.tests or fetch_feedparser(workdir)
        if tests is None:
            print("conformance: skipped (feedparser's test suite could not be fetched)", file=sys.stderr)
            return SKIP_STATUS
        tests = os.path.abspath(tests)
        root = os.path.dirname(tests)
        paths = sorted(glob.glob(os.path.join(tests, "**", "*.xml"), recursive=True))
        files = [TestFile(tests, p) for p in paths if not options.only or options.only in p]
        server = serve(root)
        base_url = f"http://127.0.0.1:{server.server_address[1]}/tests"
        started = time.monotonic()
        try:
            load_all(news, files, tests, base_url)
        finally:
            server.shutdown()
        rows, failures = evaluate(files)
    print(table(rows, options.markdown))
    core_total = sum(rows[d]["core"][0] for d in rows if d in CORE_DIRECTORIES)
    core_passed = sum(rows[d]["core"][1] for d in rows if d in CORE_DIRECTORIES)
    crashes = sum(row["crashes"] for row in rows.values())
    core_rate = 100.0 * core_passed / core_total if core_total else 100.0
    print(f"\ncore (title, link, date in {', '.join(d.split('/')[-1] for d in CORE_DIRECTORIES)}): "
          f"{core_passed}/{core_total} = {core_rate:.1f}%; crashes: {crashes}; "
          f"{len(files)} feeds in {time.monotonic() - started:.0f} s")
    if options.failures or crashes:
        for test, why in failures:
            if options.failures or why.startswith("CRASH"):
                print(f"FAIL {test.relative}: {test.expectation}  {why}")
    applicable = sum(row["applicable"] for row in rows.values())
    passed = sum(row["passed"] for row in rows.values())
    overall_rate = 100.0 * passed / applicable if applicable else 100.0
    problems = []
    if crashes:
        problems.append(f"{crashes} crashes")
    if core_rate < options.min_core_rate:
        problems.append(f"core rate {core_rate:.1f}% < {options.min_core_rate}%")
    if overall_rate < options.min_rate:
        problems.append(f"overall rate {overall_rate:.1f}% < {options.min_rate}%")
    if problems:
        print("conformance: FAILED (" + "; ".join(problems) + ")", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
