import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestRunnerConfig } from '@storybook/test-runner';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { REPORT_DIR } from '../scripts/visual-report.mjs';
import { settle } from './accessibility';
import { IN_FLIGHT_KEY } from './in-flight';

/**
 * Visual review: a screen's story tagged `visual` has accepted images committed under visual/
 * (English light at its own viewport, Arabic dark, and English light on a phone), and the test
 * runner compares each with the story as it renders now. `npm run test:visual:update` accepts
 * what renders (VISUAL_UPDATE=true); a difference writes the accepted, new and diff images to
 * visual-report/, whose index.html (scripts/visual-report.mjs) shows them side by side.
 */

type Page = Parameters<NonNullable<TestRunnerConfig['postVisit']>>[0];
type BrowserContext = ReturnType<Page['context']>;

const VISUAL_TAG = 'visual';

let taggedIds: Promise<Set<string>> | undefined;

/**
 * Whether the story is tagged `visual` in the built Storybook's index, which is what
 * `--includeTags visual` (npm run test:visual:update) selects. Not the story's tags at run time: a
 * story spreading a tagged one (`{ ...Filled, globals }`) carries its tags there, but not in the
 * index, and would be reviewed without ever being given accepted images.
 */
export async function isVisualStory(page: Page, storyId: string): Promise<boolean> {
  taggedIds ??= page
    .evaluate(async (tag) => {
      const index = (await (await fetch('index.json')).json()) as {
        entries: Record<string, { id: string; tags?: string[] }>;
      };
      return Object.values(index.entries)
        .filter((entry) => entry.tags?.includes(tag))
        .map((entry) => entry.id);
    }, VISUAL_TAG)
    .then((ids) => new Set(ids));
  return (await taggedIds).has(storyId);
}

/** Where accepted images live (a failed comparison leaves its three images in REPORT_DIR). */
const ACCEPTED_DIR = 'visual';

/** The phone of the toolbar (preview.tsx 'mobile375'), at the height of a common phone. */
const PHONE = { width: 375, height: 812 };

/**
 * pixelmatch's per-pixel colour distance (0–1; its default 0.1 lets anti-aliased edges of the
 * same text pass) and how many pixels may then differ: none. A button moved by one pixel changes
 * hundreds; a rendering that is the same on every machine (Debian's Chromium and fonts)
 * changes none.
 */
const PIXEL_THRESHOLD = 0.1;
const MAX_DIFF_PIXELS = 0;

interface Shot {
  name: string;
  png: Buffer;
}

const updating = () => process.env.VISUAL_UPDATE === 'true';

/** The tallest picture taken: a screen longer than this is photographed down to here. */
const MAX_HEIGHT = 4000;

/**
 * Waits until the screen is still: every API request answered, then the DOM quiet and finite
 * animations finished (settle), and no new request sent meanwhile (a render that fetched more);
 * then its fonts loaded.
 */
