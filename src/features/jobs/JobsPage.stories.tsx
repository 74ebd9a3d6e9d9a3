import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Job } from '@generated/model';
import { adminUsers, jobs as jobFixtures } from '@mocks/fixtures';
import { jobs } from '@mocks/handlers';
import { json, pagedList } from '@mocks/handlers/endpoint';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { expectedShopTime } from '@/testing/expected';
import { expectHeading, expectRightToLeft } from '@/testing/languages';
import {
  cellTexts,
  expectLoadErrorAlert,
  expectTable,
  listScreen,
  listStateStories,
} from '@/testing/list-screen';
import { expectScreenTitle, expectToast, mockedBy } from '@/testing/story';
import { expectCard, expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { JobsPage } from './JobsPage';
import { chooseFilter, FIRST_PAGE } from '@/testing/server-list';

const LIST = '/api/v1/admin/jobs/';
const RETRY = '/api/v1/admin/jobs/5/retry';
const HEADERS = ['Job', 'Status', 'Attempts', 'Last error', 'Created', 'Finished', 'Actions'];
/** The title of the alert shown instead of jobs that could not be loaded. */
const TITLE = 'Failed to load the background jobs';
/** Why the first request of LoadError fails. */
const UNAVAILABLE = 'Database unavailable';
const REFUSAL = 'Only a dead job can be retried; this one is queued';

/** The dead e-mail's last error, as the mail server's refusal reached the worker. */
const REFUSED = 'connect ECONNREFUSED 10.0.0.25:587';

/* The fixtures' jobs as the screen shows them (times in the shop's, Tunis), newest first. */
const ROWS = [
  ['E-mails', 'Queued', '0 of 5', '-', '14 Mar 2025, 10:31', '-', ''],
  ['E-mails', 'Failed', '5 of 5', REFUSED, '14 Mar 2025, 09:30', '14 Mar 2025, 09:45', 'Retry'],
  ['Media clean-up', 'Running', '1 of 5', '-', '14 Mar 2025, 10:00', '-', ''],
  ['E-mails', 'Done', '2 of 5', '-', '14 Mar 2025, 09:10', '14 Mar 2025, 09:10', ''],
  ['Media clean-up', 'Done', '1 of 5', '-', '14 Mar 2025, 09:00', '14 Mar 2025, 09:00', ''],
  ['Audit retention', 'Done', '1 of 5', '-', '14 Mar 2025, 01:00', '14 Mar 2025, 01:00', ''],
];

/** The background jobs of /admin/jobs in the admin layout, over the mock API. */
const meta = { title: 'Jobs/JobsPage', ...adminScreenMeta(JobsPage, paths.jobs) };
export default meta;
type Story = StoryObj<typeof meta>;

const { tableCells, waitForRows } = listScreen();

/** The queries the list was asked with, in order. */
const sentQueries = () => requests.to('GET', LIST).map((request) => request.query);

/** The buttons that retry a job. */
const retryButtons = (canvasElement: HTMLElement) =>
  within(canvasElement).queryAllByRole('button', { name: /^Retry job/ });

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expectScreenTitle(canvasElement, 'Background Jobs');
    await expect(
      canvas.getByText(
        'E-mails and maintenance the server runs in the background. Failed jobs can be run again.',
      ),
    ).toBeVisible();
    await expectTable(canvasElement, HEADERS, ROWS);
    await expect(canvas.getByTestId('job-count')).toHaveTextContent('6 jobs');
    // The dead job alone may be retried; its error's whole text is its tooltip.
    await expect(retryButtons(canvasElement).map((button) => button.textContent)).toEqual([
      'Retry',
    ]);
    await expect(canvas.getByRole('button', { name: 'Retry job 5' })).toBeEnabled();
    await expect(canvas.getByText(REFUSED)).toHaveAttribute('title', REFUSED);
    await expect(canvas.getAllByTestId('job-status')[1]).toHaveTextContent('Failed');
    // The filters' choices: 'dead' reads 'Failed'; each kind with the server's name.
    const options = (filter: string) =>
      within(canvas.getByRole('combobox', { name: filter }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await expect(options('Filter by status')).toEqual([
      'All statuses',
      'Queued',
      'Running',
      'Done',
      'Failed',
    ]);
    await expect(options('Filter by kind')).toEqual([
      'All kinds',
      'E-mails (mail.send)',
      'Order e-mails (order.email)',
      'E-invoices to TTN (teif.submit)',
      'Webhook deliveries (webhook.deliver)',
      'Imported product images (catalogue.import_images)',
      'Media clean-up (media.sweep)',
      'Audit retention (audit.retention)',
      'Finished jobs clean-up (jobs.prune)',
      'Webhook deliveries clean-up (webhooks.prune)',
      'Database integrity check (db.integrity)',
      'Scheduled backup (backup.run)',
    ]);
    // One request, for the first page, unfiltered.
    await expect(sentQueries()).toEqual([FIRST_PAGE]);
  },
};

/** 'Failed' asks the server for the dead jobs; the count says how many of all. */
export const FilterByStatus: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await chooseFilter(canvasElement, 'Filter by status', 'Failed');
    await waitFor(() => expect(sentQueries().at(-1)).toEqual({ ...FIRST_PAGE, status: 'dead' }));
    await waitFor(() => expect(tableCells(canvasElement)).toEqual([ROWS[1]]));
    await expect(within(canvasElement).getByTestId('job-count')).toHaveTextContent('1 of 6 jobs');
  },
};

