import type { StorybookConfig } from '@storybook/react-vite';

// Vite settings (the @/, @generated/ and @mocks/ aliases, the React plugin) come from the
// project's vite.config.ts, which the framework loads.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // The Accessibility panel for reviewers (#31): axe-core on the story shown, as the runner checks.
  addons: ['@storybook/addon-a11y'],
  stories: ['../src/**/*.stories.tsx'],
  // public/ holds mockServiceWorker.js (npx msw init public --save).
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
