#!/usr/bin/env bash
# libFuzzer harnesses (Fuzz/*.swift) built with ASan (+ LeakSanitizer), UBSan for the C target.
#
#   Scripts/fuzz.sh build  [layout|feed]...     build the fuzzers into .build-fuzz (both by default)
#   Scripts/fuzz.sh replay [layout|feed]...     run every seed, saved input and past crash once (-runs=0);
#                                               exits non-zero on any crash, leak or sanitizer report
#   Scripts/fuzz.sh run TARGET MINUTES          a campaign of MINUTES; new crashes are written to
#                                               Fuzz/corpus/TARGET/crashes/ (commit them: they are
#                                               replayed from then on), the grown corpus to .build-fuzz
#
# Seeds: layout: Layouts/*.layout and the ```layout blocks of Layouts/README.md; feed: the sample feeds
# (Examples/NewsKit/Samples) and the NewsKit test fixtures; both plus Fuzz/corpus/TARGET (inputs worth
# keeping) and Fuzz/corpus/TARGET/crashes (past crashes). Fuzz/pending/TARGET holds crashes whose fix is
# not merged yet: not replayed. Dictionaries: Fuzz/TARGET.dict.
#
# The harness and the library's sources are compiled by swiftc into one module (internal API reachable;
# SwiftPM has no fuzzer product type). swiftc rejects -sanitize=undefined on Linux: UBSan covers the C
# target (CTermGuard) only. SWIFT_BACKTRACE=enable=no: otherwise swift-backtrace holds the output pipe
# after a trap and the run hangs. Reproduce one input: .build-fuzz/layout-fuzz FILE;
# minimise: .build-fuzz/layout-fuzz -minimize_crash=1 -runs=5000 FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out="$root/.build-fuzz"

export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-handle_sigill=1:detect_leaks=1:abort_on_error=0}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/Scripts/lsan.supp:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