/** A kind asks the server for its jobs by the server's name of it. */
export const FilterByKind: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await chooseFilter(canvasElement, 'Filter by kind', 'Media clean-up (media.sweep)');
    await waitFor(() =>
      expect(sentQueries().at(-1)).toEqual({ ...FIRST_PAGE, kind: 'media.sweep' }),
    );
    await waitFor(() => expect(tableCells(canvasElement)).toEqual([ROWS[2], ROWS[4]]));
    await expect(within(canvasElement).getByTestId('job-count')).toHaveTextContent('2 of 6 jobs');
  },
};

/** The dead job, as the server lists it once retried. */
const queuedAgain: Job[] = jobFixtures.map((job) =>
  job.status === 'dead' ? { ...job, status: 'queued', attempts: 0, finished_at: null } : job,
);

/** Retry queues the dead job again: a toast, and the list reloads with the job queued. */
export const RetrySuccess: Story = {
  parameters: mockedBy(
    jobs.list.reply(({ url }) =>
      pagedList(requests.to('POST', RETRY).length ? queuedAgain : jobFixtures, url),
    ),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry job 5' }));
    await requests.waitFor('POST', RETRY);
    await expectToast('Success', 'Job queued again', 'success');
    await requests.waitFor('GET', LIST, { count: 2 });
    await waitFor(() =>
      expect(tableCells(canvasElement)[1]).toEqual([
        'E-mails',
        'Queued',
        '0 of 5',
        REFUSED,
        '14 Mar 2025, 09:30',
        '-',
        '',
      ]),
    );
    await expect(retryButtons(canvasElement)).toEqual([]);
    await expect(requests.to('POST', RETRY)).toHaveLength(1);
  },
};

/** A job that is no longer dead (retried elsewhere): the server's reason in an error toast, and the list is loaded again. */
export const RetryRefused: Story = {
  parameters: mockedBy(jobs.retry.error(409, REFUSAL)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry job 5' }));
    await expectToast('Error', REFUSAL, 'error');
    // Refused because someone else retried it: the list is asked again to show where it stands.
    await requests.waitFor('GET', LIST, { count: 2 });
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Retry job 5' })).toBeEnabled());
  },
};

/** What the daily integrity check found in a damaged database (#25), as the worker stored it. */
const DAMAGED =
  'The database failed its integrity check: Tree 14 page 14: btreeInitPage() returns error code 11';

