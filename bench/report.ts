// The tables `npm run bench` prints, with the targets beside the figures: every list at
// least 20 % of its limit's req/s, p99 ≤ 25 ms at 100k products, and the same per-page cost at
// the small and the large size (within 1.5×). The targets judge what users get (cached answers);
// the cold columns show what making an answer costs (the list cache off).
import type { Measurement } from './measure';

const LIST_SHARE = 0.2;
const P99_MS = 25;
const CURVE_RATIO = 1.5;

export interface Curve {
  name: string;
  /** The same endpoint at growing sizes. */
  points: Measurement[];
}

const isList = (m: Measurement) => !m.endpoint.startsWith('POST') && m.endpoint.includes('limit=');
const round = (n: number) => Math.round(n).toLocaleString('en-US');
const share = (m: Measurement, figures = m.figures) =>
  figures && m.limit ? figures.requestsPerSecond / m.limit.requestsPerSecond : null;
const percent = (s: number | null) => (s === null ? '' : `${(s * 100).toFixed(1)} %`);
/** Server time per page in ms: what one request costs the (single-threaded) server. */
const costOf = (m: Measurement | undefined, side: 'figures' | 'cold' = 'figures') => {
  const figures = m?.[side];
  return figures ? 1000 / figures.requestsPerSecond : null;
};

function targets(m: Measurement): string {
  if (!m.figures) return '';
  const misses: string[] = [];
  const s = share(m);
  if (isList(m) && s !== null && s < LIST_SHARE) misses.push(`< ${LIST_SHARE * 100} % of limit`);
  if (m.rows === '100000 products' && m.figures.p99 > P99_MS) misses.push(`p99 > ${P99_MS} ms`);
  if (m.figures.failures > 0) misses.push(`${m.figures.failures} failed`);
  return misses.length === 0 ? 'ok' : misses.join(', ');
}

export function printTable(dialect: string, measurements: readonly Measurement[]): void {
  console.log(
    '\n| database | endpoint | rows | req/s | % of limit | p50 ms | p99 ms | bytes | limit req/s | targets | cold req/s | cold % of limit | cold p50 ms | cold p99 ms |',
  );
  console.log(
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
  );
  for (const m of measurements) {
    const f = m.figures;
    const c = m.cold;
    const coldCells = c
      ? [round(c.requestsPerSecond), percent(share(m, c)), String(c.p50), String(c.p99)]
      : ['', '', '', ''];
    const cells = f
      ? [
          round(f.requestsPerSecond),
          percent(share(m)),
          String(f.p50),
          String(f.p99),
          m.bytes === null ? '' : round(m.bytes),
          m.limit ? round(m.limit.requestsPerSecond) : '',
          targets(m),
          ...coldCells,
        ]
      : ['n/a', '', '', '', '', '', `answered ${m.status}`, ...coldCells];
    console.log(`| ${dialect} | \`${m.endpoint}\` | ${m.rows} | ${cells.join(' | ')} |`);
  }
}

export function printCurves(curves: readonly Curve[]): void {
  console.log(
    `\nPer-page cost (server ms per page = 1000 / req/s), target within ${CURVE_RATIO}×:`,
  );
  for (const c of curves) {
    for (const side of ['figures', 'cold'] as const) {
      const name = side === 'cold' ? `${c.name}, cold` : c.name;
      const small = costOf(c.points[0], side);
      const large = costOf(c.points.at(-1), side);
      if (small === null || large === null) {
        console.log(`- ${name}: n/a`);
        continue;
      }
      const ratio = large / small;
      const steps = c.points.map((m) => `${costOf(m, side)?.toFixed(2) ?? 'n/a'} ms at ${m.rows}`);
      console.log(
        `- ${name}: ${steps.join(' → ')}; last/first = ${ratio.toFixed(2)}× ` +
          `(${ratio <= CURVE_RATIO ? 'ok' : 'over target'})`,
      );
    }
  }
}
