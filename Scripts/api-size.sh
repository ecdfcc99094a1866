#!/usr/bin/env bash
# The public API's size per toolkit target (ARCHITECTURE.md, "Which target"): the public and open symbols of each
# module's symbol graph, without synthesized members and without members inherited through classes or default
# implementations. A module's extensions of another module's types count for the module that declares them.
#
#   Scripts/api-size.sh             a table: target, public + open symbols, of which types
#   Scripts/api-size.sh --markdown  the same as ARCHITECTURE.md's table rows
#
# Needs a build (dump-symbol-graph builds what is missing first).
set -euo pipefail
cd "$(dirname "$0")/.."

format="${1:-text}"
out=$(swift package dump-symbol-graph --skip-synthesized-members --minimum-access-level public 2>&1 </dev/null) || {
  echo "$out" >&2
  exit 1
}
dir="${out##*Files written to }"
dir="${dir%%$'\n'*}"

python3 - "$dir" "$format" <<'PY'
import glob, json, os, sys

directory, form = sys.argv[1], sys.argv[2]
modules = ["TermTableCore", "TermTableLayout", "TermTable", "TermTableTesting", "TermTableTestSupport"]
type_kinds = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
total = 0
rows = []
for module in modules:
    files = [os.path.join(directory, module + ".symbols.json")]
    files += glob.glob(os.path.join(directory, module + "@*.symbols.json"))
    symbols = []
    for path in files:
        if os.path.exists(path):
            with open(path) as handle:
                symbols += json.load(handle)["symbols"]
    public = [s for s in symbols if s.get("accessLevel") in ("public", "open")]
    types = [s for s in public if s["kind"]["identifier"] in type_kinds]
    rows.append((module, len(public), len(types)))
    total += len(public)
if form == "--markdown":
    for module, count, types in rows:
        print(f"| {module} | {count} | {types} |")
    print(f"| total | {total} | |")
else:
    for module, count, types in rows:
        print(f"{module:22} {count:5} public/open symbols ({types} types)")
    print(f"{'total':22} {total:5}")
PY
