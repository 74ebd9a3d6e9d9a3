// Files of the project itself (package.json, scripts/), found from this module up: the sources
// under tsx and vitest, or the bundle in dist-server/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function projectFile(relative: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${relative} not found`);
    dir = parent;
  }
}

/** The product's version (package.json). */
export function productVersion(): string {
  return (JSON.parse(readFileSync(projectFile('package.json'), 'utf8')) as { version: string })
    .version;
}
