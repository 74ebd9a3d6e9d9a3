// The audit log over HTTP on every test dialect: an entry for each kind of admin write, with the
// exact changes, written in the write's transaction (a refused write leaves none), secrets never
// logged; listAuditLog's filters, paging and access; the retention.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { anyNumber, anyTimestamp, expectStatus, type Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import {
  deleteAll,
  insertCategory,
  insertProduct,
  insertVariant,
} from '../../test-support/fixtures';
import { completeShopSettings, resetShopSettings } from '../../test-support/invoices';
import { runPeriodicJob } from '../../test-support/jobs';
import { expectResponseMatches, injectJson } from '../../test-support/openapi-validator';
import { expectQueryRefused, placeOrder, useShop } from '../../test-support/shop';
import type { AdminRole } from '../domain/roles';
import {
  deleteExpiredAudit,
  recordAudit,
  AUDIT_RETENTION_JOB,
  auditRetentionJob,
  type AuditEntry as NewEntry,
} from '../services/platform/audit';

type AuditEntry = Schemas['AuditEntry'];
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

const LOG = '/api/v1/admin/audit-log/';
const DAY = 24 * 60 * 60 * 1000;

describe.each(testDialects)('audit log (%s)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'audit-api-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const t = useTestApp(dialect, { config: { dataDir } });
  const shop = useShop(t);
  const root = useAdminAccount(t, 'super_admin');
  const db = () => t.database.db;

  beforeEach(async () => {
    await deleteAll(db(), ['audit_log']);
    await resetShopSettings(db());
  });

  const call = async (method: Method, url: string, payload?: unknown) => {
    const res = await injectJson(t.app, { method, url, headers: root.headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.statusCode === 204 ? undefined : res.json<{ id: number }>();
  };
  const refused = async (method: Method, url: string, payload: unknown, status: number) => {
    const res = await injectJson(t.app, { method, url, headers: root.headers, payload });
    expect(res.statusCode, res.body).toBe(status);
  };
  const list = (query = '', headers = root.headers) =>
    t.app.inject({ method: 'GET', url: `${LOG}${query}`, headers });
  /** The whole log, oldest first, each entry checked against the contract. */
  const log = async (query = ''): Promise<AuditEntry[]> =>
    expectStatus<AuditEntry[]>(await list(query), 200, 'listAuditLog').reverse();
  /** The last entry's action, entity, label and changes. */
  const last = async () => {
    const entries = await log();
    const entry = entries.at(-1);
    if (!entry) throw new Error('The log is empty');
    return entry;
  };
  const change = (field: string, before: unknown, after: unknown) => ({ field, before, after });

  describe('catalogue writes', () => {
    it('records a product create, update (only the fields changed) and delete', async () => {
      const category = await insertCategory(db(), { name: 'Oils', slug: 'oils' });
      const product = await call('POST', '/api/v1/admin/products/', {
        name: 'Olive oil',
        slug: 'olive-oil',
        description: 'Cold pressed',
        category_id: category.id,
        base_price: '12.5',
        vat_rate_id: shop.tn19.id,
        inventory: { sku: 'OIL-1', stock_quantity: 4 },
      });
      const id = product!.id;
      const created = await last();
      expect(created).toMatchObject({
        action: 'create',
        entity: 'product',
        entity_id: id,
        label: 'Olive oil',
        admin_user_id: root.id,
        admin_username: expect.any(String) as unknown,
        created_at: anyTimestamp,
      });
      expect(created.changes).toContainEqual(change('base_price', null, '12.500'));
      expect(created.changes).toContainEqual(change('name', null, 'Olive oil'));
      expect(created.changes.map((c) => c.field)).not.toContain('updated_at');
      expect(created.changes).toContainEqual(
        change('inventory', null, {
          sku: 'OIL-1',
          barcode: null,
          weight: null,
          stock_quantity: 4,
          low_stock_threshold: 5,
          track_inventory: true,
          allow_backorder: false,
        }),
      );

      await call('PATCH', `/api/v1/admin/products/${id}`, { name: 'Olive oil 1 L' });
      expect(await last()).toMatchObject({
        action: 'update',
        entity: 'product',
        entity_id: id,
        label: 'Olive oil 1 L',
        changes: [change('name', 'Olive oil', 'Olive oil 1 L')],
      });

      // price_includes_vat: the gross price follows the base price.
      await call('PATCH', `/api/v1/admin/products/${id}`, { base_price: '13.75' });
      expect((await last()).changes).toEqual([
        change('base_price', '12.500', '13.750'),
        change('price_incl_vat', '12.500', '13.750'),
      ]);

      await call('DELETE', `/api/v1/admin/products/${id}`);
      const deleted = await last();
      expect(deleted).toMatchObject({ action: 'delete', entity: 'product', entity_id: id });
      expect(deleted.changes).toContainEqual(change('name', 'Olive oil 1 L', null));
      expect(await log()).toHaveLength(4);
    });

    it('records nothing for a product update refused by a slug conflict', async () => {
      await insertProduct(db(), { slug: 'taken', vat_rate_id: shop.tn19.id });
      const { productId } = await shop.simple({ slug: 'mine' });
      await refused('PATCH', `/api/v1/admin/products/${productId}`, { slug: 'taken' }, 409);
      expect(await log()).toEqual([]);
    });

    it('records variant creates, updates, stock changes, duplicates and deletes', async () => {
      const product = await insertProduct(db(), { has_variants: 1, vat_rate_id: shop.tn19.id });
      const base = `/api/v1/admin/variants`;
      const variant = await call('POST', `${base}/${product.id}/variants`, {
        sku: 'TEE-RED',
        variant_title: 'Red',
        price: '20',
        cost_price: '8',
      });
      const id = variant!.id;
      expect(await last()).toMatchObject({
        action: 'create',
        entity: 'variant',
        entity_id: id,
        label: 'TEE-RED',
      });
      expect((await last()).changes).toContainEqual(change('price', null, '20.000'));

      await call('PATCH', `${base}/${id}`, { variant_title: 'Scarlet', stock_quantity: 8 });
      expect((await last()).changes).toEqual([
        change('variant_title', 'Red', 'Scarlet'),
        change('stock_quantity', 0, 8),
      ]);

      await call('POST', `${base}/${id}/inventory/adjust`, { adjustment: -3, reason: 'Broken' });
      expect(await last()).toMatchObject({
        action: 'update',
        entity_id: id,
        changes: [change('stock_quantity', 8, 5)],
      });

      await call('PATCH', `${base}/${id}/inventory`, { stock_quantity: 12, allow_backorder: true });
      expect((await last()).changes).toEqual([
        change('stock_quantity', 5, 12),
        change('allow_backorder', false, true),
      ]);

      const copy = await call('POST', `${base}/${id}/duplicate`, { new_sku: 'TEE-RED-2' });
      expect(await last()).toMatchObject({
        action: 'create',
        entity_id: copy!.id,
        label: 'TEE-RED-2',
      });

      await call('DELETE', `${base}/${copy!.id}`);
      expect(await last()).toMatchObject({
        action: 'delete',
        entity_id: copy!.id,
        label: 'TEE-RED-2',
      });
      expect((await last()).changes).toContainEqual(change('sku', 'TEE-RED-2', null));
    });

    it('records each variant of the bulk operations, and nothing when one item fails', async () => {
      const product = await insertProduct(db(), { has_variants: 1, vat_rate_id: shop.tn19.id });
      const existing = await insertVariant(db(), product.id, { sku: 'TAKEN' });
      await deleteAll(db(), ['audit_log']);
      const item = (sku: string) => ({ sku, variant_title: sku, price: '5', cost_price: '2' });

      await refused(
        'POST',
        `/api/v1/admin/variants/bulk/create?product_id=${product.id}`,
        [item('A'), item('B'), item('TAKEN')],
        409,
      );
      expect(await log()).toEqual([]);

      const created = await call(
        'POST',
        `/api/v1/admin/variants/bulk/create?product_id=${product.id}`,
        [item('A'), item('B')],
      );
      const [a, b] = (created as unknown as { items: { id: number }[] }).items;
      expect((await log()).map((e) => [e.action, e.entity_id, e.label])).toEqual([
        ['create', a!.id, 'A'],
        ['create', b!.id, 'B'],
      ]);

      await deleteAll(db(), ['audit_log']);
      await call('PATCH', '/api/v1/admin/variants/bulk/update', [
        { id: a!.id, price: '6' },
        { id: b!.id, price: '5' }, // unchanged: no entry
      ]);
      await call('PATCH', '/api/v1/admin/variants/bulk/inventory', [
        { id: existing.id, stock_quantity: 3 },
      ]);
      await call('DELETE', '/api/v1/admin/variants/bulk/delete', { ids: [a!.id, b!.id] });
      expect(
        (await log()).map((e) => [e.action, e.label, e.action === 'update' ? e.changes : []]),
      ).toEqual([
        [
          'update',
          'A',
          [change('price', '5.000', '6.000'), change('price_incl_vat', '5.000', '6.000')],
        ],
        ['update', 'TAKEN', [change('stock_quantity', 10, 3)]],
        ['delete', 'A', []],
        ['delete', 'B', []],
      ]);
    });

    it('records category creates, updates, deactivations and force deletes', async () => {
      const url = '/api/v1/categories/';
      const category = await call('POST', url, { name: 'Soaps', slug: 'soaps' });
      const id = category!.id;
      expect(await last()).toMatchObject({ action: 'create', entity: 'category', label: 'Soaps' });
      await call('PATCH', `${url}${id}`, { name: 'Olive soaps', display_order: 2 });
      expect((await last()).changes).toEqual([
        change('name', 'Soaps', 'Olive soaps'),
        change('display_order', 0, 2),
      ]);
      await call('DELETE', `${url}${id}`);
      expect((await last()).changes).toEqual([change('is_active', true, false)]);
      await call('DELETE', `${url}${id}`); // already inactive: nothing written
      await call('DELETE', `${url}${id}/force`);
      expect(await last()).toMatchObject({ action: 'delete', entity_id: id, label: 'Olive soaps' });
      expect(await log()).toHaveLength(4);
    });

    it('records VAT rate creates, updates (and the default they take over) and deletes', async () => {
      const url = '/api/v1/admin/vat-rates/';
      const rate = await call('POST', url, {
        name: 'Reduced',
        rate: 7,
        country_code: 'TN',
        effective_from: '2020-01-01T00:00:00.000Z',
      });
      const id = rate!.id;
      const created = await last();
      expect(created).toMatchObject({ action: 'create', entity: 'vat_rate', label: 'Reduced' });
      expect(created.changes).toContainEqual(change('rate', null, 7));
      expect(created.changes.map((c) => c.field)).not.toContain('product_count');

      await call('PATCH', `${url}${id}`, { is_default: true });
      const entries = await log();
      expect(entries.slice(-2).map((e) => [e.entity_id, e.changes])).toEqual([
        [shop.tn19.id, [change('is_default', true, false)]],
        [id, [change('is_default', false, true)]],
      ]);
      await call('PATCH', `${url}${shop.tn19.id}`, { is_default: true });
      await call('DELETE', `${url}${id}`);
      expect(await last()).toMatchObject({ action: 'delete', entity_id: id, label: 'Reduced' });
    });
  });

  describe('admin users', () => {
    it('records creates, updates and deletes; a password only as "[redacted]"', async () => {
      const url = '/api/v1/admin/users/';
      const password = 'first-secret-1';
      const user = await call('POST', url, {
        username: 'jdoe',
        email: 'jdoe@example.com',
        full_name: 'John Doe',
        password,
        role: 'manager',
      });
      const id = user!.id;
      const created = await last();
      expect(created).toMatchObject({ action: 'create', entity: 'admin_user', label: 'jdoe' });
      expect(created.changes).toContainEqual(change('password', null, '[redacted]'));
      expect(created.changes).toContainEqual(change('role', null, 'manager'));

      const newPassword = 'second-secret-2';
      await call('PATCH', `${url}${id}`, { password: newPassword, full_name: 'Jane Doe' });
      expect((await last()).changes).toEqual([
        change('full_name', 'John Doe', 'Jane Doe'),
        change('password', '[redacted]', '[redacted]'),
      ]);
      await call('DELETE', `${url}${id}`);
      expect(await last()).toMatchObject({ action: 'delete', entity_id: id, label: 'jdoe' });

      const hashes = await db().selectFrom('admin_users').select('password_hash').execute();
      const stored = (await db().selectFrom('audit_log').select('changes').execute())
        .map((r) => r.changes)
        .join('\n');
      for (const secret of [password, newPassword, ...hashes.map((h) => h.password_hash)]) {
        expect(stored).not.toContain(secret);
      }
      expect(stored).not.toMatch(/\$(argon2|scrypt|2[aby])/);
    });
  });

  describe('orders', () => {
    beforeEach(() => completeShopSettings(db()));

    const order = async () => {
      const { productId } = await shop.simple({ name: 'Linen shirt' });
      return placeOrder(t.app, { session: `audit-${Date.now()}` }, [{ productId, quantity: 1 }]);
    };

    it('records status changes, the documents they issue, cancellations, notes and shipments', async () => {
      const placed = await order();
      expect(await log()).toEqual([]); // the customer's checkout is no admin write
      const url = `/api/v1/admin/orders/${placed.id}`;

      await call('PATCH', `${url}/status`, { status: 'confirmed' });
      const [status, invoice] = await log();
      expect(status).toMatchObject({
        action: 'update',
        entity: 'order',
        entity_id: placed.id,
        label: placed.order_number,
        changes: [change('status', 'pending', 'confirmed')],
      });
      expect(invoice).toMatchObject({
        action: 'create',
        entity: 'invoice',
        label: expect.stringMatching(/^INV-/) as unknown,
      });
      expect(invoice!.changes).toContainEqual(change('kind', null, 'invoice'));

      await call('POST', `${url}/notes`, { note: 'Call before delivery' });
      expect(await last()).toMatchObject({
        entity: 'order_note',
        label: placed.order_number,
        changes: [
          change('order_id', null, placed.id),
          change('note', null, 'Call before delivery'),
        ],
      });
      await call('PUT', `${url}/shipment`, { carrier: 'Aramex', tracking_number: 'AX1' });
      await call('PUT', `${url}/shipment`, { carrier: 'Aramex', tracking_number: 'AX1' }); // same
      expect(await last()).toMatchObject({
        entity: 'order_shipment',
        changes: [
          change('order_id', null, placed.id),
          change('carrier', null, 'Aramex'),
          change('tracking_number', null, 'AX1'),
        ],
      });

      await call('POST', `${url}/cancel`, { reason: 'Changed mind' });
      const entries = await log();
      expect(entries.slice(-2).map((e) => [e.entity, e.changes[0]])).toEqual([
        ['order', change('status', 'confirmed', 'cancelled')],
        ['invoice', change('kind', null, 'credit_note')],
      ]);
      expect(entries).toHaveLength(6);
    });

    it('records an invoice issued by hand, and nothing for a refused one', async () => {
      const placed = await order();
      await call('POST', `/api/v1/admin/orders/${placed.id}/invoices`);
      expect(await last()).toMatchObject({ entity: 'invoice', action: 'create' });
      await refused('POST', `/api/v1/admin/orders/${placed.id}/invoices`, undefined, 409);
      expect(await log()).toHaveLength(1);
    });
  });

  describe('shop settings and media', () => {
    it('records a settings save next to its own history', async () => {
      await call('PATCH', '/api/v1/admin/settings/shop', {
        legal_name: 'Maison Carthage',
        invoice_prefix: 'INV-',
      });
      expect(await last()).toMatchObject({
        action: 'update',
        entity: 'shop_settings',
        entity_id: 1,
        admin_user_id: root.id,
        changes: [change('legal_name', null, 'Maison Carthage')],
      });
      const history = await db().selectFrom('shop_settings_changes').selectAll().execute();
      expect(history).toHaveLength(1);
    });

    it('records an upload and a deletion of files', async () => {
      const form = new FormData();
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      );
      form.append('file', new Blob([new Uint8Array(png)]), 'dot.png');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/uploads/images/single',
        headers: {
          ...root.headers,
          'content-type': request.headers.get('content-type') as string,
        },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode, res.body).toBe(201);
      const [file] = expectResponseMatches<Schemas['UploadResponse']>('uploadImage', res).files;
      const key = file!.key;
      expect(await last()).toMatchObject({
        action: 'create',
        entity: 'media',
        entity_id: null,
        label: key,
        changes: [
          change('key', null, key),
          change('content_type', null, 'image/png'),
          change('size', null, png.length),
        ],
      });
      await call('DELETE', '/api/v1/admin/uploads/files', { keys: [key] });
      expect(await last()).toMatchObject({
        action: 'delete',
        label: key,
        changes: [change('key', key, null)],
      });
    });
  });

  describe('in the write’s transaction', () => {
    it('leaves no entry when the transaction throws after recording', async () => {
      const entry: NewEntry = {
        action: 'create',
        entity: 'product',
        entity_id: 1,
        after: { a: 1 },
      };
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            await recordAudit(trx, { id: root.id, username: 'root' }, entry);
            throw new Error('the write failed');
          }),
      ).rejects.toThrow('the write failed');
      expect(await log()).toEqual([]);
    });
  });

  describe('listAuditLog', () => {
    const at = (iso: string) => new Date(iso);
    const seed = async () => {
      const other = await t.createAdmin({ role: 'admin' });
      const write = (actor: { id: number; username: string }, entry: NewEntry, when: string) =>
        db()
          .transaction()
          .execute((trx) => recordAudit(trx, actor, entry, at(when)));
      const me = { id: root.id, username: 'me' };
      const product = (id: number, action: NewEntry['action'] = 'update'): NewEntry => ({
        action,
        entity: 'product',
        entity_id: id,
        label: `P${id}`,
        before: action === 'create' ? null : { name: 'old' },
        after: action === 'delete' ? null : { name: `new ${id}` },
      });
      await write(me, product(1, 'create'), '2026-01-01T10:00:00.000Z');
      await write(me, product(1), '2026-01-02T10:00:00.000Z');
      await write(other, product(2, 'create'), '2026-01-03T10:00:00.000Z');
      await write(
        other,
        { action: 'update', entity: 'category', entity_id: 1, before: { a: 1 }, after: { a: 2 } },
        '2026-01-04T10:00:00.000Z',
      );
      await write(me, product(2, 'delete'), '2026-01-05T10:00:00.000Z');
      return other;
    };
    const labels = async (query: string) =>
      expectStatus<AuditEntry[]>(await list(query), 200, 'listAuditLog').map(
        (e) => `${e.entity}:${e.entity_id}:${e.action}`,
      );

    it('lists newest first with X-Total-Count, filtered and paged', async () => {
      const other = await seed();
      const all = await list();
      expect(all.headers['x-total-count']).toBe('5');
      expect(await labels('')).toEqual([
        'product:2:delete',
        'category:1:update',
        'product:2:create',
        'product:1:update',
        'product:1:create',
      ]);
      expect(await labels('?entity=product&entity_id=2')).toEqual([
        'product:2:delete',
        'product:2:create',
      ]);
      expect(await labels(`?admin_user_id=${other.id}`)).toEqual([
        'category:1:update',
        'product:2:create',
      ]);
      expect(await labels('?action=create')).toEqual(['product:2:create', 'product:1:create']);
      expect(
        await labels('?date_from=2026-01-02T10:00:00.000Z&date_to=2026-01-04T11:00:00%2B01:00'),
      ).toEqual(['category:1:update', 'product:2:create', 'product:1:update']);
      const page = await list('?entity=product&skip=1&limit=2');
      expect(page.headers['x-total-count']).toBe('4');
      expect(await labels('?entity=product&skip=1&limit=2')).toEqual([
        'product:2:create',
        'product:1:update',
      ]);
      const [first] = expectStatus<AuditEntry[]>(await list('?limit=1'), 200, 'listAuditLog');
      expect(first).toEqual({
        id: anyNumber,
        created_at: '2026-01-05T10:00:00.000Z',
        admin_user_id: root.id,
        admin_username: 'me',
        action: 'delete',
        entity: 'product',
        entity_id: 2,
        label: 'P2',
        changes: [change('name', 'old', null)],
      });
    });

    it('refuses bad filters with 422', async () => {
      await expectQueryRefused(t.app, 'listAuditLog', { url: LOG, headers: root.headers }, [
        ['entity=planet', 'entity'],
        ['action=read', 'action'],
        ['entity_id=0', 'entity_id'],
        ['entity_id=1', 'entity_id'],
        ['admin_user_id=x', 'admin_user_id'],
        ['date_from=yesterday', 'date_from'],
        ['date_from=2026-01-02T00:00:00Z&date_to=2026-01-01T00:00:00Z', 'date_to'],
        ['limit=0', 'limit'],
        ['skip=-1', 'skip'],
      ]);
    });

    it.each<AdminRole>(['manager', 'support', 'inventory_manager'])(
      'is refused to %s (403), read by admin, and 401 without a token',
      async (role) => {
        expect((await list('', await t.authAs(role))).statusCode).toBe(403);
        expect((await list('', await t.authAs('admin'))).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: LOG })).statusCode).toBe(401);
      },
    );
  });

  describe('retention', () => {
    const entry: NewEntry = { action: 'create', entity: 'category', entity_id: 1, after: { a: 1 } };
    const writeAt = (when: Date) =>
      db()
        .transaction()
        .execute((trx) => recordAudit(trx, null, entry, when));

    it('deletes only the entries older than the retention', async () => {
      const now = new Date('2026-06-01T00:00:00.000Z');
      await writeAt(new Date(now.getTime() - 31 * DAY));
      await writeAt(new Date(now.getTime() - 30 * DAY + 1000));
      await writeAt(now);
      expect(await deleteExpiredAudit(db(), 30, now)).toBe(1);
      expect((await log()).map((e) => e.created_at)).toEqual([
        new Date(now.getTime() - 30 * DAY + 1000).toISOString(),
        now.toISOString(),
      ]);
    });

    it('runs at start and logs what it deleted', async () => {
      const now = new Date();
      await writeAt(new Date(now.getTime() - 800 * DAY));
      await writeAt(now);
      const logged: object[] = [];
      const retention = auditRetentionJob({
        db: db(),
        days: 730,
        now: () => now,
        log: { info: (details) => logged.push(details) },
      });
      // As at a server's start: the day's audit.retention job is enqueued, and a worker runs it.
      expect(await runPeriodicJob(t.database, AUDIT_RETENTION_JOB, retention, now)).toBe(1);
      expect(logged).toEqual([{ deleted: 1 }]);
      expect(await log()).toHaveLength(1);
    });
  });
});
