// Proof that eslint.narrowing.js refuses a narrowed suite (#34): a focused, skipped or to-do test,
// linted in memory as a test file, a story and an e2e spec, is refused; the same file whole passes.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const { narrowing } = (await import(pathToFileURL(join(root, 'eslint.narrowing.js')).href)) as {
  narrowing: Linter.Config[];
};
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
    ...narrowing,
  ],
});

async function messages(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(root, path) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const WHOLE =
  'runs a part of the suite only: the whole suite runs, everywhere (eslint.narrowing.js).';

describe('eslint.narrowing.js', () => {
  // Each probe is `<call>('x', () => {})` linted in memory; the calls are named, not written as
  // code, so that no search for a focused test finds one in this file.
  it.each([
    { path: 'server/src/routes/probe.test.ts', call: ['it', 'only'] },
    { path: 'src/features/orders/probe.test.tsx', call: ['describe', 'skip'] },
    { path: 'scripts/probe.test.ts', call: ['it', 'todo'] },
    { path: 'e2e/probe.e2e.ts', call: ['test', 'describe', 'only'] },
    { path: 'e2e/probe.e2e.ts', call: ['test', 'fixme'] },
    { path: 'src/features/orders/Probe.stories.tsx', call: ['it', 'skip'] },
  ])('refuses $call in $path', async ({ path, call }) => {
    const property = call.at(-1)!;
    const text = `export const probe = () => ${call.join('.')}('x', () => {});`;
    expect(await messages(path, text)).toEqual([
      `no-restricted-properties: '${property}' is restricted from being used. .${property} ${WHOLE}`,
    ]);
  });
  it('lets the whole suite through, and code that is no test', async () => {
    expect(await messages('server/src/routes/probe.test.ts', `it('x', () => {});`)).toEqual([]);
    expect(
      await messages('server/src/db/probe.ts', `export const s = (p: { skip: 1 }) => p.skip;`),
    ).toEqual([]);
  });
});
