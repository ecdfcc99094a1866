#!/bin/sh
# Times TableViewerKit on a generated CSV (Examples/TableViewer/README.md): builds the kit in release, compiles
# Scripts/table-viewer-bench.swift against it, and runs it.
#   Scripts/table-viewer-bench.sh [FILE] [ROWS]     (default /tmp/tv-bench.csv, 3,367,760 rows x 19 columns)
# The file is generated once (about 590 MB) and kept for the next run; it is not part of the repository.
set -eu
cd "$(dirname "$0")/.."
file=${1:-/tmp/tv-bench.csv}
rows=${2:-3367760}
swift build -c release --target TableViewerKit >/dev/null
bin=$(swift build -c release --show-bin-path)
out=${TMPDIR:-/tmp}/table-viewer-bench
swiftc -O -module-name TableViewerBench -I "$bin/Modules" \
    -Xcc -I -Xcc Examples/TableViewer/CMapGuard/include \
    -Xcc -fmodule-map-file="$bin/CMapGuard.build/module.modulemap" \
    Scripts/table-viewer-bench.swift "$bin"/TableViewerKit.build/*.o "$bin"/CMapGuard.build/*.o -o "$out" 2>&1 \
    | grep -v "^$" || true
"$out" "$file" "$rows"
