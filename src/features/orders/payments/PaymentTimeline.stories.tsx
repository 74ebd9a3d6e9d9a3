import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { OrderTimelineEvent, PaymentEvent } from '@generated/model';
import { expectedMoneyIn } from '@/testing/expected';
import { padded } from '@/testing/padded';
import { OrderTimeline } from '../OrderTimeline';

/** Payments, refunds and their removals on the order's timeline (docs/product.md §10.22). */
const meta = {
  title: 'Orders/Payments/PaymentTimeline',
  component: OrderTimeline,
  decorators: [padded('md')],
  args: { failed: false, onRetry: fn() },
} satisfies Meta<typeof OrderTimeline>;
export default meta;
type Story = StoryObj<typeof meta>;

const base = {
  type: 'payment',
  withholding_amount: '0.000',
  method: 'bank_transfer',
  received_on: '2026-11-20',
  reference: null,
  credit_note: null,
  remittance_id: null,
} as const;
const events: (OrderTimelineEvent & PaymentEvent)[] = [
  {
    ...base,
    id: 'payment-1',
    action: 'recorded',
    created_at: '2026-11-20T09:00:00.000Z',
    changed_by: 'amira',
    payment_id: 1,
    amount: '120.000',
    reference: 'VIR-STB-77',
  },
  {
    ...base,
    id: 'payment-2',
    action: 'recorded',
    created_at: '2026-11-22T09:00:00.000Z',
    changed_by: 'amira',
    payment_id: 2,
    amount: '-20.000',
    received_on: '2026-11-22',
    credit_note: { id: 9, kind: 'credit_note', number: 'CN-2026-000004' },
  },
  {
    ...base,
    id: 'payment-removed-2',
    action: 'removed',
    created_at: '2026-11-22T10:00:00.000Z',
    changed_by: 'sami',
    payment_id: 2,
    amount: '-20.000',
    received_on: '2026-11-22',
    credit_note: { id: 9, kind: 'credit_note', number: 'CN-2026-000004' },
  },
];

const sentences = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('region', { name }))
    .getAllByTestId('timeline-event')
    .map((event) => event.firstElementChild?.textContent);

/** A payment with its reference, a refund of a credit note, and that refund removed. */
export const Payments: Story = {
  args: { events },
  play: async ({ canvasElement }) => {
    await expect(sentences(canvasElement, 'Timeline')).toEqual([
      'Payment of 120.000 TND received on 20 Nov 2026 (Bank transfer)',
      'Refund of 20.000 TND for credit note CN-2026-000004, on 22 Nov 2026 (Bank transfer)',
      'Refund of 20.000 TND for credit note CN-2026-000004 removed',
    ]);
    const [first, , removed] = within(canvasElement).getAllByTestId('timeline-event');
    await expect(within(first!).getByTestId('timeline-detail')).toHaveTextContent(
      'Reference VIR-STB-77',
    );
    await expect(first).toHaveTextContent('by amira');
    await expect(removed).toHaveTextContent('by sami');
  },
};

/** In French. */
export const PaymentsInFrench: Story = {
  args: { events },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Historique' });
    const [payment] = within(region).getAllByTestId('timeline-event');
    // toHaveTextContent: Intl separates the currency with a no-break space.
    await expect(payment!.firstElementChild).toHaveTextContent(
      `Paiement de ${expectedMoneyIn('fr-TN', '120')} reçu le 20 nov. 2026 (Virement bancaire)`,
    );
  },
};
