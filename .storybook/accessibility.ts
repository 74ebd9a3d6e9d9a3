import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { TestRunnerConfig } from '@storybook/test-runner';
import { IN_FLIGHT_KEY } from './in-flight';

/** The test runner's Playwright page (its own copy of Playwright, not a dependency of ours). */
type Page = Parameters<NonNullable<TestRunnerConfig['postVisit']>>[0];

/** The impacts that fail a story (axe's `moderate` and `minor` findings do not). */
const FAILING: ImpactValue[] = ['serious', 'critical'];

/** Storybook's own nodes in iframe.html (loaders, error display, docs root), not the story's. */
const STORYBOOK_CHROME = ['.sb-wrapper', '#storybook-docs'];

/**
 * Injected once per page (the runner reuses its page across stories); Playwright reads the file,
 * relative to the working directory (the project root), so this browser-typed file needs no Node.
 */
const AXE_SCRIPT = 'node_modules/axe-core/axe.min.js';

export interface Mode {
  locale: 'en' | 'fr' | 'ar';
  theme: 'light' | 'dark';
}

/**
 * Checks the rendered story (the root and the portals Chakra mounts on <body>) with axe-core and
 * describes every serious or critical violation (undefined when there is none).
 */
export async function findViolations(page: Page, label: string): Promise<string | undefined> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) {
    await page.addScriptTag({ path: AXE_SCRIPT });
  }
  await settle(page, { quietMs: AXE_QUIET_MS, inFlightWaitMs: IN_FLIGHT_WAIT_MS });
  const violations = await page.evaluate(
    async ({ exclude, failing }) => {
      const { axe } = globalThis as unknown as { axe: typeof import('axe-core') };
      const results: AxeResults = await axe.run(
        { exclude: exclude.map((selector) => [selector]) },
        { resultTypes: ['violations'] },
      );
      return results.violations.filter((v) => v.impact && failing.includes(v.impact));
    },
    { exclude: STORYBOOK_CHROME, failing: FAILING },
  );
  return violations.length > 0 ? describe(label, violations) : undefined;
}

/**
 * Re-renders the current story with other globals (the preview's loaders switch the catalogue and
 * the colour mode) without running its play function again, and waits until it has rendered.
 */
export async function renderInMode(page: Page, mode: Mode): Promise<void> {
  await page.evaluate(
    (globals) =>
      new Promise<void>((resolve, reject) => {
        const channel = (
          globalThis as unknown as {
            __STORYBOOK_ADDONS_CHANNEL__: {
              on(event: string, listener: (...args: unknown[]) => void): void;
              off(event: string, listener: (...args: unknown[]) => void): void;
              emit(event: string, payload: unknown): void;
            };
          }
        ).__STORYBOOK_ADDONS_CHANNEL__;
        const timer = setTimeout(() => done(new Error('no render after 15 s')), 15_000);
        const rendered = () => done();
        const failed = () => done(new Error('the story failed to render'));
        function done(error?: Error) {
          clearTimeout(timer);
          channel.off('storyFinished', rendered);
          channel.off('storyThrewException', failed);
          channel.off('storyErrored', failed);
          if (error) reject(error);
          else resolve();
        }
        channel.on('storyFinished', rendered);
        channel.on('storyThrewException', failed);
        channel.on('storyErrored', failed);
        channel.emit('updateGlobals', { globals });
      }),
    { ...mode },
  );
}

/**
 * How long the DOM must stay unchanged before axe looks. 150 ms until #31; with the mock API's
 * answers waited for first (below), 50 ms is enough for React to draw them, and the hundred
 * milliseconds saved per check were about 110 s of the suite's 1,600 checks (UsersPage and
 * ProductsPage: 82 s → 72 s). The visual review keeps the longer window (its pictures compare
 * pixels, and it waits for the answers itself).
 */
const AXE_QUIET_MS = 50;
/**
 * How long an unanswered mock request is waited for: the mocks answer at once unless a story
 * holds one on purpose (`.loading()` never answers, `.delayed(ms)`), which then costs this once.
 */
const IN_FLIGHT_WAIT_MS = 300;

/**
 * Lets the story reach a still state: finite animations (dialogs and toasts fading in, whose
 * colours mid-fade would be measured wrongly) are jumped to their end, the mock API's requests
 * answered (up to `inFlightWaitMs`), and the DOM stops changing (data arriving after a re-render)
 * for `quietMs`. Finishing rather than waiting: some animations never finished on their own within
 * a second (paused, or started again by a re-render), and waiting them out cost a second per check
 * — a fifth of a screen's checks (VatRatesPage: 33 s of settling before, 17 s after).
 */
export async function settle(
  page: Page,
  { quietMs = 150, inFlightWaitMs = 0 }: { quietMs?: number; inFlightWaitMs?: number } = {},
): Promise<void> {
  await page.evaluate(
    async ({ quietMs, inFlightWaitMs, inFlightKey }) => {
      for (const animation of document.getAnimations()) {
        const end = animation.effect?.getComputedTiming().endTime ?? Infinity;
        if (Number.isFinite(end)) animation.finish();
      }
      const started = performance.now();
      let changed = started;
      const observer = new MutationObserver(() => {
        changed = performance.now();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      const inFlight = () =>
        ((globalThis as Record<string, unknown>)[inFlightKey] as Set<string> | undefined)?.size ??
        0;
      await new Promise<void>((resolve) => {
        const check = () => {
          const now = performance.now();
          const quiet = now - changed >= quietMs;
          const answered = inFlight() === 0 || now - started >= inFlightWaitMs;
          if ((quiet && answered) || now - started >= 2000) {
            observer.disconnect();
            resolve();
          } else setTimeout(check, 10);
        };
        check();
      });
    },
    { quietMs, inFlightWaitMs, inFlightKey: IN_FLIGHT_KEY },
  );
}

function describe(label: string, violations: Result[]): string {
  const lines = violations.flatMap((v) => [
    `${v.id} (${v.impact}): ${v.help}`,
    ...v.nodes.map((node) => {
      const check = [...node.any, ...node.all, ...node.none][0];
      return `  ${node.target.join(' ')}: ${check?.message ?? node.failureSummary ?? ''}`;
    }),
  ]);
  return `Accessibility (axe-core), ${label}: ${violations.length} serious or critical violation(s)\n${lines.join('\n')}`;
}
