// /auth is the first load of most visits: what it loads before the form shows (the entry chunk, the
// sign-in page's chunk and their static imports) must not bring Chakra and emotion back (the page
// is plain CSS), nor the form library or the HTTP client, and stays within the budget.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SIGN_IN_PAGE = '/src/features/auth/LoginPage.tsx';
const BUDGET_KB = 120;
// Measured before the console spoke French and Arabic (#15): languages may add 5 kB gzip at most
// for an English visitor (the runtime and the language switch; no catalogue loads for English).
const BEFORE_LANGUAGES_KB = 83.6;
const LANGUAGES_KB = 5;
const KEPT_OUT = /\/node_modules\/(@chakra-ui|@emotion|@ark-ui|@zag-js|formik|yup|axios)\//;

/** The production build (as `vite build`), in memory. */
async function buildChunks(): Promise<Rollup.OutputChunk[]> {
  // Vitest runs with NODE_ENV=test, under which the build would take React's development code.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const output = (await build({
      root: ROOT,
      mode: 'production',
      logLevel: 'silent',
      build: { write: false },
    })) as Rollup.RollupOutput;
    return output.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** `from` and every chunk it imports statically, transitively. */
function withStaticImports(from: Rollup.OutputChunk[], chunks: Rollup.OutputChunk[]) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  from.forEach(visit);
  return [...seen];
}

it('loads /auth without Chakra, emotion, the form library or axios, within the budget', async () => {
  const chunks = await buildChunks();
  const entry = chunks.filter((chunk) => chunk.isEntry);
  const signIn = chunks.filter((chunk) => chunk.facadeModuleId?.endsWith(SIGN_IN_PAGE));
  expect(entry).toHaveLength(1);
  expect(signIn).toHaveLength(1);

  const initial = withStaticImports([...entry, ...signIn], chunks);
  const modules = initial.flatMap((chunk) => chunk.moduleIds);
  expect(modules.filter((id) => KEPT_OUT.test(id))).toEqual([]);
  const gzipKb = initial.reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0) / 1024;
  console.log(`/auth initial JS: ${initial.length} files, ${gzipKb.toFixed(1)} kB gzip`);
  expect(gzipKb).toBeLessThanOrEqual(BUDGET_KB);
  expect(gzipKb).toBeLessThanOrEqual(BEFORE_LANGUAGES_KB + LANGUAGES_KB);
  const catalogues = modules.filter((id) =>
    /\/messages\/(fr|ar)\.json$|catalogue-(fr|ar)/.test(id),
  );
  expect(catalogues).toEqual([]);
}, 120_000);
