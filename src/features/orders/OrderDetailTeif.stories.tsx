import type { StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Invoice } from '@generated/model';
import { captureDownloads } from '@/testing/csv-export';
import { expectToast } from '@/testing/story';
import { invoicesOf } from '@mocks/fixtures';
import { API, invoices } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { orderDetailScreen } from './story-screens';

/**
 * The order detail's documents and their e-invoices (#30): the TEIF (XML) download, and "Submit
 * to TTN" over the mock API (a server without TTN_URL refuses it with a 409, shown as a toast).
 */
const meta = {
  title: 'Orders/OrderDetailTeif',
  ...orderDetailScreen(2),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** Order 2's invoice, which TTN rejected (fixtures). */
const [rejected] = invoicesOf(2) as [Invoice];
const TEIF_PATH = `/api/v1/admin/invoices/${rejected.id}/teif`;
const SUBMIT_PATH = `/api/v1/admin/invoices/${rejected.id}/teif/submission`;

const documentsPanel = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1, name: /^Order ORD-/ });
  return within(canvas.getByRole('region', { name: 'Documents' }));
};

/** "TEIF (XML)": the document's e-invoice, saved under the server's file name. */
export const DownloadTeif: Story = {
  play: async ({ canvasElement }) => {
    const saved = captureDownloads();
    const documents = await documentsPanel(canvasElement);
    await userEvent.click(
      await documents.findByRole('button', { name: `Download TEIF (XML) of ${rejected.number}` }),
    );
    await requests.waitFor('GET', TEIF_PATH);
    await waitFor(() => expect(saved).toEqual([`${rejected.number}.xml`]));
  },
};

/** E-invoicing off on the server: the 409's detail as a toast, the document as it was. */
export const SubmitRefused: Story = {
  play: async ({ canvasElement }) => {
    const documents = await documentsPanel(canvasElement);
    await expect(await documents.findByText('E-invoice rejected')).toBeVisible();
    await userEvent.click(
      documents.getByRole('button', { name: `Submit to TTN: ${rejected.number}` }),
    );
    const [post] = await requests.waitFor('POST', SUBMIT_PATH);
    await expect(post?.body).toBeFalsy();
    await expectToast(
      'Error',
      'E-invoicing is off: set TTN_URL to submit documents to TTN',
      'error',
    );
    await expect(documents.getByText('E-invoice rejected')).toBeVisible();
  },
};

const queued: Invoice = {
  ...rejected,
  teif: { ...rejected.teif, status: 'queued', reason: null, updated_at: '2025-03-09T09:00:00Z' },
};

/** Queued: the success toast, and the documents read again (the new status, no button). */
export const SubmitQueued: Story = {
  parameters: {
    msw: {
      handlers: [
        invoices.submitTeif(queued),
        // The documents as the server lists them: queued once the submission was posted.
        http.get(`${API}/admin/orders/2/invoices`, () =>
          HttpResponse.json(requests.to('POST', SUBMIT_PATH).length > 0 ? [queued] : [rejected]),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const documents = await documentsPanel(canvasElement);
    await userEvent.click(
      await documents.findByRole('button', { name: `Submit to TTN: ${rejected.number}` }),
    );
    await requests.waitFor('POST', SUBMIT_PATH);
    await expectToast('Success', `${rejected.number} queued for TTN`, 'success');
    await expect(await documents.findByText('E-invoice queued')).toBeVisible();
    await expect(documents.queryByRole('button', { name: /^Submit to TTN/ })).toBeNull();
  },
};