/** The daily integrity check failed: its kind's name, Failed at the first attempt, what it found. */
export const FailedIntegrityCheck: Story = {
  parameters: mockedBy(
    jobs.list([
      {
        id: 7,
        kind: 'db.integrity',
        status: 'dead',
        attempts: 1,
        max_attempts: 1,
        run_at: '2025-03-14T00:00:00.000Z',
        last_error: DAMAGED,
        created_at: '2025-03-14T00:00:00.000Z',
        finished_at: '2025-03-14T00:00:04.000Z',
      },
    ]),
  ),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await expectTable(canvasElement, HEADERS, [
      [
        'Database integrity check',
        'Failed',
        '1 of 1',
        DAMAGED,
        '14 Mar 2025, 01:00',
        '14 Mar 2025, 01:00',
        'Retry',
      ],
    ]);
    await expect(within(canvasElement).getByText(DAMAGED)).toHaveAttribute('title', DAMAGED);
  },
};

const states = listStateStories({
  list: jobs.list,
  empty: { text: 'No jobs found' },
  loadingText: 'Loading background jobs...',
  loadError: { status: 500, message: UNAVAILABLE, title: TITLE },
});
export const Empty: Story = states.Empty;
export const Loading: Story = states.Loading;

/** The first request fails; Retry asks again and the jobs come. */
export const LoadError: Story = {
  parameters: mockedBy(
    jobs.list.reply(({ url }) =>
      requests.to('GET', LIST).length > 1
        ? pagedList(jobFixtures, url)
        : json({ detail: UNAVAILABLE }, 500),
    ),
  ),
  play: async (context) => {
    await states.LoadError.play(context);
    const { canvasElement } = context;
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await waitForRows(canvasElement);
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
    await expect(requests.to('GET', LIST).length).toBeGreaterThanOrEqual(2);
  },
};

/** A support agent has no jobs:read: the server's refusal on the screen, and no link to it. */
export const AccessDeniedForSupport: Story = {
  parameters: {
    auth: { userType: 'admin', user: adminUsers.find((user) => user.role === 'support') },
    ...mockedBy(jobs.list(undefined, 'support')),
  },
  play: async ({ canvasElement }) => {
    await expectLoadErrorAlert(
      canvasElement,
      TITLE,
      'Your role (support) does not allow this action',
    );
    const nav = within(canvasElement).getByRole('navigation', { name: 'Management' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    await expect(links).toContain('Orders');
    await expect(links).not.toContain('Background Jobs');
  },
};

/**
 * On a 375 px phone each job is a card (docs/product.md §2): every field of the failed job in
 * view, not cut, the page not scrolling sideways; its Retry works.
 */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const card = await expectCard(canvasElement, {
      table: 'Background jobs',
      name: REFUSED,
      fields: ROWS[1]!,
    });
    const retry = within(card).getByRole('button', { name: 'Retry job 5' });
    await expectInView(retry);
    await userEvent.click(retry);
    await expectToast('Success', 'Job queued again', 'success');
  },
};

/** In Arabic, right to left: the translated heading, statuses, and a time in Tunis time. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await expectHeading(canvasElement, 'المهام في الخلفية');
    await expectRightToLeft();
    const [queued, dead] = tableCells(canvasElement);
    await expect(queued?.[4]).toBe(expectedShopTime('2025-03-14T09:31:00Z', 'ar-TN'));
    await expect(dead?.slice(0, 3)).toEqual(['رسائل البريد الإلكتروني', 'فاشلة', '5 من 5']);
    await expect(
      within(canvasElement).getByRole('button', { name: 'إعادة المحاولة للمهمة 5' }),
    ).toHaveTextContent('إعادة المحاولة');
    await expect(within(canvasElement).getByTestId('job-count')).toHaveTextContent('6 مهام');
  },
};

/** In French: the translated heading, count and a row. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await expectHeading(canvasElement, 'Tâches en arrière-plan');
    await expect(within(canvasElement).getByTestId('job-count')).toHaveTextContent('6 tâches');
    const dead = within(canvasElement).getByRole('button', { name: 'Relancer la tâche 5' });
    await expect(cellTexts(dead.closest('tr')!, 3)).toEqual(['E-mails', 'En échec', '5 sur 5']);
  },
};

/** In dark mode: the filled list. */
export const Dark: Story = {
  ...Filled,
  globals: { theme: 'dark' },
};
