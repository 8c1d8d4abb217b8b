#!/usr/bin/env bash
# Installs what the browser tests need: Debian's Chromium (only when /usr/bin/chromium is
# missing), a font for Amharic's Ethiopic script (the page speaks Amharic; the screenshots would
# show empty boxes without one), and playwright-core from the committed package-lock.json (no
# browser download: the tests drive /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
NEED=""
[ -x /usr/bin/chromium ] || NEED="chromium"
[ -d /usr/share/fonts/truetype/abyssinica ] || NEED="$NEED fonts-sil-abyssinica"
if [ -n "$NEED" ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update
  # shellcheck disable=SC2086 # the package names, one word each
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y $NEED
fi
npm ci --no-audit --no-fund
