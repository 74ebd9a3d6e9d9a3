// The visual review's report (.storybook/visual.ts): each failed comparison left
// visual-report/<story>.<mode>.json beside its accepted, new and diff images; index.html shows
// them side by side for a reviewer. Called by scripts/test-storybook.mjs after the runner.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPORT_DIR = 'visual-report';

/** Empties the report before a run: what it shows afterwards is that run's differences only. */
export function clearVisualReport(root) {
  rmSync(join(root, REPORT_DIR), { recursive: true, force: true });
}

const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** Writes visual-report/index.html when the run left differences; returns how many. */
export function writeVisualReport(root) {
  const dir = join(root, REPORT_DIR);
  if (!existsSync(dir)) return 0;
  const entries = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({
      base: name.slice(0, -'.json'.length),
      ...JSON.parse(readFileSync(join(dir, name), 'utf8')),
    }));
  if (entries.length === 0) return 0;
  const image = (base, kind, label) =>
    existsSync(join(dir, `${base}.${kind}.png`))
      ? `<figure><figcaption>${label}</figcaption><img src="${escape(`${base}.${kind}.png`)}" alt="${label}"></figure>`
      : `<figure><figcaption>${label}</figcaption><p>none</p></figure>`;
  const rows = entries
    .map(
      (e) => `<section>
<h2>${escape(e.story)} · ${escape(e.mode)}</h2>
<p>${escape(e.problem)} — accepted image: <code>${escape(e.accepted)}</code></p>
<div class="row">${image(e.base, 'accepted', 'Accepted')}${image(e.base, 'actual', 'New')}${image(e.base, 'diff', 'Difference')}</div>
</section>`,
    )
    .join('\n');
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Visual review: ${entries.length} difference(s)</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; }
.row { display: flex; gap: 1rem; align-items: flex-start; }
figure { margin: 0; flex: 1; min-width: 0; }
img { max-width: 100%; border: 1px solid #ccc; }
section { border-bottom: 1px solid #ddd; padding-bottom: 1rem; margin-bottom: 1rem; }
</style></head><body>
<h1>Visual review: ${entries.length} difference(s)</h1>
<p>Accept what is new with <code>npm run test:visual:update</code> when the change is intended.</p>
${rows}
</body></html>
`,
  );
  return entries.length;
}
