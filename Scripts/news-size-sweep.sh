#!/usr/bin/env bash
# Starts the real `news` in tmux at every size of the full sweep (heights 1-60 at 100 columns,
# widths 1-200 at 31 lines), drives it with keys and resizes, and expects it to quit with status 0.
# CI runs a sample of these sizes in `swift test`; this runs all 260 (about 3 minutes here).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
NEWS_SIZE_SWEEP=full swift test --skip-build --filter SizeSweepTests
