import type { Messages } from '@lingui/core';

/**
 * The namespace of a messages folder: its path under src/, e.g. `features/orders` for
 * /src/features/orders/messages/fr.json. defineMessages() is given the same string (a test checks
 * both agree), so every key is `<namespace>.<key>` once merged into one language's catalogue.
 */
export function namespaceOf(path: string): string {
  const match = /\/src\/(.+)\/messages\/[a-z]{2}\.json$/.exec(path);
  if (!match) throw new Error(`Not a messages file: ${path}`);
  return match[1]!;
}

/** One language's catalogue from its files (path → key → compiled message). */
export function mergeCatalogue(files: Record<string, Record<string, unknown>>): Messages {
  const messages: Messages = {};
  for (const [path, entries] of Object.entries(files)) {
    const namespace = namespaceOf(path);
    for (const [key, message] of Object.entries(entries))
      messages[`${namespace}.${key}`] = message as Messages[string];
  }
  return messages;
}
