import type { StorybookConfig } from '@storybook/react-vite';

// Vite settings (the @/, @generated/ and @mocks/ aliases, the React plugin) come from the
// project's vite.config.ts, which the framework loads.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.tsx'],
  // public/ holds mockServiceWorker.js (npx msw init public --save).
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
