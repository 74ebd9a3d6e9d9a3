// Compiles the console's messages files (src/**/messages/{en,fr,ar}.json) to Lingui's runtime form
// at build time, so the browser needs no ICU parser (src/lib/i18n). The output is still JSON:
// Vite's own JSON plugin then turns it into a module as for any other .json file.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const MESSAGES_FILE = /\/messages\/[a-z]{2}\.json$/;

/**
 * One message in runtime form: always Lingui's token list, even for plain text. Lingui would take
 * a string for an uncompiled message (and, in production builds, warn about it in the console).
 */
export function compileEntry(message: string): unknown {
  return compileMessage(message);
}

export function compileMessagesFile(source: string, id: string): string {
  const entries = JSON.parse(source) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(entries)) {
    if (typeof message !== 'string') throw new Error(`${id}: "${key}" is not a string`);
    out[key] = compileEntry(message);
  }
  return JSON.stringify(out);
}

export function messagesPlugin(): Plugin {
  return {
    name: 'console-messages',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!MESSAGES_FILE.test(file)) return null;
      return { code: compileMessagesFile(code, file), map: null };
    },
  };
}