targets() { if [ $# -eq 0 ]; then echo layout feed; else echo "$@"; fi; }

# The C objects reach the linker with -Xlinker, not as inputs: the Swift driver checks its inputs'
# modification times after the build and failed with "was modified during the build" on a fresh .o.
build_layout() {
  mkdir -p "$out"
  mkdir -p "$out/modules/CTermGuard" "$out/obj"
  cat > "$out/modules/CTermGuard/module.modulemap" <<MAP
module CTermGuard {
    header "$root/Sources/CTermGuard/include/CTermGuard.h"
    export *
}
MAP
  # Every .c of CTermGuard (the guard, and the resize wake-up InputWatch calls).
  local guard_objects=() c
  for c in "$root"/Sources/CTermGuard/*.c; do
    clang -c -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined \
      -I "$root/Sources/CTermGuard/include" "$c" -o "$out/obj/$(basename "${c%.c}").o"
    guard_objects+=(-Xlinker "$out/obj/$(basename "${c%.c}").o")
  done
  # The toolkit's three targets (TermTableCore, TermTableLayout, TermTable) become one module here:
  # copies of their sources without the imports of each other (`package` API is then internal).
  local sources
  rm -rf "$out/src"; mkdir -p "$out/src"
  for target in TermTableCore TermTableLayout TermTable; do
    cp -R "$root/Sources/$target" "$out/src/$target"
  done
  find "$out/src" -name '*.swift' -print0 | xargs -0 sed -i -E '/^(@_exported )?import TermTable(Core|Layout)$/d'
  mapfile -t sources < <(find "$out/src" -name '*.swift' | sort)
  swiftc -swift-version 6 -module-name TermTable -package-name termtable -parse-as-library -O -g \
    -sanitize=fuzzer,address -Xclang-linker -fsanitize=undefined \
    -I "$out/modules/CTermGuard" -I "$root/Sources/CNcursesw" \
    "${sources[@]}" "$root/Fuzz/LayoutFuzz.swift" "${guard_objects[@]}" -lncursesw \
    -module-cache-path "$out/module-cache" -o "$out/layout-fuzz"
}

build_feed() {
  mkdir -p "$out/gen" "$out/modules/CNewsHTTP" "$out/obj"
  # NewsKit imports the C target that downloads with libcurl (dlopen'ed; the harness never downloads).
  cat > "$out/modules/CNewsHTTP/module.modulemap" <<MAP
module CNewsHTTP {
    header "$root/Examples/CNewsHTTP/include/CNewsHTTP.h"
    export *
}
MAP
  clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I "$root/Examples/CNewsHTTP/include" \
    "$root/Examples/CNewsHTTP/CNewsHTTP.c" -o "$out/obj/CNewsHTTP.o"
  # SwiftPM generates Bundle.module for a target with resources; the harness has no bundle.
  printf 'import Foundation\nextension Foundation.Bundle {\n    static let module = Bundle.main\n}\n' \
    > "$out/gen/BundleModule.swift"
  local sources
  mapfile -t sources < <(find "$root/Examples/NewsKit" -name '*.swift' | sort)
  swiftc -swift-version 6 -module-name NewsKit -parse-as-library -O -g -sanitize=fuzzer,address \
    -I "$out/modules/CNewsHTTP" "${sources[@]}" "$out/gen/BundleModule.swift" "$root/Fuzz/FeedFuzz.swift" \
    -Xlinker "$out/obj/CNewsHTTP.o" -ldl \
    -module-cache-path "$out/module-cache" -o "$out/feed-fuzz"
}

# The seed directories of a target, made fresh under .build-fuzz/seed-TARGET.
seeds() {
  local target=$1 dir="$out/seed-$1"
  rm -rf "$dir"; mkdir -p "$dir"
  case $target in
    layout)
      cp "$root"/Layouts/*.layout "$dir/"
      awk -v dir="$dir" '/^```layout/{n++; f=sprintf("%s/readme-%02d.layout", dir, n); next} /^```/{f=""} f{print > f}' \
        "$root/Layouts/README.md"
      ;;
    feed)
      # Every file under the samples and fixtures, named by its path (folders may nest).
      (cd "$root" && find Examples/NewsKit/Samples Tests/NewsKitTests/Fixtures -type f 2>/dev/null) |
        while read -r file; do cp "$root/$file" "$dir/${file//\//_}"; done
      ;;
  esac
  mkdir -p "$root/Fuzz/corpus/$target/crashes"
  # libFuzzer reads corpus directories recursively: Fuzz/corpus/TARGET brings its crashes/ along.
  echo "$dir" "$root/Fuzz/corpus/$target"
}

max_len() { if [ "$1" = feed ]; then echo 65536; else echo 4096; fi; }

command=${1:-}
shift || true
case $command in
  build)
    mkdir -p "$out"
    for t in $(targets "$@"); do
      echo "fuzz: building $t-fuzz"
      start=$SECONDS
      if ! "build_$t" > "$out/build-$t.log" 2>&1; then
        echo "fuzz: $t-fuzz build failed (log: $out/build-$t.log):" >&2
        grep -E "error:" "$out/build-$t.log" | head -20 >&2
        exit 1
      fi
      echo "fuzz: $t-fuzz built in $((SECONDS - start)) s"
    done
    ;;
  replay)
    status=0
    for t in $(targets "$@"); do
      [ -x "$out/$t-fuzz" ] || "$0" build "$t"
      read -r -a dirs <<< "$(seeds "$t")"
      count=$(find "${dirs[@]}" -type f ! -name '.*' | wc -l)
      echo "fuzz: replaying $count $t inputs (seeds, corpus, past crashes)"
      start=$SECONDS
      if "$out/$t-fuzz" -runs=0 -max_len="$(max_len "$t")" -timeout=30 -artifact_prefix="$out/replay-$t-" "${dirs[@]}" > "$out/replay-$t.log" 2>&1; then
        echo "fuzz: $t replay clean in $((SECONDS - start)) s"
      else
        status=1
        echo "fuzz: $t replay FAILED (log: $out/replay-$t.log):" >&2
        grep -E "ERROR|SUMMARY|Fatal error|Running|Test unit written|deadly signal|^ *#[0-9]+ " "$out/replay-$t.log" | head -40 >&2
      fi
    done
    exit $status
    ;;
  run)
    t=${1:?target: layout or feed}; minutes=${2:?minutes}
    [ -x "$out/$t-fuzz" ] || "$0" build "$t"
    read -r -a dirs <<< "$(seeds "$t")"
    mkdir -p "$out/corpus-$t"
    echo "fuzz: $t campaign of $minutes min; corpus $out/corpus-$t, crashes Fuzz/corpus/$t/crashes/"
    # -fork=1 -ignore_crashes=1: one crash does not end the campaign; each is saved and counted.
    exec "$out/$t-fuzz" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
      -max_total_time=$((minutes * 60)) -max_len="$(max_len "$t")" -timeout=10 -rss_limit_mb=4096 \
      -dict="$root/Fuzz/$t.dict" -artifact_prefix="$root/Fuzz/corpus/$t/crashes/" \
      "$out/corpus-$t" "${dirs[@]}"
    ;;
  *)
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
