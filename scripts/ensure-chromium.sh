#!/usr/bin/env bash
# Browser tests (Storybook test runner, Playwright e2e, screenshots) use Debian's Chromium: no
# tool may download its own browser here. Installs it when missing; prints its path.
set -euo pipefail
. "$(dirname "$0")/apt-install.sh"
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  apt_install ensure-chromium chromium
fi
# What the console's own fonts (src/components/ui/fonts.css) do not cover, monospace text and
# symbols, is drawn with Debian's fonts: the same packages on every machine, so that Storybook's
# accepted images (.storybook/visual.ts) match wherever the test runner runs.
if command -v dpkg >/dev/null 2>&1; then
  for fonts in fonts-dejavu-core fonts-liberation; do
    dpkg -s "$fonts" >/dev/null 2>&1 || apt_install ensure-chromium "$fonts"
  done
fi
echo "$CHROMIUM"
