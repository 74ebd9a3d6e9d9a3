// Proof that eslint.sleeps.js refuses a fixed sleep in a test, a story or an e2e file (#34): each
// kind of sleep, linted in memory under such a path, is refused; a poll, fake timers and waits
// for a state pass, and so does production code (a job worker's idle pause is behaviour).
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const { sleeps } = (await import(pathToFileURL(join(root, 'eslint.sleeps.js')).href)) as {
  sleeps: Linter.Config[];
};
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
    ...sleeps,
  ],
});

async function messages(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(root, path) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const WHY =
  'is a fixed sleep: wait for a state, a text or a request, or use fake timers (eslint.sleeps.js).';

describe('eslint.sleeps.js', () => {
  it.each([
    {
      path: 'server/src/probe.test.ts',
      text: `it('x', async () => { await new Promise((r) => setTimeout(r, 100)); });`,
      refusal: `no-restricted-syntax: A promise of a setTimeout ${WHY}`,
    },
    {
      path: 'src/features/orders/Probe.stories.tsx',
      text: `export const x = { play: async () => { await new Promise<void>((resolve) => { setTimeout(() => resolve(), 300); }); } };`,
      refusal: `no-restricted-syntax: A promise of a setTimeout ${WHY}`,
    },
    {
      path: 'src/features/orders/Probe.stories.tsx',
      text: `declare const pause: (ms: number) => Promise<void>;\nexport const x = { play: async () => { await pause(200); } };`,
      refusal: `no-restricted-syntax: sleep() / pause() ${WHY}`,
    },
    {
      path: 'e2e/probe.e2e.ts',
      text: `declare const page: { waitForTimeout(ms: number): Promise<void> };\nawait page.waitForTimeout(300);`,
      refusal: `no-restricted-syntax: page.waitForTimeout() ${WHY}`,
    },
    {
      path: 'server/src/services/platform/probe.test.ts',
      text: `import { setTimeout as sleep } from 'node:timers/promises';\nawait sleep(1);`,
      refusal: `no-restricted-imports: 'setTimeout' import from 'node:timers/promises' is restricted. Its setTimeout ${WHY}`,
    },
    {
      path: 'server/src/db/probe.test.ts',
      text: 'declare const sql: (s: TemplateStringsArray) => unknown;\nsql`select pg_sleep(0.2)`;',
      refusal: `no-restricted-syntax: pg_sleep ${WHY}`,
    },
  ])('refuses a sleep in $path', async ({ path, text, refusal }) => {
    const found = await messages(path, text);
    expect(found).toContain(refusal);
  });

  it('lets through waits for a state, polls, fake timers and production code', async () => {
    expect(
      await messages(
        'server/src/probe.test.ts',
        `import { vi } from 'vitest';
declare function ready(): boolean;
await vi.waitFor(() => ready());
while (!ready()) await new Promise((r) => setTimeout(r, 20));
vi.useFakeTimers();
setTimeout(() => undefined, 1000);
await vi.advanceTimersByTimeAsync(1000);`,
      ),
    ).toEqual([]);
    expect(
      await messages(
        'server/src/jobs/probe.ts',
        `export const pause = () => new Promise((r) => setTimeout(r, 50));\nawait pause();`,
      ),
    ).toEqual([]);
  });
});
