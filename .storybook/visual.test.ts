// The visual review's comparison (.storybook/visual.ts) and its HTML report
// (scripts/visual-report.mjs), outside a browser: what decides that a screen changed, and what a
// reviewer is shown when it did.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { compareImages } from './visual';
import { clearVisualReport, writeVisualReport } from '../scripts/visual-report.mjs';

/** A width×height PNG of one grey, with `changed` pixels set to other colours. */
function image(
  width: number,
  height: number,
  changed: { x: number; y: number; rgb: [number, number, number] }[] = [],
): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  for (let i = 3; i < png.data.length; i += 4) png.data[i] = 255;
  for (const { x, y, rgb } of changed) {
    const at = (y * width + x) * 4;
    png.data.set(rgb, at);
  }
  return PNG.sync.write(png);
}

describe('compareImages', () => {
  it('passes the same picture', () => {
    expect(compareImages(image(40, 30), image(40, 30))).toBeUndefined();
  });

  it('fails on a single pixel of another colour, with a diff image of the same size', () => {
    const found = compareImages(image(40, 30), image(40, 30, [{ x: 5, y: 7, rgb: [0, 0, 0] }]));
    expect(found?.problem).toBe('1 pixel(s) differ');
    const diff = PNG.sync.read(found?.diff ?? Buffer.alloc(0));
    expect([diff.width, diff.height]).toEqual([40, 30]);
  });

  it('fails on a line moved down by one pixel', () => {
    const line = (y: number) =>
      Array.from({ length: 20 }, (_, x) => ({
        x: x + 10,
        y,
        rgb: [20, 20, 20] as [number, number, number],
      }));
    expect(compareImages(image(40, 30, line(10)), image(40, 30, line(11)))?.problem).toBe(
      '40 pixel(s) differ',
    );
  });

  it('fails on another size, saying both', () => {
    expect(compareImages(image(40, 30), image(40, 31))).toEqual({
      problem: 'size 40×31, accepted 40×30',
    });
  });
});

describe('the report', () => {
  it('shows each difference with the accepted, new and diff images side by side', () => {
    const root = mkdtempSync(join(tmpdir(), 'visual-'));
    const dir = join(root, 'visual-report');
    mkdirSync(dir);
    const base = 'orders-orderspage--filled.ar-dark';
    for (const kind of ['accepted', 'actual', 'diff'])
      writeFileSync(join(dir, `${base}.${kind}.png`), image(2, 2));
    writeFileSync(
      join(dir, `${base}.json`),
      JSON.stringify({
        story: 'orders-orderspage--filled',
        mode: 'ar-dark',
        problem: '12 pixel(s) differ',
        accepted: 'visual/orders-orderspage--filled.ar-dark.png',
      }),
    );

    expect(writeVisualReport(root)).toBe(1);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).toContain('<title>Visual review: 1 difference(s)</title>');
    expect(html).toContain('<h2>orders-orderspage--filled · ar-dark</h2>');
    expect(html).toContain(
      '<p>12 pixel(s) differ — accepted image: <code>visual/orders-orderspage--filled.ar-dark.png</code></p>',
    );
    for (const [kind, label] of [
      ['accepted', 'Accepted'],
      ['actual', 'New'],
      ['diff', 'Difference'],
    ])
      expect(html).toContain(`<img src="${base}.${kind}.png" alt="${label}">`);

    clearVisualReport(root);
    expect(existsSync(dir)).toBe(false);
    expect(writeVisualReport(root)).toBe(0);
  });
});
