#!/usr/bin/env bash
# Builds ncurses from Debian's own source package in other configurations and runs the curses-screen
# tests against each (issue 20): the direct terminal scroll (CursesScreen+Scrolling, CNcursesw.h) must
# compile and fall back where ncurses lacks what it needs, and work where it has it.
#
# Usage:
#   Scripts/ncurses-variants.sh [variant...]        # default: abi5-nosp abi6 opaque
#   NCURSES_VARIANT_FILTER=CursesScreenScrollTests Scripts/ncurses-variants.sh abi6
#   NCURSES_VARIANT_LIBRARY_ONLY=1 Scripts/ncurses-variants.sh   # only build the ncurses libraries
#
# Variants (each configured with wide characters, shared libraries, the system's terminfo database):
#   abi5-nosp  ABI 5, --without-sp-funcs: no tputs_sp; the direct scroll is compiled out (build-time fallback)
#   abi6       ABI 6 as Debian builds it (screen-pointer functions on): the direct scroll is used
#   opaque     ABI 6 with --enable-opaque-curses --enable-reentrant (WINDOW incomplete, globals as functions)
#
# What it does: gets the source with `apt-get source ncurses` (adding a deb-src entry for the system's
# suite and running `apt-get update` when none is configured and it runs as root), else downloads the
# installed version's .dsc, .orig and .debian tarballs from deb.debian.org and unpacks them with
# dpkg-source; builds each variant into .build-ncurses/<variant> (gitignored; nothing from the ncurses
# source is committed); builds and runs `swift test --filter CursesScreen` against it with its own
# scratch path (.build-ncurses-<variant>), the variant's headers first on the include path and its
# library first on the link path and in the rpath; checks with ldd that the test binary loads it.
# Prints a table: variant, configure flags, ncurses build time, test build+run time, result.
# Needs: cc, make, dpkg-source or apt-get, swift, tmux (the scroll tests play frames in tmux).
# Exit status: 0 when every variant's tests passed; 77 when the ncurses source could not be fetched
# (no network: CI skips the leg); 2 for a usage error; 1 when a variant failed.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/.build-ncurses"
filter="${NCURSES_VARIANT_FILTER:-CursesScreen}"
jobs="${NCURSES_VARIANT_JOBS:-2}"
mkdir -p "$work/src" "$work/logs"

say() { echo "ncurses-variants: $*" >&2; }

# Shared by every variant: shared libraries only, no programs, tests, manuals, C++ or Ada, and the
# system's terminfo database (nothing installed into it).
common_flags=(
  --with-shared --without-normal --without-debug --without-profile
  --without-cxx --without-cxx-binding --without-ada --without-tests --without-manpages --without-progs
  --disable-db-install --enable-widec --without-gpm
  --with-default-terminfo-dir=/usr/share/terminfo
  --with-terminfo-dirs=/etc/terminfo:/lib/terminfo:/usr/share/terminfo
)

variant_flags() {
  case "$1" in
    abi5-nosp) echo "--with-abi-version=5 --without-sp-funcs" ;;
    abi6) echo "--with-abi-version=6" ;;
    opaque) echo "--with-abi-version=6 --enable-opaque-curses --enable-reentrant" ;;
    *) return 1 ;;
  esac
}

fetch_source() {
  local existing
  existing=$(ls -d "$work"/src/ncurses-*/ 2>/dev/null | head -1)
  if [ -n "$existing" ] && [ -x "$existing/configure" ]; then
    source_dir="${existing%/}"
    return 0
  fi
  ( cd "$work/src" && apt-get source ncurses ) >"$work/logs/source.log" 2>&1
  if ! ls -d "$work"/src/ncurses-*/configure >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] \
    && ! grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    # shellcheck disable=SC1091
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
    if [ -n "$codename" ]; then
      say "adding a deb-src entry for $codename (/etc/apt/sources.list.d/termtable-deb-src.sources)"
      printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s %s-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "$codename" "$codename" >/etc/apt/sources.list.d/termtable-deb-src.sources
      apt-get update -qq >>"$work/logs/source.log" 2>&1
      ( cd "$work/src" && apt-get source ncurses ) >>"$work/logs/source.log" 2>&1
    fi
  fi
  if ! ls -d "$work"/src/ncurses-*/configure >/dev/null 2>&1; then
    # No apt source: the installed version's files from Debian's pool.
    local version upstream pool="https://deb.debian.org/debian/pool/main/n/ncurses"
    version=$(dpkg-query -W -f='${source:Version}' libncursesw6 2>/dev/null)
    upstream="${version%-*}"
    say "apt-get source failed; downloading ncurses $version from $pool"
    ( cd "$work/src" \
      && curl -fsSLO "$pool/ncurses_${version}.dsc" \
      && curl -fsSLO "$pool/ncurses_${upstream}.orig.tar.gz" \
      && curl -fsSLO "$pool/ncurses_${version}.debian.tar.xz" \
      && dpkg-source -x "ncurses_${version}.dsc" ) >>"$work/logs/source.log" 2>&1
  fi
  existing=$(ls -d "$work"/src/ncurses-*/ 2>/dev/null | head -1)
  if [ -z "$existing" ] || [ ! -x "$existing/configure" ]; then
    say "could not get the ncurses source (see $work/logs/source.log)"
    exit 77
  fi
  source_dir="${existing%/}"
}

