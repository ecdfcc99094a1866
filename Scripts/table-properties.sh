#!/usr/bin/env bash
# The generated-table tests with a large budget: CASES cases (default 100,000) from SEED, in a release
# build. Prints how many ran; a failure is shrunk and printed as Swift to paste into a regression test.
# A crash leaves the case that caused it in ${TMPDIR:-/tmp}/termtable-property-case.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
export TERMTABLE_PROPERTY_CASES="${CASES:-100000}"
export TERMTABLE_PROPERTY_SEED="${SEED:-32935665389}"
swift build -c release -Xswiftc -enable-testing --build-tests --scratch-path .build-release-tests
swift test -c release -Xswiftc -enable-testing --scratch-path .build-release-tests --skip-build \
  --filter "TablePropertyTests|ViewSizeTests|TableSortPropertyTests|TableColumnsPropertyTests|TableViewStatePropertyTests"
