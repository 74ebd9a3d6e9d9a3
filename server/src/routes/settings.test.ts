// Shop settings (getShopSettings, updateShopSettings, listShopSettingsChanges): defaults, each
// field saved and normalised, refusals with the contract's messages, roles, and the change log
// (who, when, each field before and after; nothing for a save that changes nothing).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { expectStatus, issuesOf, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { newShopSettings } from '../../../mocks/fixtures/settings';
import { resetShopSettings } from '../../test-support/invoices';
import { mediaStorage } from '../services/platform/media';

type ShopSettings = Schemas['ShopSettings'];
type Change = Schemas['ShopSettingsChange'];

const URL = '/api/v1/admin/settings/shop';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDialects)('shop settings (%s)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'settings-api-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const t = useTestApp(dialect, { config: { dataDir } });
  const admin = useAdminAccount(t, 'admin');
  const manager = useAdminAccount(t, 'manager');
  beforeEach(() => resetShopSettings(t.database.db));

  const get = (headers = admin.headers) =>
    t.request('getShopSettings', { method: 'GET', url: URL, headers });
  const patch = (payload: object, headers = admin.headers) =>
    t.request('updateShopSettings', { method: 'PATCH', url: URL, headers, payload });
  const changes = async () =>
    expectStatus<Change[]>(
      await t.request('listShopSettingsChanges', {
        method: 'GET',
        url: `${URL}/changes`,
        headers: admin.headers,
      }),
      200,
      'listShopSettingsChanges',
    );

  it('has defaults until an admin saves them', async () => {
    // The mocks' unconfigured shop is what the server answers: one truth for both (issue #34).
    expect(expectStatus<ShopSettings>(await get(), 200, 'getShopSettings')).toEqual(
      newShopSettings,
    );
  });

  it('saves each field, normalised, and says who saved last', async () => {
    const storage = mediaStorage({ dataDir });
    await storage.put('logo.png', PNG, 'image/png');
    const cases: [object, Partial<ShopSettings>][] = [
      [{ legal_name: '  Maison Carthage SARL ' }, { legal_name: 'Maison Carthage SARL' }],
      [
        { address: '12 Avenue Habib Bourguiba\n1000 Tunis' },
        { address: '12 Avenue Habib Bourguiba\n1000 Tunis' },
      ],
      [{ matricule_fiscal: '1234567 a a m 000' }, { matricule_fiscal: '1234567A/A/M/000' }],
      [{ trade_register_number: 'B01234562026' }, { trade_register_number: 'B01234562026' }],
      [{ phone: '+216 71 000 000' }, { phone: '+216 71 000 000' }],
      [{ email: 'contact@example.tn' }, { email: 'contact@example.tn' }],
      [{ logo_key: 'logo.png' }, { logo_key: 'logo.png', logo_url: '/api/v1/media/logo.png' }],
      [{ invoice_prefix: 'F-' }, { invoice_prefix: 'F-' }],
      [{ credit_note_prefix: 'AV-' }, { credit_note_prefix: 'AV-' }],
      [{ stamp_duty: '1.5' }, { stamp_duty: '1.500' }],
      [{ time_zone: 'europe/paris' }, { time_zone: 'Europe/Paris' }],
      // Roles in the matrix's order, whatever the order sent.
      [
        { two_factor_required_roles: ['inventory_manager', 'support'] },
        { two_factor_required_roles: ['support', 'inventory_manager'] },
      ],
      [{ two_factor_required_roles: [] }, { two_factor_required_roles: [] }],
      [
        { phone: null, logo_key: null },
        { phone: null, logo_key: null, logo_url: null },
      ],
    ];
    for (const [body, expected] of cases) {
      const saved = expectStatus<ShopSettings>(await patch(body), 200, 'updateShopSettings');
      expect(saved).toMatchObject({ ...expected, updated_by: expect.any(String) as unknown });
      expect(saved.updated_at).not.toBeNull();
      expect(await get(manager.headers).then((r) => r.json<ShopSettings>())).toEqual(saved);
    }
  });

  it('refuses an invalid matricule fiscal, time zone or logo with the contract message', async () => {
    const storage = mediaStorage({ dataDir });
    await storage.put('clip.mp4', Buffer.from('not an image'), 'video/mp4');
    const refusals: [object, string, string][] = [
      [
        { matricule_fiscal: '1234567A' },
        'matricule_fiscal',
        'Invalid matricule fiscal (expected 1234567A/A/M/000)',
      ],
      [
        { matricule_fiscal: '123456AA/A/M/000' },
        'matricule_fiscal',
        'Invalid matricule fiscal (expected 1234567A/A/M/000)',
      ],
      [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone', 'Unknown time zone'],
      [{ logo_key: 'missing.png' }, 'logo_key', 'The logo must be an uploaded PNG or JPEG image'],
      [{ logo_key: 'clip.mp4' }, 'logo_key', 'The logo must be an uploaded PNG or JPEG image'],
      [{ legal_name: '   ' }, 'legal_name', 'Must not be blank'],
    ];
    for (const [body, field, msg] of refusals) {
      const issues = issuesOf(await patch(body), 'updateShopSettings');
      expect(issues).toEqual([{ loc: ['body', field], msg, type: 'value_error' }]);
    }
    expect(await changes()).toEqual([]);
  });

  it('lets every admin role read but only super_admin and admin write', async () => {
    for (const role of ['manager', 'support', 'inventory_manager'] as const) {
      const headers = await t.authAs(role);
      expect((await get(headers)).statusCode).toBe(200);
      expect((await patch({ legal_name: 'X' }, headers)).statusCode).toBe(403);
      const list = await t.app.inject({ method: 'GET', url: `${URL}/changes`, headers });
      expect(list.statusCode).toBe(403);
    }
    expect((await patch({ legal_name: 'X' }, await t.authAs('super_admin'))).statusCode).toBe(200);
  });

  it('records each save with who, when and each field before and after; a no-op records nothing', async () => {
    await patch({ legal_name: 'Maison Carthage SARL', stamp_duty: '1.000' });
    await patch({ stamp_duty: '1.500', legal_name: 'Maison Carthage SARL' });
    const noop = await patch({ stamp_duty: '1.5', legal_name: 'Maison Carthage SARL' });
    expect(noop.statusCode).toBe(200);
    const log = await changes();
    expect(log).toHaveLength(2);
    const username = (await get()).json<ShopSettings>().updated_by;
    expect(log[0]).toMatchObject({
      changed_by: username,
      changes: [{ field: 'stamp_duty', before: '1.000', after: '1.500' }],
    });
    expect(log[1]).toMatchObject({
      changed_by: username,
      changes: [{ field: 'legal_name', before: null, after: 'Maison Carthage SARL' }],
    });
  });

  it('logs parallel saves one after the other, each "before" being what the other saved', async () => {
    await Promise.all(['2.000', '3.000', '4.000'].map((stamp) => patch({ stamp_duty: stamp })));
    const log = (await changes()).reverse().map((c) => c.changes);
    expect(log).toHaveLength(3);
    expect(log[0]?.[0]?.before).toBe('1.000');
    for (let i = 1; i < log.length; i++) expect(log[i]?.[0]?.before).toBe(log[i - 1]?.[0]?.after);
    const stored = (await get()).json<ShopSettings>().stamp_duty;
    expect(log[2]?.[0]?.after).toBe(stored);
  });
});
