import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

function listFiles(base) {
  if (!existsSync(base)) return [];
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [relative(base, join(dir, e.name))],
    );
  return walk(base);
}

/** Relative paths of files that differ between two folders, or exist in only one, sorted. */
export function diffDirs(a, b) {
  const all = new Set([...listFiles(a), ...listFiles(b)]);
  return [...all].sort().filter((f) => {
    const fa = join(a, f);
    const fb = join(b, f);
    return !existsSync(fa) || !existsSync(fb) || !readFileSync(fa).equals(readFileSync(fb));
  });
}
