// The mocks behave as the server: every case of ./cases.ts is sent to the real app (app.inject)
// and to the MSW mock API (mocks/node.ts, through fetch), both holding the mocks' fixtures, and
// must get the same status, the same ids in the same order and the same total. See ./cases.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import document from '../../../../generated/openapi.json';
import * as handlers from '../../../../mocks/handlers';
import { contract, contractViolations } from '../../../../mocks/contract';
import { server as mockServer } from '../../../../mocks/node';
import { createTestApp, type AuthHeaders, type TestApp } from '../../../test-support/app';
import { testDialects } from '../../../test-support/databases';
import {
  callerPasskeys,
  fixtureAdminAuth,
  loadMockFixtures,
  withAdminFactors,
  withAdminSessions,
  withApiTokens,
  withWebhooks,
  withBackupFiles,
  withOrderTimelineRecords,
} from '../../../test-support/mock-fixtures-db';
import { adminPasskeys } from '../../../../mocks/fixtures/passkeys';
import { SoftAuthenticator } from '../../../test-support/webauthn';
import { MOCK_PASSWORD } from '../../../../mocks/handlers/account';
import { whileBackupWritten } from '../../../../mocks/handlers/backups';
import { draftOrders as draftOrderFixtures } from '../../../../mocks/fixtures/draft-orders';
import { shopSettings as shopSettingsFixture } from '../../../../mocks/fixtures/settings';
import { withBackupLock } from '../../backup/lock';
import { backupStore, ensureWorkDir } from '../../backup/store';
import { CONFLICT_CASES, LIST_CASES, type ConflictCase } from './cases';

interface Schema {
  type?: string;
  $ref?: string;
  properties?: Record<string, unknown>;
}
interface OperationDoc {
  operationId: string;
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema?: Schema }> }
  >;
}
const doc = document as unknown as {
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, Schema> };
};

/** The contract's list operations: a GET answering an array, a page of items, or a total. */
function contractListOperations(): string[] {
  const found: string[] = [];
  for (const operations of Object.values(doc.paths)) {
    const op = operations.get;
    const ok = op?.responses['200'];
    if (!op || !ok) continue;
    const json = ok.content?.['application/json']?.schema;
    const schema = json?.$ref ? doc.components.schemas[json.$ref.split('/').pop()!] : json;
    const isList =
      schema?.type === 'array' ||
      (schema?.type === 'object' &&
        'items' in (schema.properties ?? {}) &&
        'total' in (schema.properties ?? {})) ||
      (json !== undefined && 'X-Total-Count' in (ok.headers ?? {}));
    if (isList) found.push(op.operationId);
  }
  return found.sort();
}

/** The operations some mock handler factory answers. */
function mockedOperations(): Set<string> {
  const ids = new Set<string>();
  for (const namespace of Object.values(handlers))
    if (typeof namespace === 'object')
      for (const factory of Object.values(namespace as Record<string, unknown>))
        if (typeof factory === 'function' && 'operation' in factory)
          ids.add((factory as { operation: { operationId: string } }).operation.operationId);
  return ids;
}

/** The contract's operations with a documented 409. */
function contractConflictOperations(): string[] {
  return Object.values(doc.paths)
    .flatMap((operations) => Object.values(operations))
    .filter((op) => op.responses?.['409'] !== undefined)
    .map((op) => op.operationId)
    .sort();
}

const conflicts = Object.entries(CONFLICT_CASES).flatMap(([operationId, entry]) =>
  Array.isArray(entry) ? entry.map((c) => ({ operationId, ...c })) : [],
);

const compared = Object.entries(LIST_CASES).flatMap(([operationId, entry]) =>
  'path' in entry
    ? (entry.ids ?? [undefined]).flatMap((id) =>
        entry.queries.map((query) => {
          const path = id === undefined ? entry.path : entry.path.replace('{id}', String(id));
          return {
            operationId,
            key: entry.key ?? 'id',
            url: query ? `${path}?${query}` : path,
            given: entry.given,
            whole: entry.whole ?? false,
          };
        }),
      )
    : [],
);

