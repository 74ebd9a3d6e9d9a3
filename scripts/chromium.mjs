// Debian's Chromium (scripts/ensure-chromium.sh): no tool may download its own browser here. The
// story runner (test-runner-jest.config.js), the e2e suite and `npm run screenshots` launch it
// alike.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
