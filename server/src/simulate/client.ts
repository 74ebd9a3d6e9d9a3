// The simulator's HTTP side (#32): plain fetch to a real server, an admin session kept by its
// refresh token (so a session idle overnight must refresh), the server's clock moved through the
// test-only route, and every answer watched: a 5xx breaks the "no 5xx" invariant at once, and the
// slowest operation is kept for the bench.
import { TEST_CLOCK_PATH } from './test-clock';

/** A rule of docs/product.md §10.33 that did not hold. */
export class InvariantBroken extends Error {
  constructor(
    readonly rule: string,
    detail: string,
  ) {
    super(`${rule}: ${detail}`);
  }
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** An access token is refreshed once older than this (they live 15 minutes). */
const REFRESH_AFTER_MS = 10 * 60 * 1000;

export class ShopClient {
  private clockAt = new Date(0);
  private tokens: Tokens | undefined;
  private signedInAt = 0;
  /** Every call's count and the slowest one (method and path without ids). */
  calls = 0;
  /** Calls and milliseconds by operation (method and path without ids). */
  readonly byOperation = new Map<string, { calls: number; ms: number }>();
  /** Milliseconds spent waiting for answers. */
  busyMs = 0;
  slowest = { operation: '', ms: 0 };

  constructor(
    private api: string,
    private origin: string,
  ) {}

  /** After a restart: the same session, a new port. */
  moveTo(api: string, origin: string): void {
    this.api = api;
    this.origin = origin;
  }

  get now(): Date {
    return this.clockAt;
  }

  /** Sets the server's clock (PUT /api/v1/test/clock). */
  async setClock(at: Date): Promise<void> {
    const res = await fetch(`${this.origin}${TEST_CLOCK_PATH}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: at.toISOString() }),
    });
    if (res.status !== 200) throw new Error(`Setting the clock: ${res.status} ${await res.text()}`);
    this.clockAt = at;
  }

  async signIn(username: string, password: string): Promise<void> {
    const res = await this.raw('POST', '/admin/auth/login', { username, password }, undefined);
    if (res.status !== 200) throw new Error(`Sign-in ${res.status}: ${JSON.stringify(res.body)}`);
    this.tokens = res.body as Tokens;
    this.signedInAt = this.clockAt.getTime();
  }

  /** A separate session of another admin: its token pair. */
  async sessionOf(username: string, password: string): Promise<Tokens> {
    const res = await this.raw('POST', '/admin/auth/login', { username, password }, undefined);
    if (res.status !== 200) throw new Error(`Sign-in ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as Tokens;
  }

  /** Refreshes another admin's session: the answer (200 with a new pair, or the refusal). */
  refreshOf(tokens: Tokens): Promise<Answer<Tokens>> {
    return this.raw(
      'POST',
      `/admin/auth/refresh?refresh_token=${encodeURIComponent(tokens.refresh_token)}`,
      undefined,
      undefined,
    );
  }

  /**
   * The refresh of a session whose access token has expired (idle overnight, or 10 minutes of
   * simulated work): a refused refresh is a broken rule, the admin would be signed out.
   */
  private async freshAuthorization(): Promise<string> {
    if (!this.tokens) throw new Error('Not signed in');
    if (this.clockAt.getTime() - this.signedInAt >= REFRESH_AFTER_MS) {
      const res = await this.raw(
        'POST',
        `/admin/auth/refresh?refresh_token=${encodeURIComponent(this.tokens.refresh_token)}`,
        undefined,
        undefined,
      );
      if (res.status !== 200) {
        throw new InvariantBroken(
          'sessions survive idle time',
          `refreshing the admin session at ${this.clockAt.toISOString()} answered ${res.status} ${JSON.stringify(res.body)}`,
        );
      }
      this.tokens = res.body as Tokens;
      this.signedInAt = this.clockAt.getTime();
    }
    return `Bearer ${this.tokens.access_token}`;
  }

  /** A call as the signed-in admin (or a customer's cart session: no token needed). */
  async call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    return this.raw<T>(method, path, body, await this.freshAuthorization());
  }

  /** A call with this Authorization (undefined: none). Throws on a 5xx. */
  async raw<T>(
    method: string,
    path: string,
    body: unknown,
    authorization: string | undefined,
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (authorization) headers.authorization = authorization;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const started = performance.now();
    const res = await fetch(`${this.api}${path}`, { method, headers, body: payload });
    return this.answer<T>(method, path, res, started);
  }

  /** The answer read, counted and timed; a 5xx breaks the rule. */
  private async answer<T>(
    method: string,
    path: string,
    res: Response,
    started: number,
  ): Promise<Answer<T>> {
    const text = await res.text();
    const ms = performance.now() - started;
    this.calls += 1;
    this.busyMs += ms;
    const operation = `${method} ${path.replace(/\?.*$/, '').replace(/\/\d+/g, '/{id}')}`;
    if (ms > this.slowest.ms) this.slowest = { operation, ms };
    const spent = this.byOperation.get(operation) ?? { calls: 0, ms: 0 };
    this.byOperation.set(operation, { calls: spent.calls + 1, ms: spent.ms + ms });
    if (res.status >= 500) {
      throw new InvariantBroken('no 5xx', `${method} ${path} answered ${res.status}: ${text}`);
    }
    const type = res.headers.get('content-type') ?? '';
    return {
      status: res.status,
      body: (type.includes('json') && text ? JSON.parse(text) : text) as T,
      headers: res.headers,
    };
  }

  /** A file sent as multipart/form-data (its `file` field), as the signed-in admin. */
  async upload<T>(path: string, name: string, text: string): Promise<Answer<T>> {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/csv' }), name);
    const started = performance.now();
    const res = await fetch(`${this.api}${path}`, {
      method: 'POST',
      headers: { authorization: await this.freshAuthorization() },
      body: form,
    });
    return this.answer<T>('POST', path, res, started);
  }

  /** A call that must answer `status`; its body. */
  async expect<T>(status: number, method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call<T>(method, path, body);
    if (res.status !== status) {
      throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    return res.body;
  }
}
