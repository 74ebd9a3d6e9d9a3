#!/usr/bin/env bash
# Browser tests (Storybook test runner, Playwright e2e, screenshots) use Debian's Chromium: no
# tool may download its own browser here. Installs it when missing; prints its path.
set -euo pipefail
. "$(dirname "$0")/apt-install.sh"
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  apt_install ensure-chromium chromium
fi
# The console names Inter and falls back to the system's fonts; the browser tests draw with Debian's
# (DejaVu, Liberation), the same packages on every machine, so that Storybook's accepted images
# (.storybook/visual.ts) match wherever the test runner runs.
if command -v dpkg >/dev/null 2>&1; then
  for fonts in fonts-dejavu-core fonts-liberation; do
    dpkg -s "$fonts" >/dev/null 2>&1 || apt_install ensure-chromium "$fonts"
  done
fi
echo "$CHROMIUM"
