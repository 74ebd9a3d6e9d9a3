import type { Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { configure } from 'storybook/test';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { defaultHandlers } from '@mocks/handlers';
import { reportUnhandledApiRequest } from '@mocks/violations';
import { activateLocale, isLocale, LOCALE_NAMES, LOCALES } from '@/lib/i18n';
import { prepareStory, type StoryAuth } from './session';
import { IN_FLIGHT_KEY } from './in-flight';
import { StoryShell } from './story-shell';

/**
 * Story parameters understood here:
 * - `route`: where the memory router starts ('/' by default); the current location is rendered
 *   as `data-testid="location"` for assertions.
 * - `auth`: `{ userType: 'admin', token?, user? }` signs in before render (nobody when absent).
 * - `cookies`: `{ sidebar_state: 'false' }` set before render (the sidebar cookie is cleared).
 * - `msw`: `{ handlers: [...] }` or `{ handlers: { name: [...] } }` (msw-storybook-addon); the
 *   fixtures API of mocks/handlers answers whatever a story does not.
 * Viewports: `globals: { viewport: { value: 'mobile375' } }` (the test runner sizes its page too).
 * Tag `visual` on a screen's story: its accepted images (visual/) are compared on every run
 * (.storybook/visual.ts).
 * Language and colour mode: `globals: { locale: 'ar', theme: 'dark' }` (toolbar menus too; the
 * test runner checks accessibility in each, .storybook/test-runner.ts).
 */
// MSW's worker stops on 'beforeunload'. Play functions dispatch synthetic ones to check the
// unsaved-changes guard (src/testing/unsaved-changes.ts): they stop here, after the guard's
// listener (added when story-shell's imports load) and before the worker's (added by the loader).
window.addEventListener('beforeunload', (event) => {
  if (!event.isTrusted) event.stopImmediatePropagation();
});

/**
 * The requests the page has sent and not yet had answered: the visual review photographs a screen
 * once they are all answered (visual.ts), and axe looks once they are (accessibility.ts), not
 * while its data is on the way.
 */
const inFlight = new Set<string>();
Object.assign(globalThis, { [IN_FLIGHT_KEY]: inFlight });

/** A toolbar menu that sets a global; its button shows the chosen item's title. */
const toolbar = (description: string, icon: string, items: { value: string; title: string }[]) => ({
  description,
  toolbar: { icon, items, dynamicTitle: true },
});

/** A viewport of the toolbar, named by its kind and width ('Mobile 375'). */
const viewport = (kind: 'Mobile' | 'Tablet' | 'Desktop', width: number, height: number) => ({
  name: `${kind} ${width}`,
  styles: { width: `${width}px`, height: `${height}px` },
  type: kind.toLowerCase() as Lowercase<typeof kind>,
});

// findBy… and waitFor give up after 5 s rather than testing-library's 1 s: a screen's data comes
// through its loaders, the mock API and a render or two, which on a busy 2-core machine running
// two test workers took more than a second (AdminGuard's ExpiredTokenRefreshed: 401, refresh,
// retry). A passing wait returns as soon as it holds; only a failing one waits longer.
configure({ asyncUtilTimeout: 5000 });

const preview: Preview = {
  initialGlobals: { locale: 'en', theme: 'light' },
  globalTypes: {
    locale: toolbar(
      'Language',
      'globe',
      LOCALES.map((value) => ({ value, title: LOCALE_NAMES[value] })),
    ),
    theme: toolbar('Colour mode', 'mirror', [
      { value: 'light', title: 'Light' },
      { value: 'dark', title: 'Dark' },
    ]),
  },
  loaders: [
    async ({ globals }) => {
      // Before render: the catalogue of the story's language, and its colour mode where
      // next-themes (src/components/ui/color-mode.tsx) reads it.
      await activateLocale(isLocale(globals.locale) ? globals.locale : 'en', { remember: false });
      const dark = globals.theme === 'dark';
      localStorage.setItem('theme', dark ? 'dark' : 'light');
      // next-themes marks <html> 'light' or 'dark' once mounted: a later switch replaces both.
      document.documentElement.classList.toggle('dark', dark);
      document.documentElement.classList.toggle('light', !dark);
      document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    },
    mswLoader(async () => {
      // Initial handlers survive the per-story reset and lose to the story's own handlers.
      const worker = setupWorker(...defaultHandlers);
      await worker.start({
        quiet: true,
        // An API request without a handler fails the story (test-runner.ts postVisit), as an
        // unhandled request fails a Vitest test.
        onUnhandledRequest: reportUnhandledApiRequest,
      });
      worker.events.on('request:start', ({ requestId }) => inFlight.add(requestId));
      worker.events.on('request:end', ({ requestId }) => inFlight.delete(requestId));
      return worker;
    }),
  ],
  beforeEach({ parameters }) {
    // A story's own requests only: one a story before it held unanswered on purpose (a loading
    // state) stays unanswered on the reused page, and was waited for by every story after it.
    inFlight.clear();
    prepareStory(
      parameters.auth as StoryAuth | undefined,
      parameters.cookies as Record<string, string> | undefined,
    );
  },
  decorators: [
    (Story, { id, parameters }) => (
      <StoryShell key={id} route={(parameters.route as string | undefined) ?? '/'}>
        <Story />
      </StoryShell>
    ),
  ],
  parameters: {
    layout: 'fullscreen',
    // The Accessibility panel checks each story a reviewer opens (findings listed, not failing).
    // Under automation (the test runner's Chromium) the addon stays off: the runner checks every
    // story itself, in more modes, and fails on serious findings (.storybook/accessibility.ts);
    // the addon's own pass on each of the ~1,000 stories would only add time.
    a11y: { test: navigator.webdriver ? 'off' : 'todo' },
    viewport: {
      options: {
        mobile375: viewport('Mobile', 375, 667),
        tablet768: viewport('Tablet', 768, 1024),
        desktop1280: viewport('Desktop', 1280, 800),
        // A common laptop screen (#26: the ledger's columns must fit it).
        desktop1366: viewport('Desktop', 1366, 768),
      },
    },
  },
};

export default preview;
