#!/usr/bin/env bash
# Browser tests of the pages of "xcover explain --html" and "xcover serve"
# (explain/web): headless Debian Chromium driven by chromedp opens the page of
# every shipped example, steps through it with the keyboard and checks it node
# for node against the terminal's narration, checks that nothing is fetched
# from the network, and saves screenshots of key states.
#
#   scripts/browser-test.sh          # exit 0: passed; 1: failed
#
# Installs Debian's chromium with apt-get when it is missing (root needed);
# when it cannot, prints a line starting "SKIP" and exits 77 (the automake
# convention for a skipped test). Environment: XCOVER_ARTIFACTS, where the
# screenshots go (default: a scratch directory, printed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
skip() {
  echo "SKIP browser test: $*"
  exit 77
}
command -v go >/dev/null || { echo "FAIL browser test: go is not on the PATH" >&2; exit 1; }

if ! command -v chromium >/dev/null; then
  [ "$(id -u)" = 0 ] || skip "chromium is not installed, and installing it needs root"
  command -v apt-get >/dev/null || skip "chromium is not installed, and there is no apt-get"
  echo "installing chromium (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q chromium >/tmp/browser-test-apt.log 2>&1; then
    apt-get update -q >>/tmp/browser-test-apt.log 2>&1 &&
      apt-get install -y -q chromium >>/tmp/browser-test-apt.log 2>&1 ||
      skip "apt-get cannot install chromium (see /tmp/browser-test-apt.log)"
  fi
fi
chromium --version >/dev/null 2>&1 || skip "chromium is installed but does not run"

export XCOVER_ARTIFACTS=${XCOVER_ARTIFACTS:-$(mktemp -d /tmp/xcover-browser.XXXXXX)}
export XCOVER_CHROMIUM=$(command -v chromium)
export XCOVER_BROWSER_TESTS=1
# The tests skip without chromium; here it is required, so a skip is a failure.
# Every test of the files built with the tag runs, but the measurement of
# the largest page (a long test: XCOVER_LONG_TESTS=1 go test -tags browser
# -run TestLargePage ./explain/web).
tests=$(grep -l '^//go:build browser' explain/web/*_test.go | xargs sed -n 's/^func \(Test[A-Za-z0-9_]*\)(.*/\1/p' | grep -vx TestLargePage | paste -sd'|')
[ -n "$tests" ] || { echo "FAIL browser test: no test found in explain/web's files tagged browser" >&2; exit 1; }
out=$(go test -tags browser -count=1 -v -run "^($tests)\$" ./explain/web 2>&1) || { echo "$out" | tail -50; exit 1; }
if grep -q -- '--- SKIP' <<<"$out"; then
  echo "$out" | grep -- '--- SKIP' >&2
  echo "FAIL browser test: the tests skipped although chromium is installed" >&2
  exit 1
fi
grep -E '^(--- PASS|ok)' <<<"$out"
# The site's engine under Node.js, when it is there: its time limit holds
# on WebAssembly, which has no preemption (explain/web/wasm).
if command -v node >/dev/null; then
  PATH=$PATH:$(go env GOROOT)/lib/wasm GOOS=js GOARCH=wasm go test -count=1 ./explain/web/wasm
else
  echo "note: no node on the PATH; the test of the site's engine (explain/web/wasm) did not run"
fi
# The site as docs/teaching.md writes it (its sh block names this script):
# the command builds the engine and writes the one page.
site="$XCOVER_ARTIFACTS/site"
go run ./cmd/xcover explain --site "$site"
[ -s "$site/index.html" ] || { echo "FAIL browser test: explain --site wrote no $site/index.html" >&2; exit 1; }
echo "PASS browser test; screenshots and the site in $XCOVER_ARTIFACTS"
