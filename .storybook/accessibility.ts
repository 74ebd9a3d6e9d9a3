import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { TestRunnerConfig } from '@storybook/test-runner';

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
  await settle(page);
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
 * Lets the story reach a still state: finite animations (dialogs and toasts fading in, whose
 * colours mid-fade would be measured wrongly) are jumped to their end, and the DOM stops changing
 * (data arriving from the mock API after a re-render) for a moment. Finishing rather than waiting:
 * some never finished on their own within a second (paused, or started again by a re-render), and
 * waiting them out cost a second per check — a fifth of a screen's checks (VatRatesPage: 33 s of
 * settling before, 17 s after).
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const animation of document.getAnimations()) {
      const end = animation.effect?.getComputedTiming().endTime ?? Infinity;
      if (Number.isFinite(end)) animation.finish();
    }
    await new Promise<void>((resolve) => {
      let quiet = setTimeout(finish, 150);
      const cap = setTimeout(finish, 2000);
      const observer = new MutationObserver(() => {
        clearTimeout(quiet);
        quiet = setTimeout(finish, 150);
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      function finish() {
        observer.disconnect();
        clearTimeout(quiet);
        clearTimeout(cap);
        resolve();
      }
    });
  });
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
