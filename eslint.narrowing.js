// A suite nothing can quietly narrow (#34): no focused, skipped or to-do test in the files that
// hold tests (Vitest, Playwright, stories' play functions and their helpers). A test that must not
// run here is deleted or fixed, not switched off; one that depends on the machine says so and
// fails under CI (server/src/http/disk-full.test.ts). scripts/walls.test.ts proves each refusal.
const TEST_FILES = [
  '**/*.test.{ts,tsx}',
  '**/*.stories.tsx',
  'e2e/**/*.ts',
  'server/test-support/**/*.ts',
  'src/testing/**/*.{ts,tsx}',
];

const WHY =
  'runs a part of the suite only: the whole suite runs, everywhere (eslint.narrowing.js).';

export const narrowing = [
  {
    files: TEST_FILES,
    rules: {
      'no-restricted-properties': [
        'error',
        // it.only, test.describe.only, describe.skip, it.todo, test.fixme…: any object, as
        // Playwright nests them (test.describe.serial.only).
        { property: 'only', message: `.only ${WHY}` },
        { property: 'skip', message: `.skip ${WHY}` },
        { property: 'todo', message: `.todo ${WHY}` },
        { property: 'fixme', message: `.fixme ${WHY}` },
      ],
    },
  },
];
