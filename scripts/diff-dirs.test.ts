import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { diffDirs } from './diff-dirs.mjs';

// The drift check of generated/ (npm run generate:check) relies on this comparison.
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function tree(files: Record<string, string>) {
  const d = mkdtempSync(join(tmpdir(), 'diff-dirs-'));
  dirs.push(d);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(d, path, '..'), { recursive: true });
    writeFileSync(join(d, path), text);
  }
  return d;
}

it('finds nothing when both trees are identical', () => {
  const files = { 'a.ts': 'x', 'hooks/p/p.ts': 'y' };
  expect(diffDirs(tree(files), tree(files))).toEqual([]);
});

it('reports changed, missing and extra files', () => {
  const fresh = tree({ 'a.ts': 'x', 'hooks/p/p.ts': 'y2', 'new.ts': 'n' });
  const committed = tree({ 'a.ts': 'x', 'hooks/p/p.ts': 'y', 'old.ts': 'o' });
  expect(diffDirs(fresh, committed)).toEqual(['hooks/p/p.ts', 'new.ts', 'old.ts']);
});

it('treats a missing folder as empty', () => {
  expect(diffDirs(tree({ 'a.ts': 'x' }), join(tmpdir(), 'no-such-dir-xyz'))).toEqual(['a.ts']);
});
