#!/usr/bin/env bash
# Browser tests (Storybook test runner, Playwright e2e, screenshots) use Debian's Chromium: no
# tool may download its own browser here. Installs it when missing; prints its path.
set -euo pipefail
. "$(dirname "$0")/apt-install.sh"
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  apt_install ensure-chromium chromium
fi
echo "$CHROMIUM"
