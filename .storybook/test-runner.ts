import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';
import { VIOLATIONS_KEY, violationsError, type ContractViolation } from '../mocks/violations';
import { findViolations, renderInMode, type Mode } from './accessibility';
import { isVisualStory, reviewVisually } from './visual';

const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/** preview.tsx's initialGlobals: what every story without globals of its own renders in. */
const DEFAULT_MODE: Mode = { locale: 'en', theme: 'light' };
/**
 * The other mode axe checks a screen's stories in, after the play function ran in the default one:
 * Arabic in dark. What axe fails on (contrast, names, roles) comes from the colour tokens, which do
 * not depend on the language, or from the texts and the direction, which do not depend on the
 * colours; so the default (English, light) and Arabic dark together check both colour modes, both
 * directions and both scripts (French, checked by neither before or now, is in Latin script).
 * Until #31 this was two re-renders, English dark and Arabic light: the same coverage at twice the
 * cost, a few minutes of a suite near its 40-minute budget once the visual review was added. Every
 * story in all four modes doubled the run (measured on UsersPage: 46 s → 97 s for 20 stories).
 * Stories of their own mode (`globals`) still run in it.
 */
const OTHER_MODES: Mode[] = [{ locale: 'ar', theme: 'dark' }];

type ViewportOptions = Record<string, { styles: { width: string; height: string } }>;

type StoryContext = Awaited<ReturnType<typeof getStoryContext>>;

const isScreen = (context: StoryContext) =>
  /Page\.stories\.tsx$/.test(String(context.parameters?.fileName ?? ''));

/** A story that sets a locale or theme is a variant of a sibling, which covers the other modes. */
const hasOwnMode = (context: StoryContext) =>
  Object.keys(context.storyGlobals ?? {}).some((key) => key in DEFAULT_MODE);

const config: TestRunnerConfig = {
  /**
   * The test runner opens stories without Storybook's manager, so the viewport global does nothing
   * by itself: size the page from `globals.viewport.value` (preview's options or the built-ins).
   */
  async preVisit(page, story) {
    const context = await getStoryContext(page, story);
    const name = (context.storyGlobals?.viewport as { value?: string } | undefined)?.value;
    const options: ViewportOptions = {
      ...MINIMAL_VIEWPORTS,
      ...((context.parameters?.viewport as { options?: ViewportOptions } | undefined)?.options ??
        {}),
    };
    const viewport = name ? options[name] : undefined;
    await page.setViewportSize(
      viewport
        ? {
            width: Number.parseInt(viewport.styles.width, 10),
            height: Number.parseInt(viewport.styles.height, 10),
          }
        : DEFAULT_VIEWPORT,
    );
  },
  /**
   * A story whose mock API saw a request the server would refuse, or answered what the contract
   * does not describe (mocks/contract.ts), fails even when its play function passed. Then axe-core
   * checks it in its own globals, and a screen's story in the other modes too; a story tagged
   * `visual` is then compared with its accepted images (visual.ts).
   */
  async postVisit(page, story) {
    const violations = await page.evaluate((key) => {
      const holder = globalThis as unknown as Record<string, ContractViolation[] | undefined>;
      const found = holder[key] ?? [];
      holder[key] = [];
      return found;
    }, VIOLATIONS_KEY);
    const error = violationsError(violations);
    if (error) throw error;
    if (story.hasFailure) return; // the play function's own error says more

    const faults = [await findViolations(page, "in the story's own globals")];
    const context = await getStoryContext(page, story);
    if (isScreen(context) && !hasOwnMode(context)) {
      try {
        for (const mode of OTHER_MODES) {
          await renderInMode(page, mode);
          faults.push(await findViolations(page, `in ${mode.locale} ${mode.theme}`));
        }
      } finally {
        await renderInMode(page, DEFAULT_MODE);
      }
    }
    if (await isVisualStory(page, story.id)) faults.push(await reviewVisually(page, story.id));
    const found = faults.filter(Boolean);
    if (found.length > 0) throw new Error(found.join('\n'));
  },
};

export default config;
