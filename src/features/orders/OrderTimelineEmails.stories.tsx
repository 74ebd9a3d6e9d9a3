import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { EmailSentEvent } from '@generated/model';
import { orderDetails, timelineOf } from '@mocks/fixtures';
import { padded } from '@/testing/padded';
import { expectedShopTime } from '@/testing/expected';
import { OrderTimeline } from './OrderTimeline';

const order = orderDetails.find((o) => o.id === 4)!;

/** The e-mails a cancelled order's customer was sent (#28): one per delivery state. */
const emails: EmailSentEvent[] = [
  {
    id: 'email-1',
    type: 'email_sent',
    created_at: '2025-03-09T09:00:00.000Z',
    changed_by: null,
    event: 'confirmed',
    language: 'fr',
    recipient: order.customer_email,
    delivery: 'sent',
    sent_at: '2025-03-09T09:00:05.000Z',
    attachment: null,
  },
  {
    id: 'email-2',
    type: 'email_sent',
    created_at: '2025-03-10T10:00:00.000Z',
    changed_by: null,
    event: 'cancelled',
    language: 'fr',
    recipient: order.customer_email,
    delivery: 'dead',
    sent_at: null,
    attachment: 'CN-2025-000001.pdf',
  },
  {
    id: 'email-3',
    type: 'email_sent',
    created_at: '2025-03-10T10:05:00.000Z',
    changed_by: null,
    event: 'refunded',
    language: 'ar',
    recipient: order.customer_email,
    delivery: 'failed',
    sent_at: null,
    attachment: null,
  },
  {
    id: 'email-4',
    type: 'email_sent',
    created_at: '2025-03-10T10:06:00.000Z',
    changed_by: null,
    event: 'shipped',
    language: 'en',
    recipient: order.customer_email,
    delivery: 'queued',
    sent_at: null,
    attachment: null,
  },
];

/** The timeline's e-mail entries: to whom, which e-mail, and what became of it. */
const meta = {
  title: 'Orders/OrderTimeline/CustomerEmails',
  component: OrderTimeline,
  decorators: [padded('2xl')],
  args: {
    events: [...timelineOf(order), ...emails],
    failed: false,
    onRetry: fn(),
  },
} satisfies Meta<typeof OrderTimeline>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The e-mail entries (the last four), each its sentence and its detail lines. */
const emailEntries = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByTestId('timeline-event')
    .slice(-emails.length)
    .map((entry) => [
      entry.firstElementChild?.textContent,
      within(entry).getByTestId('timeline-detail').textContent,
    ]);

export const Emails: Story = {
  play: async ({ canvasElement }) => {
    const to = order.customer_email;
    await expect(emailEntries(canvasElement)).toEqual([
      [`Confirmation e-mail to ${to}`, `Sent ${expectedShopTime(emails[0]!.sent_at!)}`],
      [
        `Cancellation e-mail to ${to}`,
        'Not sent: sending failed every time (see Background Jobs)\nAttached: CN-2025-000001.pdf',
      ],
      [`Refund e-mail to ${to}`, 'Sending failed; it will be tried again'],
      [`Shipment e-mail to ${to}`, 'Waiting to be sent'],
    ]);
    // Sent by the server, not by an admin: no "by".
    const last = within(canvasElement).getAllByTestId('timeline-event').at(-1)!;
    await expect(last).not.toHaveTextContent('by ');
  },
};

export const EmailsInFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const to = order.customer_email;
    await expect(emailEntries(canvasElement).map(([sentence]) => sentence)).toEqual([
      `E-mail de confirmation à ${to}`,
      `E-mail d’annulation à ${to}`,
      `E-mail de remboursement à ${to}`,
      `E-mail d’expédition à ${to}`,
    ]);
  },
};

export const EmailsInArabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const to = `\u2068${order.customer_email}\u2069`;
    const entries = emailEntries(canvasElement);
    await expect(entries.map(([sentence]) => sentence)).toEqual([
      `رسالة تأكيد إلى ${to}`,
      `رسالة إلغاء إلى ${to}`,
      `رسالة استرجاع إلى ${to}`,
      `رسالة شحن إلى ${to}`,
    ]);
    await expect(entries[1]![1]).toBe(
      'لم تُرسل: فشلت كل المحاولات (انظر المهام في الخلفية)\nمرفق: \u2068CN-2025-000001.pdf\u2069',
    );
  },
};
