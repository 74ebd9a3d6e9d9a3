/**
 * Waiting in a story without a fixed sleep (#34; eslint.sleeps.js refuses one). A sleep guesses how
 * long something takes: too short under load (the story fails at random), too long otherwise (the
 * suite is slow), and it proves nothing about what it waited for. Wait instead for what the user
 * would see (`findBy…`, `waitFor`), for a request (`requests.waitFor`), for the barrier below, or
 * move time with fake timers where time itself is the subject (an autosave second, a debounce).
 */
import { withGlobal, type Clock } from '@sinonjs/fake-timers';

/**
 * Resolves once every request the screen (or a hook under test) sent before the call has reached its mock handler (and
 * was recorded): the barrier is a request sent now, a signed-URL lookup that no story counts, and
 * the browser and MSW's worker pass requests on in the order they were sent. "Nothing was sent"
 * then holds for what the last action did at once (a click, a keypress, an unmount). A request
 * the screen would send later, after a timer of its own, is not covered: use `withFakeTimers`.
 * Plain fetch, not the console's client: its answer (404, no such file; 401 when signed out)
 * touches no session, toast or cache of the screen.
 */
export async function afterRequestsSentSoFar(): Promise<void> {
  // Absolute: Node's fetch (a Vitest test under jsdom) takes no relative URL.
  await fetch(new URL(BARRIER, globalThis.location.href));
}

const BARRIER = '/api/v1/admin/uploads/presigned-url/request-barrier.jpg?expiration=60';

/**
 * Runs `play` with setTimeout and clearTimeout on a fake clock: `await clock.tickAsync(1500)` runs
 * every timer due within 1.5 s at once and in order, however loaded the machine is. The clock also
 * moves with real time (`shouldAdvanceTime`), so what else waits on a timer (user-event, `waitFor`,
 * toasts, MSW) goes on as usual; Date stays real; React's scheduler keeps its own timers. The clock
 * is removed afterwards, even when `play` fails, once the timers still pending have run.
 */
export async function withFakeTimers(play: (clock: Clock) => Promise<void>): Promise<void> {
  const clock = withGlobal(globalThis).install({
    toFake: ['setTimeout', 'clearTimeout'],
    shouldAdvanceTime: true,
    advanceTimeDelta: 5,
  });
  try {
    await play(clock);
  } finally {
    // The timers still due (a toast's end, a library's clean-up) run now rather than never.
    await clock.runToLastAsync().catch(() => undefined);
    clock.uninstall();
  }
}
