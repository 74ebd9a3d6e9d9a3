// The console's Chakra system carries only the recipes of the components it uses (theme.ts): a
// component imported without its recipe would render unstyled, and no story would say why.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultConfig } from '@chakra-ui/react';
import { expect, it } from 'vitest';
import { system } from './theme';

const SRC = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every name imported from '@chakra-ui/react' anywhere in src/. */
function importedChakraNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const [, list = ''] of readFileSync(file, 'utf8').matchAll(
      /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g,
    )) {
      for (const part of list.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

const recipeKeys = (config: typeof defaultConfig) =>
  new Set([
    ...Object.keys(config.theme?.recipes ?? {}),
    ...Object.keys(config.theme?.slotRecipes ?? {}),
  ]);

it('has the recipe of every Chakra component the console imports', () => {
  const chakra = recipeKeys(defaultConfig);
  const ours = recipeKeys(system._config);
  const used = [...importedChakraNames()]
    .map((name) => name[0]!.toLowerCase() + name.slice(1))
    .filter((key) => chakra.has(key));
  expect(used.length).toBeGreaterThan(10);
  expect(used.filter((key) => !ours.has(key))).toEqual([]);
});