build_ncurses() {
  local variant="$1" prefix="$work/$1" build="$work/build-$1" flags
  flags=$(variant_flags "$variant")
  if [ -f "$prefix/.built" ]; then return 0; fi
  rm -rf "$build" "$prefix"
  mkdir -p "$build"
  # shellcheck disable=SC2086
  ( cd "$build" && "$source_dir/configure" --prefix="$prefix" "${common_flags[@]}" $flags \
    && make -j"$jobs" && make install ) >"$work/logs/ncurses-$variant.log" 2>&1 || return 1
  touch "$prefix/.built"
}

run_tests() {
  local variant="$1" prefix="$work/$1" scratch="$root/.build-ncurses-$1" headers="ncursesw"
  # A reentrant build names its library and headers ncursestw; the package links ncursesw.
  if [ -e "$prefix/lib/libncursestw.so" ]; then
    ln -sf libncursestw.so "$prefix/lib/libncursesw.so"
    headers="ncursestw"
  fi
  local args=(--scratch-path "$scratch"
    -Xcc -I"$prefix/include/$headers" -Xcc -I"$prefix/include"
    -Xlinker -L"$prefix/lib" -Xlinker -rpath -Xlinker "$prefix/lib")
  swift build --build-tests "${args[@]}" >"$work/logs/swift-build-$variant.log" 2>&1 || return 1
  local binary
  binary=$(ls -d "$scratch"/debug/*PackageTests.xctest 2>/dev/null | head -1)
  ldd "$binary" | grep -E 'ncurses|tinfo' >"$work/logs/ldd-$variant.log"
  if ! grep -q "$prefix/lib" "$work/logs/ldd-$variant.log"; then
    say "$variant: the test binary does not load $prefix/lib:"
    cat "$work/logs/ldd-$variant.log" >&2
    return 1
  fi
  swift test --skip-build "${args[@]}" --filter "$filter" >"$work/logs/swift-test-$variant.log" 2>&1
}

variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(abi5-nosp abi6 opaque)
for variant in "${variants[@]}"; do
  variant_flags "$variant" >/dev/null || { say "unknown variant $variant"; exit 2; }
done
command -v cc >/dev/null && command -v make >/dev/null || { say "needs cc and make (apt-get install build-essential)"; exit 2; }
fetch_source
say "source: $source_dir"

status=0
report=()
for variant in "${variants[@]}"; do
  start=$(date +%s)
  if build_ncurses "$variant"; then
    built=$(date +%s)
    if [ -n "${NCURSES_VARIANT_LIBRARY_ONLY:-}" ]; then
      report+=("$variant | $(variant_flags "$variant") | $((built - start)) s | - | library built")
      continue
    fi
    say "$variant: ncurses built in $((built - start)) s; building and running the tests"
    if run_tests "$variant"; then result="passed"; else result="FAILED"; status=1; fi
    summary=$(grep -E 'Test run with|tests? in .* passed|failed after' "$work/logs/swift-test-$variant.log" 2>/dev/null | tail -1)
    report+=("$variant | $(variant_flags "$variant") | $((built - start)) s | $(($(date +%s) - built)) s | $result: ${summary:-see $work/logs/swift-*-$variant.log}")
  else
    report+=("$variant | $(variant_flags "$variant") | - | - | ncurses did not build (see $work/logs/ncurses-$variant.log)")
    status=1
  fi
done
echo "variant | flags (besides the common ones) | ncurses build | tests build+run | result"
printf '%s\n' "${report[@]}"
exit $status