async function ready(page: Page): Promise<void> {
  // Runs in the page: whether preview.tsx's set of unanswered requests is empty.
  const noneInFlight = (key: string) =>
    ((globalThis as Record<string, unknown>)[key] as Set<string> | undefined)?.size === 0;
  for (let round = 0; round < 5; round += 1) {
    await page.waitForFunction(noneInFlight, IN_FLIGHT_KEY, { timeout: 15_000 });
    await settle(page);
    if (await page.evaluate(noneInFlight, IN_FLIGHT_KEY)) break;
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * A still picture of the whole screen at `width`: the page is made as tall as its content (up to
 * MAX_HEIGHT) rather than photographed beyond the window, where the sidebar, as tall as the
 * window, would stop half-way. Infinite animations (spinners) are stopped, the caret hidden.
 */
async function shoot(page: Page, size: { width: number; height: number }): Promise<Buffer> {
  await page.setViewportSize(size);
  await ready(page);
  const content = await page.evaluate(() => document.documentElement.scrollHeight);
  const height = Math.min(Math.max(size.height, content), MAX_HEIGHT);
  if (height !== size.height) {
    await page.setViewportSize({ width: size.width, height });
    await ready(page);
  }
  return page.screenshot({ animations: 'disabled', caret: 'hide' });
}

/**
 * "Now" in the pictures: a screen that shows today's date, this month's report or a discount's
 * days left would otherwise change its picture every day. A weekday morning in Tunis, mid-month.
 */
const VISUAL_NOW = new Date('2026-06-15T08:30:00Z');

const FINISHED_PHASES = ['finished', 'errored', 'aborted'];

interface VisualMode {
  name: string;
  /** The story's globals in the address (preview.tsx's globalTypes). */
  globals: string;
  /** Pictures of the same load at other sizes after the first (the phone): name → viewport. */
  resized?: Record<string, { width: number; height: number }>;
}

/**
 * The pictures of a story: English light at its own viewport, then the same page narrowed to a
 * phone (a resize, as a reviewer narrowing the window sees it: the screens' layouts follow the
 * viewport through CSS and Chakra's breakpoint hooks, so a third load of the story would show the
 * same, at a quarter of the review's time), and Arabic dark (the colours and the direction a light
 * English picture cannot show).
 */
const MODES: VisualMode[] = [
  { name: 'en-light', globals: 'locale:en;theme:light', resized: { phone: PHONE } },
  { name: 'ar-dark', globals: 'locale:ar;theme:dark' },
];

/**
 * The story loaded afresh in `mode` (its play function run, as the runner runs it), in a page of
 * its own whose clock is fixed at VISUAL_NOW, photographed at its own size and then at the mode's
 * other sizes. A fresh load, not a re-render of the runner's page
 * with other globals: re-rendered so, the dashboard stayed in its loading skeletons for good
 * although its requests were sent and answered (cause not found yet), and was photographed so.
 */
async function shootMode(
  context: BrowserContext,
  storyUrl: URL,
  own: { width: number; height: number },
  mode: VisualMode,
): Promise<Shot[]> {
  const page = await context.newPage();
  try {
    await page.setViewportSize(own);
    const url = new URL(storyUrl);
    url.searchParams.set('globals', mode.globals);
    await page.goto(url.href);
    await page.waitForFunction(
      (phases) => {
        const preview = (
          globalThis as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }
        ).__STORYBOOK_PREVIEW__;
        return phases.includes(preview?.currentRender?.phase ?? '');
      },
      FINISHED_PHASES,
      { timeout: 30_000 },
    );
    const shots: Shot[] = [{ name: mode.name, png: await shoot(page, own) }];
    for (const [name, size] of Object.entries(mode.resized ?? {})) {
      shots.push({ name, png: await shoot(page, size) });
    }
    return shots;
  } finally {
    await page.close();
  }
}

/** The story's pictures in every mode, taken in a browser context of its own. */
async function takeShots(page: Page, storyId: string): Promise<Shot[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error('visual review: the test page has no browser to open a context in');
  const context = await browser.newContext();
  try {
    await context.clock.setFixedTime(VISUAL_NOW);
    const storyUrl = new URL(page.url());
    storyUrl.search = new URLSearchParams({ id: storyId, viewMode: 'story' }).toString();
    const own = page.viewportSize() ?? { width: 1280, height: 720 };
    const shots: Shot[] = [];
    for (const mode of MODES) {
      shots.push(...(await shootMode(context, storyUrl, own, mode)));
    }
    return shots;
  } finally {
    await context.close();
  }
}

/** Describes how `actual` differs from `accepted` (undefined when it does not), with its diff. */
export function compareImages(
  accepted: Buffer,
  actual: Buffer,
): { problem: string; diff?: Buffer } | undefined {
  const a = PNG.sync.read(accepted);
  const b = PNG.sync.read(actual);
  if (a.width !== b.width || a.height !== b.height) {
    return { problem: `size ${b.width}×${b.height}, accepted ${a.width}×${a.height}` };
  }
  const diff = new PNG({ width: a.width, height: a.height });
  const changed = pixelmatch(a.data, b.data, diff.data, a.width, a.height, {
    threshold: PIXEL_THRESHOLD,
  });
  if (changed <= MAX_DIFF_PIXELS) return undefined;
  return { problem: `${changed} pixel(s) differ`, diff: PNG.sync.write(diff) };
}

/**
 * Compares the story's pictures with its accepted images (or, when updating, accepts them) and
 * describes each difference or missing image (undefined when all match).
 */
export async function reviewVisually(page: Page, storyId: string): Promise<string | undefined> {
  const shots = await takeShots(page, storyId);
  const problems: string[] = [];
  for (const { name, png } of shots) {
    const file = join(ACCEPTED_DIR, `${storyId}.${name}.png`);
    const accepted = existsSync(file) ? readFileSync(file) : undefined;
    const found = accepted
      ? compareImages(accepted, png)
      : { problem: 'no accepted image (npm run test:visual:update)' };
    if (!found) continue;
    if (updating()) {
      mkdirSync(ACCEPTED_DIR, { recursive: true });
      writeFileSync(file, png);
      continue;
    }
    mkdirSync(REPORT_DIR, { recursive: true });
    const base = join(REPORT_DIR, `${storyId}.${name}`);
    writeFileSync(`${base}.actual.png`, png);
    if (accepted) writeFileSync(`${base}.accepted.png`, accepted);
    if (found.diff) writeFileSync(`${base}.diff.png`, found.diff);
    writeFileSync(
      `${base}.json`,
      JSON.stringify({ story: storyId, mode: name, problem: found.problem, accepted: file }),
    );
    problems.push(`${name}: ${found.problem} (${file})`);
  }
  if (problems.length === 0) return undefined;
  return `Visual review of ${storyId}: ${problems.join('; ')}. See ${REPORT_DIR}/index.html; accept with npm run test:visual:update`;
}
