#!/usr/bin/env bash
# Every check: typecheck, lint and the production build side by side, then unit tests, then Playwright in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_path" ]; then
  echo "No browser at $chromium_path: installing Debian's chromium."
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update && apt-get install -y chromium
  else
    sudo apt-get update && sudo apt-get install -y chromium
  fi
fi

# e2e/report-print.spec.ts reads printed PDFs with poppler's pdftotext and pdftoppm.
if ! command -v pdftotext >/dev/null || ! command -v pdftoppm >/dev/null; then
  echo "No pdftotext/pdftoppm: installing Debian's poppler-utils."
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update && apt-get install -y poppler-utils
  else
    sudo apt-get update && sudo apt-get install -y poppler-utils
  fi
fi

# Typecheck, lint and the production build each use about one core: side by side they take the
# longest one's time (~35 s) instead of the sum (~75 s). Their output is printed in order after.
logs=$(mktemp -d)
npm run --silent typecheck >"$logs/typecheck" 2>&1 & typecheck=$!
npm run --silent lint >"$logs/lint" 2>&1 & lint=$!
npm run --silent build >"$logs/production build" 2>&1 & build=$!
failed=()
for step in typecheck lint build; do
  name=$step && [ "$step" = build ] && name="production build"
  status=0 && wait "${!step}" || status=$?
  echo "== $name" && cat "$logs/$name"
  [ "$status" -eq 0 ] || failed+=("$name")
done
rm -rf "$logs"
if [ "${#failed[@]}" -gt 0 ]; then echo "Failed: ${failed[*]}" >&2 && exit 1; fi
echo "== unit tests" && npm run --silent test:unit
echo "== Playwright (Chromium, production build)" && npm run --silent test:e2e
