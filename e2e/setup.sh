#!/usr/bin/env bash
# Installs what the browser tests need: Debian's Chromium (only when /usr/bin/chromium is
# missing) and playwright-core from the committed package-lock.json (no browser download:
# the tests drive /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium
fi
npm ci --no-audit --no-fund
