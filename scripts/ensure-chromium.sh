#!/usr/bin/env bash
# Browser tests (Storybook test runner, Playwright e2e, screenshots) use Debian's Chromium: no
# tool may download its own browser here. Installs it when missing; prints its path.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "ensure-chromium: Chromium is missing; run: sudo apt-get install -y chromium" >&2
    exit 1
  fi
  echo "ensure-chromium: installing chromium..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null
  apt-get install -y -qq chromium </dev/null >/dev/null
fi
echo "$CHROMIUM"
