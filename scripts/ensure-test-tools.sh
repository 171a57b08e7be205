#!/usr/bin/env bash
# The tests use Debian's packages, never a downloaded browser or binary: Chromium's headless shell (the browser
# tests: Chromium's own build for automation, half the CPU of the full browser in headless mode — issue 28), the full
# Chromium (Lighthouse) with a font, and poppler-utils (pdftotext reads the letters and loan summary PDFs). Install
# whatever is missing.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-dejavu-core)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing for the tests: ${missing[*]}. Run 'sudo apt-get install -y ${missing[*]}' and try again." >&2
  exit 1
fi
echo "Installing Debian's ${missing[*]} for the tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
