import { setupWorker } from 'msw/browser';
import { defaultHandlers } from './handlers';

/** The API in the browser for `npm run dev:mock` (src/main.tsx starts it). */
export const worker = setupWorker(...defaultHandlers);

export async function startMockWorker(): Promise<void> {
  await worker.start({
    onUnhandledRequest(request, print) {
      if (new URL(request.url).pathname.startsWith('/api/')) print.warning();
    },
  });
  console.info(
    '[mocks] API answered by MSW with the fixtures of mocks/fixtures (sign in with any password)',
  );
}
