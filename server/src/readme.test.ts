// README.md tells the truth (#33): its settings table is the list of variables the server reads,
// with the defaults the code applies; every npm command it names exists; every tooling variable
// it lists is read by some script; docs/product.md §10.13 names every setting.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Env, loadConfig, SETTINGS } from './config';
import { can, PERMISSIONS, ROLES } from './domain/roles';

const root = join(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const product = readFileSync(join(root, 'docs/product.md'), 'utf8');

/** The rows of the first Markdown table whose header's first cell is `firstHeader`. */
function table(text: string, firstHeader: string): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => cells(line)[0] === firstHeader);
  // No such table: no rows, which the tests below refuse.
  if (start < 0) return [];
  const rows: string[][] = [];
  // Skip the header and the |---| line.
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(cells(line));
  }
  return rows;
}

const cells = (line: string): string[] =>
  line.startsWith('|')
    ? line
        .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
        .split('|')
        .map((cell) => cell.trim())
    : [];

/** "`PORT`, `HOST`" → ["PORT", "HOST"]. */
const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

interface Documented {
  name: string;
  /** The literal value written in the default cell, or undefined for "unset"/"generated". */
  value: string | undefined;
  cell: string;
}

/** The settings table: one entry per variable, the default cell split like the names cell. */
function documentedSettings(): Documented[] {
  const out: Documented[] = [];
  for (const [namesCell = '', defaultCell = ''] of table(readme, 'variable')) {
    const names = codeSpans(namesCell);
    const defaults = names.length > 1 ? splitDefaults(defaultCell) : [defaultCell];
    expect(defaults, `one default per name in the row of ${namesCell}`).toHaveLength(names.length);
    names.forEach((name, i) => {
      const cell = defaults[i]!;
      out.push({ name, value: literal(cell), cell });
    });
  }
  return out;
}

