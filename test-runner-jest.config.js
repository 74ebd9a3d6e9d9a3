import { getJestConfig } from '@storybook/test-runner';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

// The default Jest configuration comes from @storybook/test-runner (ejected with
// `test-storybook --eject`). Only the browser changes: Debian's Chromium (scripts/chromium.mjs).
const testRunnerConfig = getJestConfig();

/**
 * @type {import('@jest/types').Config.InitialOptions}
 */
export default {
  ...testRunnerConfig,
  // A screen's story renders and is checked by axe four times (.storybook/test-runner.ts): on a
  // busy machine that is past the runner's 15 s for a story.
  testTimeout: 60_000,
  testEnvironmentOptions: {
    ...testRunnerConfig.testEnvironmentOptions,
    'jest-playwright': {
      ...testRunnerConfig.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: chromiumLaunchOptions,
    },
  },
};
