#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the web demo's browser test and its
# screenshot (playwright-core drives it; no browser is downloaded from anywhere but Debian).
# Idempotent: with Chromium present it does nothing. Exits non-zero when it cannot install it,
# so the browser test then fails with the reason instead of passing without a browser.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
sudo_() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }
echo "ensure-chromium: installing Debian's chromium"
sudo_ apt-get update -qq
DEBIAN_FRONTEND=noninteractive sudo_ apt-get install -y -qq --no-install-recommends chromium >/dev/null
[ -x /usr/bin/chromium ] || { echo "ensure-chromium: /usr/bin/chromium still missing after apt-get install" >&2; exit 1; }
