// The mock API of the Backups section answers as the contract says (the setup fails a test on any
// violation), keeps what "Back up now" wrote, and refuses a second backup while one is written.
import { afterEach, expect, it } from 'vitest';
import { createBackup, listBackups } from '@generated/clients/backups/backups';
import { backups as fixtures } from '@mocks/fixtures';
import { backups } from '@mocks/handlers';
import { BACKUP_RUNNING, backupShelf } from '@mocks/handlers/backups';
import { requests, server } from '@mocks/node';
import { ApiError } from '@/lib/http/errors';
import { mockAdminAuth, withMockApi } from '@/testing/mock-api';

withMockApi();

const shelf = backupShelf();
afterEach(() => shelf.reset());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

it('lists the kept backups newest first, with names as the contract spells them', async () => {
  const listed = await listBackups();
  expect(listed).toEqual(fixtures);
  const times = listed.map((b) => b.created_at);
  expect(times).toEqual([...times].sort().reverse());
  for (const b of listed) {
    const stamp = b.created_at.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    expect(b.name).toBe(`shop-${stamp}.tar.gz`);
  }
});

it('keeps the backup written now at the top of the list, and refuses a second meanwhile', async () => {
  server.use(backups.list(shelf), backups.create(shelf, { writeMs: 50 }));
  const first = createBackup();
  // Asked while the first is being written: the server's 409, nothing more kept.
  const second = await failure(createBackup());
  expect(second).toBeInstanceOf(ApiError);
  expect(second).toMatchObject({ status: 409, message: BACKUP_RUNNING });
  const written = await first;
  expect(written).toMatchObject({ trigger: 'manual', last_invoice_number: 'DEJ-2025-000031' });
  expect(written.name).toMatch(/^shop-\d{8}T\d{6}Z(-\d+)?\.tar\.gz$/);
  const listed = await listBackups();
  expect(listed.map((b) => b.name)).toEqual([written.name, ...fixtures.map((b) => b.name)]);
  // Once written, the next one may start, under another name.
  const next = await createBackup();
  expect(next.name).not.toBe(written.name);
  expect(shelf.kept).toHaveLength(fixtures.length + 2);
  expect(requests.to('POST', '/api/v1/admin/backups/')).toHaveLength(3);
});

it('downloads a kept backup as a gzip attachment, 404 for another name', async () => {
  const name = fixtures[0]!.name;
  const response = await fetch(`http://localhost:3000/api/v1/admin/backups/${name}/download`, {
    headers: mockAdminAuth,
  });
  expect(response.headers.get('content-type')).toBe('application/gzip');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 2)]).toEqual([0x1f, 0x8b]);
  const missing = await fetch(
    'http://localhost:3000/api/v1/admin/backups/shop-20200101T000000Z.tar.gz/download',
    { headers: mockAdminAuth },
  );
  expect(missing.status).toBe(404);
  await expect(missing.json()).resolves.toEqual({ detail: 'Backup not found' });
});

it('refuses every operation to a role without backups:manage', async () => {
  server.use(
    backups.list(shelf, 'admin'),
    backups.create(shelf, { role: 'admin' }),
    backups.download(shelf, 'admin'),
  );
  for (const call of [listBackups(), createBackup()])
    expect(await failure(call)).toMatchObject({ status: 403 });
  const download = await fetch(
    `http://localhost:3000/api/v1/admin/backups/${fixtures[0]!.name}/download`,
    { headers: mockAdminAuth },
  );
  expect(download.status).toBe(403);
  expect(shelf.kept).toEqual(fixtures);
});