describe('the mock-versus-server table', () => {
  it('has an entry for every list operation of the contract', () => {
    expect(Object.keys(LIST_CASES).sort()).toEqual(contractListOperations());
  });

  it('asks each operation through its own path', () => {
    const asked = [
      ...compared.map(({ operationId, url }) => ({ operationId, method: 'GET', url })),
      ...conflicts.map(({ operationId, method, path }) => ({ operationId, method, url: path })),
    ];
    const answeredBy = asked.map(({ method, url }) => {
      const { pathname } = new URL(url, 'http://localhost');
      return contract.matchOperation(method, pathname)?.operation.operationId;
    });
    expect(answeredBy).toEqual(asked.map((a) => a.operationId));
  });

  it('has an entry for every operation with a documented 409', () => {
    expect(Object.keys(CONFLICT_CASES).sort()).toEqual(contractConflictOperations());
  });

  it('leaves out for want of a mock only operations no mock answers', () => {
    const mocked = mockedOperations();
    const noMock = [...Object.entries(LIST_CASES), ...Object.entries(CONFLICT_CASES)].flatMap(
      ([id, entry]) => ('why' in entry && entry.why === 'no-mock' ? [id] : []),
    );
    expect(noMock.filter((id) => mocked.has(id))).toEqual([]);
    // And what is compared is mocked (else the mock would answer an unhandled request).
    const comparedIds = [...compared, ...conflicts].map((c) => c.operationId);
    expect(comparedIds.filter((id) => !mocked.has(id))).toEqual([]);
  });
});

/** Every row the cases read or a refused write could touch, as text. */
async function shopRows(t: TestApp): Promise<string> {
  const tables = [
    'admin_users',
    'vat_rates',
    'categories',
    'products',
    'variants',
    'customers',
    'orders',
    'order_items',
    'order_status_history',
    'order_shipments',
    'order_payments',
    'payment_remittances',
    'order_returns',
    'order_return_lines',
    'order_edits',
    'draft_orders',
    'draft_order_lines',
    'invoices',
    'stock_movements',
    'audit_log',
    'shop_settings_changes',
    'jobs',
  ] as const;
  const rows = [];
  for (const table of tables)
    rows.push(await t.database.db.selectFrom(table).selectAll().orderBy('id').execute());
  return JSON.stringify(rows);
}

/**
 * What both sides must agree on: the status and, for a refusal, the body; for a list the keys
 * in order and the total (X-Total-Count, or a page's total, pages and counts by state).
 */
function summary(
  status: number,
  body: unknown,
  total: string | null | undefined,
  key: string,
  whole: boolean | 'but key' = false,
) {
  if (status !== 200) return { status, body };
  const page = body as Record<string, unknown> | unknown[];
  // A page holds its records as `items`, or as `entries` (the sales register, beside its totals).
  const listField = Array.isArray(page) || 'items' in page ? 'items' : 'entries';
  const items = (Array.isArray(page) ? page : page[listField]) as Record<string, unknown>[];
  // A page's total, pages and counts by state (the register's totals and numbering checks); a
  // list's X-Total-Count.
  const pageFields = Array.isArray(page)
    ? (total ?? null)
    : Object.fromEntries(Object.entries(page).filter(([name]) => name !== listField));
  return {
    status,
    ...(whole === 'but key' ? {} : { keys: items.map((item) => item[key]) }),
    total: pageFields,
    ...(whole === true ? { items } : {}),
    ...(whole === 'but key' ? { items: items.map(({ [key]: _key, ...fields }) => fields) } : {}),
  };
}

