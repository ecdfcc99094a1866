#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer,
# each in its own scratch path (.build-asan, .build-tsan). Exits non-zero when a test fails or a
# sanitizer reports anything (memory error, leak, data race).
#
#   Scripts/sanitizers.sh              both
#   Scripts/sanitizers.sh address      ASan + LSan only
#   Scripts/sanitizers.sh thread       TSan only
#   SANITIZER_GATE=reports ...         fail only on a sanitizer report (CI: tests are judged by `swift test`)
#
# Leaks inside the toolchain are suppressed by Scripts/lsan.supp (each entry says why). Suites run
# one at a time (--no-parallel): a sanitizer slows everything 2-10x, and the suite's process tests
# are written for an ordinary machine's load. Measured on the shared 2-core build machine (load 6-13):
# ASan build 12 min cold, suite 334 s; TSan build 460 s cold, suite 171 s (311 tests). On a quiet
# machine: ASan build ~4 min, suite ~70 s; TSan suite ~90 s.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:handle_sigill=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/Scripts/lsan.supp:print_suppressions=0}"
# halt_on_error=0: see every race, then fail through the report check below.
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0:second_deadlock_stack=1}"

sanitizers=("$@")
[ ${#sanitizers[@]} -eq 0 ] && sanitizers=(address thread)
status=0
for sanitizer in "${sanitizers[@]}"; do
  case $sanitizer in
    address) scratch=.build-asan ;;
    thread) scratch=.build-tsan ;;
    *) echo "sanitizers: unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
  esac
  log="$root/$scratch/sanitizer-test.log"
  mkdir -p "$root/$scratch"
  echo "sanitizers: building with --sanitize=$sanitizer in $scratch"
  start=$SECONDS
  if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" </dev/null > "$root/$scratch/sanitizer-build.log" 2>&1; then
    echo "sanitizers: $sanitizer build failed:" >&2
    grep -E "error:" "$root/$scratch/sanitizer-build.log" | head -20 >&2
    status=1
    continue
  fi
  echo "sanitizers: built in $((SECONDS - start)) s; testing"
  start=$SECONDS
  swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --no-parallel </dev/null > "$log" 2>&1
  result=$?
  reports=$(grep -cE "ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer|runtime error:" "$log")
  summary=$(grep -E "^(✔|✘) Test run|Executed [0-9]+ tests" "$log" | tail -2 | tr '\n' ' ')
  echo "sanitizers: $sanitizer: exit $result, $reports sanitizer report(s), $((SECONDS - start)) s; $summary"
  if [ "${SANITIZER_GATE:-all}" = reports ] && [ "$reports" -eq 0 ] && [ "$result" -ne 0 ]; then
    # CI's gate: the plain `swift test` already judged the tests; a test that fails only when slowed
    # down 5-10x is printed, and only a sanitizer report fails this step.
    echo "sanitizers: $sanitizer: no report; tests that failed under the sanitizer's slowdown:"
    grep -E "✘ Test [^r]" "$log" | head -20
  elif [ "$result" -ne 0 ] || [ "$reports" -ne 0 ]; then
    status=1
    echo "sanitizers: $sanitizer FAILED (log: $log):" >&2
    grep -E "ERROR: |WARNING: ThreadSanitizer|SUMMARY: |✘|runtime error:" "$log" | head -40 >&2
  fi
done
exit $status
