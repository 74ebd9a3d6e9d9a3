// A real app on a fresh, migrated database, driven with app.inject() (HTTP without a socket).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeEach } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import { AccessTokens } from '../src/auth/access-token';
import { hashPassword } from '../src/auth/passwords';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import type { DatabaseHandle, DialectName } from '../src/db/database';
import type { AdminRole } from '../src/domain/roles';
import { backgroundJobHandlers } from '../src/services/platform/background-jobs';
import { startJobWorker } from '../src/jobs/worker';
import { createMemoryMailer, type Mailer } from '../src/mail/transport';
import { MAIL_JOB } from '../src/services/identity/magic-links';
import { mediaStorage } from '../src/services/platform/media';
import { startSession } from '../src/services/identity/refresh-tokens';
import { openTestDatabase, type TestDatabase } from './databases';
import { useOpened } from './hooks';
import { silentJobLog } from './jobs';
import { injectChecked, type TestRequest } from './openapi-validator';

export type AuthHeaders = { authorization: string };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  /** Moves the app's clock (token expiry, links, signed URLs). */
  advanceClock: (ms: number) => void;
  /**
   * Stops the app's clock where it is (advanceClock still moves it): for answers that count
   * time from an earlier request (Retry-After), which real time would shift on a busy machine.
   */
  freezeClock: () => void;
  createAdmin: (
    input?: Partial<{
      username: string;
      email: string;
      role: AdminRole;
      password: string;
      is_active: boolean;
    }>,
  ) => Promise<{ id: number; username: string; password: string; token: string }>;
  /** Bearer header of a fresh admin with this role. */
  authAs: (role: AdminRole) => Promise<AuthHeaders>;
  customerAuth: (customerId: number) => Promise<AuthHeaders>;
  /** app.inject(), then the answer is checked against this operation of the contract. */
  request: (operationId: string, request: TestRequest) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/** The server's defaults (from an environment of our own, not the process's), on shop.test. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: '/nonexistent',
      PUBLIC_URL: overrides.publicUrl ?? 'http://shop.test',
      JWT_SECRET: 'test-jwt-secret-test-jwt-secret-0123456789',
      URL_SIGNING_KEY: 'test-url-signing-key-test-url-signing-0123',
      // LIST_CACHE_MB=0 runs the suite with the list cache off (on by default, as in production).
      LIST_CACHE_MB: process.env.LIST_CACHE_MB,
      // The worker of each test app looks often, so a queued e-mail arrives within a test's wait.
      JOB_POLL_MS: '20',
    }),
    port: 0,
    host: '127.0.0.1',
    ...overrides,
  };
}

/**
 * An app's context over this database, made as main.ts makes it: access tokens signed with the
 * config's secret, a memory mailer and the real clock unless `extra` says otherwise.
 */
export function testContext(
  db: AppContext['db'],
  dialect: DialectName,
  config: Config,
  extra: Partial<AppContext> = {},
): AppContext {
  return {
    db,
    dialect,
    config,
    tokens: new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds),
    mailer: createMemoryMailer(),
    now: () => new Date(),
    ...extra,
  };
}

let adminCounter = 0;

/**
 * One argon2id hash per password for the test admins of a worker: hashing at the production
 * cost takes 20–40 ms of CPU, and most tests create admins with the same password. The hash is
 * a real one at the production parameters (only its salt is shared), so signing in verifies it
 * as production does; the app's own hashing (users, password changes) is untouched.
 */
const adminHashes = new Map<string, Promise<string>>();
function adminPasswordHash(password: string): Promise<string> {
  let hash = adminHashes.get(password);
  if (hash === undefined) {
    hash = hashPassword(password);
    adminHashes.set(password, hash);
  }
  return hash;
}