describe.each(testDialects)('the mocks list as the server (%s)', (dialect) => {
  let t: TestApp;
  let admin: AuthHeaders;
  let loaded: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await loadMockFixtures(t.database.db, dialect);
    // The super admin of the stories (fixtures' id 1).
    admin = await fixtureAdminAuth(t, 1);
    loaded = await shopRows(t);
    handlers.resetMockState(); // as fresh as this block's server
    mockServer.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(async () => {
    mockServer.close();
    await t.close();
  });

  /**
   * Runs `send` (with the caller's headers) while the server holds what the case is given
   * beyond the fixtures; the mocks answer their fixtures as they are.
   */
  async function given<T>(
    what: (typeof compared)[number]['given'],
    send: (headers: AuthHeaders) => Promise<T>,
  ): Promise<T> {
    if (what === 'caller passkeys') {
      const factors = { totp: false, passkeys: adminPasskeys.length, required: false };
      return withAdminFactors(t, 1, factors, () => send(admin));
    }
    if (what === 'caller sessions') return withAdminSessions(t, 1, send);
    if (what === 'backup files') return withBackupFiles(t, () => send(admin));
    if (what === 'api tokens') return withApiTokens(t, () => send(admin));
    if (what === 'webhooks') return withWebhooks(t, () => send(admin));
    if (what === 'order timeline records') return withOrderTimelineRecords(t, () => send(admin));
    return send(admin);
  }

  it.each(compared)('$operationId $url', async ({ key, url, given: what, whole }) => {
    const { real, mocked } = await given(what, async (headers) => {
      const real = await t.app.inject({ method: 'GET', url, headers });
      contractViolations.take();
      const mocked = await fetch(`http://localhost${url}`, { headers });
      return { real, mocked };
    });
    expect(contractViolations.take()).toEqual([]);
    const total = real.headers['x-total-count'] as string;
    expect(
      summary(mocked.status, await mocked.json(), mocked.headers.get('x-total-count'), key, whole),
    ).toEqual(summary(real.statusCode, real.json(), total, key, whole));
  });

  // After the lists: a refused write changes nothing, but keep the lists' data untouched anyway.
  /** Runs `send` with the caller's second factors the case gives, on both sides. */
  async function asCaller<T>(caller: ConflictCase['caller'], send: () => Promise<T>): Promise<T> {
    if (caller === undefined) return send();
    const { totp, passkeys: count, required } = caller;
    mockServer.use(
      handlers.twoFactor.startTotp(undefined, totp),
      handlers.twoFactor.disableTotp(MOCK_PASSWORD, caller),
      handlers.passkeys.delete(callerPasskeys(count), { totp, required }),
    );
    try {
      return await withAdminFactors(t, 1, caller, send);
    } finally {
      mockServer.resetHandlers();
    }
  }

  /** Runs `send` with what the case says is under way held on both sides. */
  async function during<T>(what: ConflictCase['during'], send: () => Promise<T>): Promise<T> {
    if (what === undefined) return send();
    if (what === 'the webhook fixtures') return withWebhooks(t, send);
    if (what === 'no default VAT rate in force') {
      const db = t.database.db;
      const defaults = await db
        .selectFrom('vat_rates')
        .select('id')
        .where('is_default', '=', 1)
        .execute();
      await db.updateTable('vat_rates').set({ is_default: 0 }).execute();
      const unpriced = draftOrderFixtures.map((d) => ({
        ...d,
        shipping_problem: 'no_vat_rate' as const,
        shipping_vat_amount: null,
        completable: false,
      }));
      mockServer.use(handlers.draftOrders.complete(undefined, unpriced));
      try {
        return await send();
      } finally {
        mockServer.resetHandlers();
        for (const { id } of defaults)
          await db.updateTable('vat_rates').set({ is_default: 1 }).where('id', '=', id).execute();
      }
    }
    // The server's own lock, as a backup being written holds it, and the mocks' shelf writing.
    const store = backupStore(t.ctx.config);
    await ensureWorkDir(store);
    return withBackupLock(t.database.db, dialect, store.workDir, () => whileBackupWritten(send));
  }

  /**
   * Runs `send` with the case's body, after the registration ceremony the case asks for: the
   * server's creation options for admin 1 signed by a software authenticator into the body's
   * `response`, a challenge handed out by the mocks, and the credential registered to another
   * admin if the case says so (a row on the server, the mock's argument).
   */
  async function ceremony<T>(c: ConflictCase, send: (body: unknown) => Promise<T>): Promise<T> {
    if (c.ceremony === undefined) return send(c.body);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/me/passkeys/options',
      headers: admin,
    });
    expect(asked.statusCode).toBe(200);
    const key = new SoftAuthenticator(new URL(t.ctx.config.publicUrl).origin);
    const body = { ...(c.body as object), response: key.register(asked.json()) };
    const opened = await fetch('http://localhost/api/v1/admin/auth/me/passkeys/options', {
      method: 'POST',
      headers: admin,
    });
    expect(opened.status).toBe(200);
    expect(contractViolations.take()).toEqual([]);
    const elsewhere = c.ceremony.registeredTo === 'another admin';
    mockServer.use(
      handlers.passkeys.register(undefined, {
        mine: callerPasskeys(c.caller?.passkeys ?? 0),
        credentialIds: elsewhere ? [key.id] : [],
      }),
    );
    const now = t.ctx.now().toISOString();
    try {
      if (elsewhere)
        await t.database.db
          .insertInto('admin_passkeys')
          .values({
            admin_user_id: 2,
            credential_id: key.id,
            public_key: 'public-key-of-admin-2',
            counter: 0,
            transports: null,
            name: 'Their key',
            created_at: now,
            last_used_at: null,
          })
          .execute();
      return await send(body);
    } finally {
      await t.database.db
        .deleteFrom('admin_passkeys')
        .where('credential_id', '=', key.id)
        .execute();
      mockServer.resetHandlers();
    }
  }

  it.each(conflicts)('$operationId: $name', async (c) => {
    const { method, path } = c;
    const { real, mocked } = await asCaller(c.caller, () =>
      ceremony(c, (body) =>
        during(c.during, async () => {
          const headers: Record<string, string> = { ...admin };
          let payload: string | Buffer | undefined;
          if (c.file) {
            // The same multipart bytes to both sides, as the console's FormData sends them.
            const form = new FormData();
            form.append('file', new Blob([c.file.text], { type: 'text/csv' }), c.file.name);
            const encoded = new Request('http://localhost/', { method: 'POST', body: form });
            headers['content-type'] = encoded.headers.get('content-type')!;
            payload = Buffer.from(await encoded.arrayBuffer());
          } else if (body !== undefined) {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(body);
          }
          const real = await t.app.inject({
            method,
            url: path,
            headers,
            ...(payload ? { payload } : {}),
          });
          contractViolations.take();
          const mocked = await fetch(`http://localhost${path}`, {
            method,
            headers,
            ...(payload ? { body: payload } : {}),
          });
          return { real, mocked };
        }),
      ),
    );
    expect(contractViolations.take()).toEqual([]);
    // A mock that accepts shows as such, not as the whole record it answered.
    const answer = async () => ({
      status: mocked.status,
      body: mocked.status < 300 ? 'a success' : ((await mocked.json()) as object),
    });
    expect(real.statusCode).toBe(409);
    expect(await answer()).toEqual({ status: 409, body: real.json<object>() });
  });

  // Not a list: the order e-mails' preview in Settings (#28), every event in every language,
  // rendered alike for the fixtures' shop (the mocks refuse no request the contract refuses:
  // they report it, so the 422 of an unknown event is the server's test's).
  it.each(
    ['confirmed', 'shipped', 'delivered', 'cancelled', 'refunded'].flatMap((event) =>
      ['en', 'fr', 'ar'].map((language) => `event=${event}&language=${language}`),
    ),
  )('getOrderEmailPreview %s', async (query) => {
    const url = `/api/v1/admin/settings/email-preview?${query}`;
    // The shop signs its e-mails: the server holds the fixtures' settings for the case.
    const settings = (legal_name: string | null) =>
      t.database.db.updateTable('shop_settings').set({ legal_name }).where('id', '=', 1).execute();
    await settings(shopSettingsFixture.legal_name);
    const real = await t.app.inject({ method: 'GET', url, headers: admin });
    await settings(null);
    contractViolations.take();
    const mocked = await fetch(`http://localhost${url}`, { headers: admin });
    expect(contractViolations.take()).toEqual([]);
    expect({ status: mocked.status, body: await mocked.json() }).toEqual({
      status: real.statusCode,
      body: real.json<unknown>(),
    });
  });

  // Last: the refusals above (and the lists) wrote nothing, so no case depends on their order.
  it('changed no row', async () => {
    expect(await shopRows(t)).toBe(loaded);
  });
});
