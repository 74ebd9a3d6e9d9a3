/**
 * Every request a mock handler (mocks/handlers) answers is recorded here, so a story's play
 * function or a test can check what was sent:
 *
 *   await requests.waitFor('POST', '/api/v1/admin/auth/login');
 *   expect(requests.last('POST', '/api/v1/admin/auth/login')?.body).toEqual({ username, password });
 *
 * Storybook clears it before each story (.storybook/preview.tsx); tests call `requests.clear()`.
 */
import { getAdapter, type AxiosInstance } from 'axios';

export interface RecordedRequest {
  method: string;
  /** URL path without the origin, e.g. /api/v1/admin/products/ */
  path: string;
  query: Record<string, string>;
  /** Path parameters of the matching handler, e.g. { id: '3' } */
  params: Record<string, string>;
  /** Parsed JSON; for multipart, each field's value or file name(s); undefined when empty. */
  body: unknown;
  authorization: string | null;
}

const log: RecordedRequest[] = [];
/**
 * Which clear() the log is at. Stories share one page: a request the previous story sent just
 * before it ended can reach its handler after the next story's clear(). Storybook's client tags
 * each request with the run it was sent in (header X-Story-Run, .storybook/session.ts), and a
 * request of an earlier run is not recorded (a story asserting "no request to X" saw one).
 */
let run = 0;

/** The header that carries the run a request was sent in. */
export const STORY_RUN_HEADER = 'x-story-run';
const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

function matches(entry: RecordedRequest, method: string, path: string | RegExp): boolean {
  if (entry.method !== method.toUpperCase()) return false;
  return typeof path === 'string' ? trim(entry.path) === trim(path) : path.test(entry.path);
}

export const requests = {
  /** Records the request, unless it was sent during an earlier run (`sentIn`, when known). */
  record(entry: RecordedRequest, sentIn?: number): void {
    if (sentIn !== undefined && sentIn !== run) return;
    log.push(entry);
  },
  /** The current run, for the client to tag its requests with. */
  run(): number {
    return run;
  },
  all(): RecordedRequest[] {
    return [...log];
  },
  /** Requests sent with this method to this path (trailing slash ignored) or path pattern. */
  to(method: string, path: string | RegExp): RecordedRequest[] {
    return log.filter((entry) => matches(entry, method, path));
  },
  last(method: string, path: string | RegExp): RecordedRequest | undefined {
    return this.to(method, path).at(-1);
  },
  /** Resolves with the requests once at least `count` were sent; rejects after `timeout` ms. */
  async waitFor(
    method: string,
    path: string | RegExp,
    { count = 1, timeout = 3000 }: { count?: number; timeout?: number } = {},
  ): Promise<RecordedRequest[]> {
    const started = Date.now();
    for (;;) {
      const found = this.to(method, path);
      if (found.length >= count) return found;
      if (Date.now() - started > timeout)
        throw new Error(
          `Expected ${count} ${method} ${String(path)} request(s), got ${found.length}. Sent: ` +
            log.map((entry) => `${entry.method} ${entry.path}`).join(', '),
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  },
  clear(): void {
    log.length = 0;
    run += 1;
  },
};

/**
 * Tags each request of `client` with the run it is sent in, and never settles the answer to one of
 * an earlier run: the screen that sent it is gone, and its late success or failure would otherwise
 * toast over the current story's (a 'Success' a story waited for was replaced by the 'Upload
 * failed' of an upload a story had left pending, which the client's 30 s timeout ended). The
 * adapter is wrapped, not an interceptor added: the client's own interceptors turn a failure into
 * an ApiError that no longer carries the request.
 */
export function tagStoryRuns(client: AxiosInstance): void {
  client.interceptors.request.use((config) => {
    config.headers.set(STORY_RUN_HEADER, String(run));
    return config;
  });
  const send = getAdapter(client.defaults.adapter);
  const never = () => new Promise<never>(() => {});
  client.defaults.adapter = async (config) => {
    const sentIn = run;
    try {
      const response = await send(config);
      return sentIn === run ? response : never();
    } catch (error) {
      if (sentIn !== run) return never();
      throw error;
    }
  };
}