export async function createTestApp(
  dialect: DialectName,
  {
    config: configOverrides,
    mailer,
    ...appOptions
  }: AppOptions & { config?: Partial<Config>; mailer?: Mailer } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(dialect);
  let offset = 0;
  let frozenAt: number | null = null;
  // On PostgreSQL the app was started from its database's URL, as in production: a backup's
  // pg_dump connects with it.
  const config = testConfig({
    ...(dialect === 'postgres' ? { databaseUrl: database.url } : {}),
    ...configOverrides,
  });
  const ctx = testContext(database.db, dialect, config, {
    mailer: mailer ?? createMemoryMailer(),
    now: () => new Date((frozenAt ?? Date.now()) + offset),
  });
  const app = await buildApp(ctx, appOptions);
  // The app's worker sends its e-mails; the housekeeping jobs are left to the tests of each.
  const jobs = startJobWorker({
    db: ctx.db,
    dialect,
    handlers: {
      [MAIL_JOB]: backgroundJobHandlers(ctx, { storage: mediaStorage(config), log: silentJobLog })[
        MAIL_JOB
      ],
    },
    log: silentJobLog,
    pollMs: config.jobPollMs,
    now: () => ctx.now(),
  });

  /** An access token of a new session of this user (as a sign-in would give). */
  const signedIn = async (userType: 'admin' | 'customer', userId: number) => {
    const now = ctx.now();
    const { sessionId } = await startSession(database.db, {
      userType,
      userId,
      now,
      client: { ip: '127.0.0.1', userAgent: null },
    });
    return ctx.tokens.sign({ userType, userId, sessionId }, now);
  };

  const createAdmin: TestApp['createAdmin'] = async (input = {}) => {
    adminCounter += 1;
    const username = input.username ?? `admin${adminCounter}`;
    const password = input.password ?? 'correct-horse-battery';
    const now = ctx.now().toISOString();
    const row = await database.db
      .insertInto('admin_users')
      .values({
        username,
        email: input.email ?? `${username}@example.com`,
        full_name: `Test ${username}`,
        role: input.role ?? 'super_admin',
        is_active: input.is_active === false ? 0 : 1,
        password_hash: await adminPasswordHash(password),
        last_login: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await signedIn('admin', row.id);
    return { id: row.id, username, password, token };
  };

  return {
    app,
    ctx,
    database,
    advanceClock: (ms) => {
      offset += ms;
    },
    freezeClock: () => {
      frozenAt ??= Date.now();
    },
    createAdmin,
    authAs: async (role) => ({ authorization: `Bearer ${(await createAdmin({ role })).token}` }),
    customerAuth: async (customerId) => ({
      authorization: `Bearer ${await signedIn('customer', customerId)}`,
    }),
    request: (operationId, request) => injectChecked(app, operationId, request),
    close: async () => {
      await app.close();
      await jobs.stop();
      await database.dispose();
    },
  };
}

/**
 * Another server on the test app's database and clock, with these settings (e.g. the list cache
 * off) and, with `database`, its own connections (a second instance of a cluster); close it.
 */
export function buildSibling(
  t: TestApp,
  { config = {}, database }: { config?: Partial<Config>; database?: DatabaseHandle } = {},
): Promise<FastifyInstance> {
  return buildApp({
    ...t.ctx,
    ...(database ? { db: database.db } : {}),
    config: { ...t.ctx.config, ...config },
  });
}

type TestAppOptions = Parameters<typeof createTestApp>[1];

/** A test app for the describe block (or for each test with `perTest`): see useOpened. */
export function useTestApp(
  dialect: DialectName,
  options: TestAppOptions | (() => TestAppOptions) = {},
  when: { perTest?: boolean } = {},
): TestApp {
  return useOpened(
    () => createTestApp(dialect, typeof options === 'function' ? options() : options),
    (t) => t.close(),
    when,
  );
}

/**
 * An admin with this role on the app that is open, created again whenever a new app opens
 * (filled in by a hook, so it is ready inside tests and in later beforeEach hooks).
 */
export function useAdminAccount(t: TestApp, role: AdminRole) {
  const account: { id: number; headers: AuthHeaders } = { id: 0, headers: { authorization: '' } };
  let createdOn: FastifyInstance | undefined;
  beforeEach(async () => {
    if (createdOn === t.app) return;
    const admin = await t.createAdmin({ role });
    account.id = admin.id;
    account.headers.authorization = `Bearer ${admin.token}`;
    createdOn = t.app;
  });
  return account;
}

/** Bearer header of an admin with this role: see useAdminAccount. */
export const useAdmin = (t: TestApp, role: AdminRole): AuthHeaders =>
  useAdminAccount(t, role).headers;

type Payload = Record<string, unknown>;

/** Create, update and delete on an admin collection URL (ending in /), as `admin` unless told. */
export const collectionCalls = (t: TestApp, url: string, admin: AuthHeaders) => ({
  create: (payload: Payload, headers: AuthHeaders = admin) =>
    t.app.inject({ method: 'POST', url, headers, payload }),
  update: (id: number | string, payload: Payload, headers: AuthHeaders = admin) =>
    t.app.inject({ method: 'PATCH', url: `${url}${id}`, headers, payload }),
  remove: (id: number, headers: AuthHeaders = admin) =>
    t.app.inject({ method: 'DELETE', url: `${url}${id}`, headers }),
});
