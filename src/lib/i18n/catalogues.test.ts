// Every messages folder (src/**/messages/) is complete in every language: the same keys as
// English, messages that compile, the same ICU arguments; and its defineMessages() namespace is
// the folder's path, so keys cannot collide once merged into one catalogue.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { namespaceOf } from './catalogues';
import { LOCALES } from './locales';

const SRC = fileURLToPath(new URL('../..', import.meta.url));

function messageFolders(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    if (entry.name === 'messages') found.push(path);
    else found.push(...messageFolders(path));
  }
  return found;
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;

/** The argument names of a compiled message, nested ones (plural branches) included. */
function argumentsOf(tokens: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(tokens)) return into;
  for (const token of tokens) {
    if (!Array.isArray(token)) continue;
    const [name, , branches] = token as [string, string?, Record<string, unknown>?];
    into.add(name);
    for (const branch of Object.values(branches ?? {})) argumentsOf(branch, into);
  }
  return into;
}

const folders = messageFolders(SRC);

it('finds the messages folders', () => {
  expect(folders.length).toBeGreaterThan(0);
});

describe.each(folders.map((f) => [relative(SRC, f), f]))('%s', (_name, folder) => {
  const english = read(join(folder, 'en.json'));

  it('names its namespace after its folder', () => {
    const namespace = namespaceOf(`/src/${relative(SRC, join(folder, 'en.json'))}`);
    const index = readFileSync(join(folder, 'index.ts'), 'utf8');
    expect(index).toContain(`defineMessages('${namespace}', en)`);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    'has every key in %s, with the same arguments',
    (locale) => {
      const translated = read(join(folder, `${locale}.json`));
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(english)) {
        const want = [...argumentsOf(compileMessage(message))].sort();
        const got = [...argumentsOf(compileMessage(translated[key]!))].sort();
        expect({ key, arguments: got }).toEqual({ key, arguments: want });
        expect(translated[key]!.trim(), `${locale} ${key} is empty`).not.toBe('');
      }
    },
  );
});
