// No fixed sleep in a test or a story (#34): a sleep guesses how long something takes, too short
// under load (a test that fails at random) and too long otherwise (a slow suite), and proves
// nothing about what it waited for. Wait for what the user would see (findBy…, waitFor, a
// request: requests.waitFor), for a state (vi.waitFor, expect.poll, a log line), or move time
// with fake timers where time is the subject (vi.useFakeTimers, src/testing/waits.ts, Playwright's
// page.clock). A poll (a wait inside a loop that checks a state) is a wait for a state; a wait that
// is the scenario itself (a client that sends slowly) says so in an eslint-disable comment.
// scripts/sleeps.test.ts proves each refusal.
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*.stories.tsx', 'e2e/**/*.ts'];

const WHY =
  'is a fixed sleep: wait for a state, a text or a request, or use fake timers (eslint.sleeps.js).';

const LOOPS = ['WhileStatement', 'DoWhileStatement', 'ForStatement', 'ForOfStatement']
  .map((loop) => `${loop} NewExpression`)
  .join(', ');

export const sleeps = [
  {
    files: TEST_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // new Promise((resolve) => setTimeout(resolve, ms)), whatever the callback's shape;
          // inside a loop it is the interval of a poll (a wait for a state), which is allowed.
          selector: `NewExpression[callee.name='Promise']:not(${LOOPS}) CallExpression[callee.name='setTimeout']`,
          message: `A promise of a setTimeout ${WHY}`,
        },
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: `page.waitForTimeout() ${WHY}`,
        },
        {
          selector: 'CallExpression[callee.name=/^(sleep|pause)$/]',
          message: `sleep() / pause() ${WHY}`,
        },
        {
          // In a query (sql`select pg_sleep(0.2)`), not in a text that names it.
          selector: 'TaggedTemplateExpression TemplateElement[value.raw=/pg_sleep\\s*\\(/i]',
          message: `pg_sleep ${WHY}`,
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:timers/promises', 'timers/promises'].map((name) => ({
            name,
            importNames: ['setTimeout', 'scheduler'],
            message: `Its setTimeout ${WHY}`,
          })),
        },
      ],
    },
  },
];
