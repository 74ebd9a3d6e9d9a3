import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';
import { VIOLATIONS_KEY, violationsError, type ContractViolation } from '../mocks/violations';

const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

type ViewportOptions = Record<string, { styles: { width: string; height: string } }>;

/**
 * The test runner opens stories without Storybook's manager, so the viewport global does nothing
 * by itself: size the page from `globals.viewport.value` (preview's options or the built-ins).
 */
const config: TestRunnerConfig = {
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
   * does not describe (mocks/contract.ts), fails even when its play function passed.
   */
  async postVisit(page) {
    const violations = await page.evaluate((key) => {
      const holder = globalThis as unknown as Record<string, ContractViolation[] | undefined>;
      const found = holder[key] ?? [];
      holder[key] = [];
      return found;
    }, VIOLATIONS_KEY);
    const error = violationsError(violations);
    if (error) throw error;
  },
};

export default config;
