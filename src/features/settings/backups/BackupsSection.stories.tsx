import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUsers, backups as fixtures } from '@mocks/fixtures';
import { backups, settings } from '@mocks/handlers';
import { BACKUP_RUNNING, backupShelf } from '@mocks/handlers/backups';
import { requests } from '@mocks/recorder';
import { settingsScreen } from '../story-screen';
import { captureDownloads } from '@/testing/csv-export';
import { expectedShopTime } from '@/testing/expected';
import { expectHeading, expectRightToLeft } from '@/testing/languages';
import { cellTexts } from '@/testing/list-screen';
import { expectCard, expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { expectToast, mockedBy, type Scope } from '@/testing/story';

/** Settings → "Backups" (super admins), on the settings screen over the mock API. */
const meta = { title: 'Settings/SettingsPage/Backups', ...settingsScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/backups/';
const HEADERS = ['Taken', 'Trigger', 'Size', 'Last invoice', 'Actions'];
/** The fixtures as the table shows them: time in the shop's (Tunis) and file name, then the rest. */
const ROWS = [
  [`14 Mar 2025, 09:00shop-20250314T080000Z.tar.gz`, 'Scheduled', '48.2 MB', 'DEJ-2025-000031'],
  [`13 Mar 2025, 16:45shop-20250313T154512Z.tar.gz`, 'Manual', '47.9 MB', 'DEJ-2025-000029'],
  [`03 Jan 2025, 00:15shop-20250102T231503Z.tar.gz`, 'Command', '912.4 kB', 'None'],
];
/** The server's 503 when the disk has no room for the archive. */
const NO_ROOM =
  'No room for the backup: the disk under DATA_DIR is full. Free some space (or delete old backups) and try again.';

/** The first wait of a story: a loaded 2-core machine may take seconds to render the page. */
const FIRST_PAINT = { timeout: 5000 };

/** The Backups section, once shown. */
const section = async (canvasElement: HTMLElement): Promise<Scope> =>
  within(await within(canvasElement).findByRole('region', { name: 'Backups' }, FIRST_PAINT));

/** The section once its table is there. */
async function loaded(canvasElement: HTMLElement): Promise<Scope> {
  const scope = await section(canvasElement);
  await scope.findByRole('table', { name: 'Kept backups' }, FIRST_PAINT);
  return scope;
}

/** Each row's cells but the actions. */
const rows = (scope: Scope) =>
  scope
    .getAllByRole('row')
    .slice(1)
    .map((row) => cellTexts(row, 4));

const backUpNow = (scope: Scope) => scope.getByRole('button', { name: 'Back up now' });

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const scope = await loaded(canvasElement);
    await expect(scope.getByRole('heading', { level: 2, name: 'Backups' })).toBeVisible();
    await expect(
      scope.getByText(
        'Archives of the whole shop (database, uploads and secrets), newest first. Restore one with npm run restore.',
      ),
    ).toBeVisible();
    await expect(scope.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(HEADERS);
    await expect(rows(scope)).toEqual(ROWS);
    // The times are the shop's, computed apart from the app's formatter.
    await expect(ROWS.map((row) => row[0]!.slice(0, 18))).toEqual(
      fixtures.map((b) => expectedShopTime(b.created_at)),
    );
    for (const backup of fixtures)
      await expect(scope.getByRole('button', { name: `Download ${backup.name}` })).toBeEnabled();
    await expect(backUpNow(scope)).toBeEnabled();
    await expect(requests.to('GET', LIST)).toHaveLength(1);
    await expect(requests.to('POST', LIST)).toHaveLength(0);
  },
};

export const Empty: Story = {
  parameters: mockedBy(backups.list([])),
  play: async ({ canvasElement }) => {
    const scope = await section(canvasElement);
    await expect(
      await scope.findByText(
        'No backups yet. Back up now, or set BACKUP_INTERVAL_H to take them on a schedule.',
        {},
        FIRST_PAINT,
      ),
    ).toBeVisible();
    await expect(scope.queryByRole('table')).toBeNull();
    await expect(backUpNow(scope)).toBeEnabled();
  },
};

export const Loading: Story = {
  parameters: mockedBy(backups.list.loading()),
  play: async ({ canvasElement }) => {
    const scope = await section(canvasElement);
    await expect(await scope.findByText('Loading backups...')).toBeVisible();
    await expect(scope.queryByRole('table')).toBeNull();
  },
};

/** A list that could not be loaded says why; Retry asks the server again. */
export const LoadError: Story = {
  parameters: mockedBy(backups.list.error(500, 'Database unavailable')),
  play: async ({ canvasElement }) => {
    const scope = await section(canvasElement);
    const alert = within(await scope.findByRole('alert', {}, FIRST_PAINT));
    await expect(alert.getByText('Failed to load backups')).toBeVisible();
    await expect(alert.getByText('Database unavailable')).toBeVisible();
    await expect(scope.queryByRole('table')).toBeNull();
    await userEvent.click(alert.getByRole('button', { name: 'Retry' }));
    await requests.waitFor('GET', LIST, { count: 2 });
  },
};

/** What "Back up now" wrote is kept, and listed when the list is asked again. */
const shelf = backupShelf();

/**
 * "Back up now": the button waits while the backup is written, the toast names the new backup,
 * and the list, asked again, shows it first.
 */
export const BackUpNow: Story = {
  beforeEach: () => shelf.reset(),
  parameters: mockedBy(backups.list(shelf), backups.create(shelf, { writeMs: 600 })),
  play: async ({ canvasElement }) => {
    const scope = await loaded(canvasElement);
    await userEvent.click(backUpNow(scope));
    const [post] = await requests.waitFor('POST', LIST);
    await expect(post!.body).toBeUndefined();
    // Busy while it is written: a second click cannot start another.
    const busy = scope.getByRole('button', { name: /Backing up/ });
    await expect(busy).toBeDisabled();
    await waitFor(() => expect(shelf.kept).toHaveLength(fixtures.length + 1), { timeout: 3000 });
    const name = shelf.kept[0]!.name;
    await expectToast('Success', `Backup ${name} written`, 'success');
    await requests.waitFor('GET', LIST, { count: 2 });
    await waitFor(() => expect(rows(scope)).toHaveLength(ROWS.length + 1));
    const [first] = rows(scope);
    await expect(first![0]).toContain(name);
    await expect(first!.slice(1)).toEqual(['Manual', '48.2 MB', 'DEJ-2025-000031']);
    await expect(rows(scope).slice(1)).toEqual(ROWS);
    await expect(backUpNow(scope)).toBeEnabled();
    await expect(requests.to('POST', LIST)).toHaveLength(1);
  },
};

/** Another backup is being written (a scheduled one): the server's 409, the list unchanged. */
export const AlreadyRunning: Story = {
  parameters: mockedBy(backups.create.error(409, BACKUP_RUNNING)),
  play: async ({ canvasElement }) => {
    const scope = await loaded(canvasElement);
    await userEvent.click(backUpNow(scope));
    await expectToast('Error', BACKUP_RUNNING, 'error');
    await expect(backUpNow(scope)).toBeEnabled();
    await expect(rows(scope)).toEqual(ROWS);
    await expect(requests.to('GET', LIST)).toHaveLength(1);
  },
};

/** No room for a backup: the server's 503 says so in the toast. */
export const NoRoom: Story = {
  parameters: mockedBy(backups.create.error(503, NO_ROOM)),
  play: async ({ canvasElement }) => {
    const scope = await loaded(canvasElement);
    await userEvent.click(backUpNow(scope));
    await expectToast('Error', NO_ROOM, 'error');
    await expect(backUpNow(scope)).toBeEnabled();
    await expect(rows(scope)).toEqual(ROWS);
  },
};

/** Download asks for that archive and hands it to the browser under its own name. */
export const Download: Story = {
  play: async ({ canvasElement }) => {
    const saved = captureDownloads();
    const scope = await loaded(canvasElement);
    const name = fixtures[1]!.name;
    await userEvent.click(scope.getByRole('button', { name: `Download ${name}` }));
    const [sent] = await requests.waitFor('GET', `/api/v1/admin/backups/${name}/download`);
    await expect(sent!.authorization).toBe('Bearer story-access-token');
    await waitFor(() => expect(saved).toEqual([name]));
    await expect(requests.to('GET', /\/download$/)).toHaveLength(1);
  },
};

/** A backup gone meanwhile (the schedule keeps only the newest): the server's 404 in a toast. */
export const DownloadGone: Story = {
  parameters: mockedBy(backups.download.error(404, 'Backup not found')),
  play: async ({ canvasElement }) => {
    const saved = captureDownloads();
    const scope = await loaded(canvasElement);
    await userEvent.click(scope.getByRole('button', { name: `Download ${fixtures[2]!.name}` }));
    await expectToast('Error', 'Backup not found', 'error');
    await expect(saved).toEqual([]);
  },
};

/** An admin (not a super admin) has no backups:manage: no section, and nothing asked. */
export const HiddenForAdmin: Story = {
  parameters: {
    auth: { userType: 'admin', user: adminUsers.find((user) => user.role === 'admin') },
    ...mockedBy(backups.list(undefined, 'admin')),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Shop settings' }, FIRST_PAINT);
    // The settings are the admin's to change; the recent changes come last.
    await expect(canvas.getByRole('button', { name: 'Save settings' })).toBeVisible();
    await canvas.findByRole('heading', { level: 2, name: 'Recent changes' }, FIRST_PAINT);
    await expect(canvas.queryByRole('region', { name: 'Backups' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Back up now' })).toBeNull();
    await expect(requests.to('GET', LIST)).toHaveLength(0);
  },
};

/**
 * On a 375 px phone each backup is a card (docs/product.md §2): time and file, trigger, size and
 * last invoice in view, not cut, the page not scrolling sideways; its Download works.
 */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const saved = captureDownloads();
    const scope = await loaded(canvasElement);
    const name = fixtures[1]!.name;
    const card = await expectCard(canvasElement, {
      table: 'Kept backups',
      name,
      fields: [...ROWS[1]!, 'Download'],
    });
    await expectInView(backUpNow(scope));
    const download = within(card).getByRole('button', { name: `Download ${name}` });
    await expectInView(download);
    await userEvent.click(download);
    await requests.waitFor('GET', `/api/v1/admin/backups/${name}/download`);
    await waitFor(() => expect(saved).toEqual([name]));
  },
};

/** In Arabic, right to left: the section's texts, a time in Tunis time and sizes in Arabic. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  parameters: mockedBy(settings.get()),
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'الإعدادات');
    await expectRightToLeft();
    const scope = within(
      await within(canvasElement).findByRole('region', { name: 'النسخ الاحتياطية' }, FIRST_PAINT),
    );
    await scope.findByRole('table', { name: 'النسخ الاحتياطية المحفوظة' }, FIRST_PAINT);
    await expect(scope.getByRole('button', { name: 'نسخ احتياطي الآن' })).toBeEnabled();
    const megabytes = new Intl.NumberFormat('ar-TN', {
      style: 'unit',
      unit: 'megabyte',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(48.213504);
    const [first, , last] = scope.getAllByRole('row').slice(1);
    await expect(cellTexts(first!, 4)).toEqual([
      `${expectedShopTime(fixtures[0]!.created_at, 'ar-TN')}${fixtures[0]!.name}`,
      'مجدولة',
      megabytes,
      'DEJ-2025-000031',
    ]);
    await expect(cellTexts(last!, 4).slice(1, 2)).toEqual(['بالأمر']);
    await expect(cellTexts(last!, 4)[3]).toBe('لا شيء');
    await expect(
      scope.getByRole('button', { name: `تنزيل ${fixtures[0]!.name}` }),
    ).toHaveTextContent('تنزيل');
  },
};
