#!/usr/bin/env node
// `npm run sdk:pack` (#31): the generated client (generated/: axios functions, SWR hooks, models)
// as a package another project installs, at build/sdk/vat-back-office-sdk-<version>.tgz. Its
// version is the contract's info.version. The generated files call the console's HTTP client
// (src/lib/http/client.ts, through a relative import); here they call sdk/client.ts instead,
// placed where that import leads, so the package and the console share every generated line.
//   dist/index.js   the functions, the models' types and configureShopApi (ESM)
//   dist/hooks.js   the SWR hooks (react and swr are the application's own)
//   types/          the declarations
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'build', 'sdk');
const stage = join(out, 'src'); // the sources, laid out as the generated imports expect
const pkg = join(out, 'package');
const project = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const contract = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const version = contract.info.version;

rmSync(out, { recursive: true, force: true });
for (const part of ['clients', 'hooks', 'model']) {
  cpSync(join(root, 'generated', part), join(stage, 'generated', part), { recursive: true });
}
mkdirSync(join(stage, 'src', 'lib', 'http'), { recursive: true });
cpSync(join(root, 'sdk', 'client.ts'), join(stage, 'src', 'lib', 'http', 'client.ts'));

const tags = readdirSync(join(stage, 'generated', 'clients')).sort();
const reexports = (kind) =>
  tags.map((tag) => `export * from './generated/${kind}/${tag}/${tag}';`).join('\n');
writeFileSync(
  join(stage, 'index.ts'),
  `${reexports('clients')}
export * from './generated/model';
export { configureShopApi, ShopApiError, type ShopApiOptions } from './src/lib/http/client';
`,
);
writeFileSync(join(stage, 'hooks.ts'), `${reexports('hooks')}\n`);

// One module graph for both entries (splitting), so the hooks use the client configureShopApi set.
await build({
  entryPoints: { index: join(stage, 'index.ts'), hooks: join(stage, 'hooks.ts') },
  outdir: join(pkg, 'dist'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: ['axios', 'swr', 'swr/*', 'react'],
  logLevel: 'warning',
});

writeFileSync(
  join(stage, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      skipLibCheck: true,
      declaration: true,
      emitDeclarationOnly: true,
      outDir: join(pkg, 'types'),
      rootDir: stage,
      types: [],
    },
    files: ['index.ts', 'hooks.ts'],
  }),
);
execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', join(stage, 'tsconfig.json')], {
  stdio: 'inherit',
});

writeFileSync(
  join(pkg, 'package.json'),
  `${JSON.stringify(
    {
      name: 'vat-back-office-sdk',
      version,
      description: `Typed client of the ${contract.info.title} ${version}: axios functions, SWR hooks and models, generated from its OpenAPI contract.`,
      license: 'UNLICENSED',
      type: 'module',
      main: './dist/index.js',
      types: './types/index.d.ts',
      exports: {
        '.': { types: './types/index.d.ts', import: './dist/index.js' },
        './hooks': { types: './types/hooks.d.ts', import: './dist/hooks.js' },
      },
      files: ['dist', 'types', 'README.md', 'example.mjs'],
      dependencies: { axios: project.dependencies.axios },
      peerDependencies: { react: '>=18', swr: '>=2' },
      peerDependenciesMeta: { react: { optional: true }, swr: { optional: true } },
      engines: { node: '>=20' },
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  join(pkg, 'README.md'),
  readFileSync(join(root, 'sdk', 'README.md'), 'utf8').replaceAll('{{version}}', version),
);
cpSync(join(root, 'sdk', 'example.mjs'), join(pkg, 'example.mjs'));

const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: pkg })
  .toString()
  .trim()
  .split('\n')
  .pop();
console.log(`sdk: ${join('build', 'sdk', name)} (version ${version}, ${tags.length} tags)`);