/** "`3000`, `0.0.0.0`" → two cells; "generated" alone applies to every name of the row. */
function splitDefaults(cell: string): string[] {
  if (cell === 'generated') return [cell, cell];
  return cell.split(/,\s+(?=`|unset|generated)/);
}

/** `x` → "x"; unset… / generated → undefined; anything else is not a checkable default. */
function literal(cell: string): string | undefined {
  const code = /^`([^`]+)`$/.exec(cell);
  if (code) return code[1];
  if (/^(unset|generated)\b/.test(cell)) return undefined;
  throw new Error(`README default "${cell}" is neither a \`value\`, unset nor generated`);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'readme-test-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("README's settings table", () => {
  it('names exactly the variables the server reads', () => {
    expect(
      documentedSettings()
        .map((s) => s.name)
        .sort(),
    ).toEqual([...SETTINGS].sort());
  });

  it('lists no setting the code does not read (SETTINGS is what loadConfig reads)', () => {
    const seen = new Set<string>();
    const env = new Proxy<Env>(
      { DATA_DIR: dir },
      {
        get(target, name) {
          if (typeof name === 'string') seen.add(name);
          return target[name as string];
        },
      },
    );
    loadConfig(env);
    expect([...seen].sort()).toEqual([...SETTINGS].sort());
  });

  // A default is right when setting the variable to it gives the configuration leaving it unset
  // gives: no copy of the defaults here, the code is asked.
  it.each(SETTINGS.map((name) => [name]))('%s: the documented default is the code’s', (name) => {
    const documented = documentedSettings();
    const row = documented.find((s) => s.name === name);
    expect(row, `${name} in README's settings table`).toBeDefined();
    const base: Env =
      name === 'DATA_DIR'
        ? // Fixed secrets: nothing is written into ./data by the comparison.
          { JWT_SECRET: 'j'.repeat(32), URL_SIGNING_KEY: 'u'.repeat(32) }
        : name.startsWith('S3_') && name !== 'S3_BUCKET'
          ? // Any S3_* needs S3_BUCKET (and the keys), or the start is refused.
            { DATA_DIR: dir, S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's' }
          : { DATA_DIR: dir };
    const unset = loadConfig(base);
    if (row!.value === undefined) {
      // "unset"/"generated": optional, so the server starts without it.
      expect(unset).toBeDefined();
      return;
    }
    // `<PORT>` and `<PUBLIC_URL>` in a default stand for those settings' own defaults.
    const value = row!.value.replace(/<([A-Z_]+)>/g, (whole, other: string) => {
      const ref = documented.find((s) => s.name === other)?.value;
      return ref === undefined ? whole : ref.replace(/<PORT>/g, String(unset.port));
    });
    expect(loadConfig({ ...base, [name]: value }), `${name}=${value}`).toEqual(unset);
  });
});

describe('npm commands named in README.md and docs/product.md', () => {
  const scripts = Object.keys(
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts,
  );
  // npm's own commands, not scripts.
  const builtIn = new Set(['install', 'ci', 'rebuild']);
  /** The code of a Markdown text (fenced blocks, then code spans): commands, not prose. */
  const code = (text: string): string[] => {
    const fences = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
    const rest = text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
    return [...fences, ...[...rest.matchAll(/(`+)([\s\S]+?)\1/g)].map((m) => m[2]!)];
  };
  const named = (text: string) =>
    new Set(
      code(text)
        .flatMap((snippet) => [...snippet.matchAll(/\bnpm\s+(?:run\s+)?([a-z][\w:.-]*[\w])/g)])
        .map((m) => m[1]!)
        .filter((name) => name !== 'run' && !builtIn.has(name)),
    );

  it.each([
    ['README.md', readme],
    ['docs/product.md', product],
  ])('every one named in %s is a script of package.json', (_file, text) => {
    const missing = [...named(text)].filter((name) => !scripts.includes(name));
    expect(missing).toEqual([]);
  });

  it('README.md names every script of package.json (a developer finds them all there)', () => {
    const readmeNames = named(readme);
    expect(scripts.filter((name) => !readmeNames.has(name))).toEqual([]);
  });

  it('finds the commands (the check would pass on nothing otherwise)', () => {
    expect([...named(readme)]).toEqual(expect.arrayContaining(['start', 'test', 'backup']));
  });
});

describe('tooling variables listed in README.md', () => {
  const sources: string[] = [];
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules') walk(join(path, entry));
      }
    } else if (/\.(ts|tsx|mjs|js|sh)$/.test(path) && !path.endsWith('readme.test.ts')) {
      sources.push(readFileSync(path, 'utf8'));
    }
  };
  for (const path of ['scripts', 'e2e', 'bench', 'server', 'src', 'mocks', '.storybook']) {
    walk(join(root, path));
  }
  walk(join(root, 'vite.config.ts'));

  const listed = table(readme, 'tooling variable').flatMap(([names = '']) => codeSpans(names));

  it('are listed', () => {
    expect(listed).toEqual(expect.arrayContaining(['CHROMIUM_PATH', 'VITE_API_BASE_URL']));
  });

  it.each(listed.map((name) => [name]))('%s is read by the code', (name) => {
    const pattern = new RegExp(
      `(process\\.env\\.|import\\.meta\\.env\\.|process\\.env\\[['"]|\\$\\{?)${name}\\b`,
    );
    expect(sources.some((text) => pattern.test(text))).toBe(true);
  });
});

describe('docs/product.md §10.8', () => {
  it('lists every permission with the roles that hold it', () => {
    const section = /### 10\.8 [^\n]*\n([\s\S]*?)\n### /.exec(product)?.[1] ?? '';
    const rows = table(section, 'permission');
    const header = section.split('\n').find((line) => cells(line)[0] === 'permission');
    expect(cells(header ?? '').slice(1)).toEqual([...ROLES]);
    expect(rows.map(([name = '']) => codeSpans(name)[0])).toEqual([...PERMISSIONS]);
    for (const [name = '', ...marks] of rows) {
      const permission = PERMISSIONS.find((p) => p === codeSpans(name)[0])!;
      expect(
        marks.map((mark) => mark === '✓'),
        permission,
      ).toEqual(ROLES.map((role) => can(role, permission)));
    }
  });
});

describe('docs/product.md §10.13', () => {
  it('names every setting', () => {
    const section = /### 10\.13 Settings\n([\s\S]*?)\n### /.exec(product)?.[1] ?? '';
    const missing = SETTINGS.filter((name) => !section.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
