import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { narrowing } from './eslint.narrowing.js';
import { sleeps } from './eslint.sleeps.js';
import { walls } from './eslint.walls.js';

// Type-aware rules run where the product's code lives; config and script files get the plain set.
const typeChecked = ['src/**/*.{ts,tsx}', 'server/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      // npm run sdk:pack's staging and package (a copy of generated/).
      'build',
      'dist-server',
      'generated',
      'node_modules',
      'data',
      'storybook-static',
      'public',
      'test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: typeChecked })),
  {
    files: typeChecked,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Every text the console shows comes from a messages catalogue (src/lib/i18n): no literal
    // text in JSX, nor in the props that end up read or announced. Stories and tests assert texts.
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.stories.tsx', 'src/**/*.test.tsx', 'src/testing/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              '^(aria-label|aria-description|aria-valuetext|title|placeholder|label|alt|heading|description|helperText|emptyText|emptyMessage|confirmLabel|cancelLabel|submitLabel|message)$',
            ],
          },
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  ...walls,
  ...narrowing,
  ...sleeps,
);
