#!/usr/bin/env bash
# Every check, in order: typecheck, lint, unit tests, production build, Playwright in Chromium.
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

echo "== typecheck" && npm run --silent typecheck
echo "== lint" && npm run --silent lint
echo "== unit tests" && npm run --silent test:unit
echo "== production build" && npm run --silent build
echo "== Playwright (Chromium, production build)" && npm run --silent test:e2e
