import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { orderDetails, timelineOf } from '@mocks/fixtures';
import { padded } from '@/testing/padded';
import { OrderTimeline } from './OrderTimeline';

const order = (id: number) => orderDetails.find((o) => o.id === id)!;

/** The order's timeline and its note form, driven by its props (one story per state). */
const meta = {
  title: 'Orders/OrderTimeline',
  component: OrderTimeline,
  decorators: [padded('2xl')],
  args: {
    events: timelineOf(order(2)),
    failed: false,
    onRetry: fn(),
    onAddNote: fn(() => Promise.resolve(true)),
  },
} satisfies Meta<typeof OrderTimeline>;
export default meta;
type Story = StoryObj<typeof meta>;

const region = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Timeline' }));
const sentences = (canvasElement: HTMLElement, name = 'Timeline') =>
  within(within(canvasElement).getByRole('region', { name }))
    .queryAllByTestId('timeline-event')
    .map((event) => event.firstElementChild?.textContent);

/** A shipped order: placed, stock taken, confirmed and invoiced, a note, shipped, paid by card. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await expect(sentences(canvasElement)).toEqual([
      'Order placed',
      'Stock of SAC-CABAS-NR: -1',
      'Stock of HUILE-1L: -4',
      'Status changed from pending to confirmed',
      'Invoice INV-2025-000003 issued',
      'Note added',
      'Status changed from confirmed to processing',
      'Status changed from processing to shipped',
      'Shipped with Aramex, tracking number 7731 0042',
      'Payment of 281.920 TND received on 11 Mar 2025 (Card)',
    ]);
    const events = region(canvasElement).getAllByTestId('timeline-event');
    // Who and when; the checkout has no admin.
    await expect(events[0]).toHaveTextContent('08 Mar 2025, 15:02');
    await expect(events[0]).not.toHaveTextContent('by ');
    await expect(events[3]).toHaveTextContent('by admin');
    await expect(within(events[5]!).getByTestId('timeline-detail')).toHaveTextContent(
      'Le client souhaite une facture au nom de la société.',
    );
    await expect(within(events[7]!).getByTestId('timeline-detail')).toHaveTextContent(
      'Aramex 7731 0042',
    );
  },
};

/** The timeline of a fixture order, as its sentences (under the region's name in `locale`). */
const timelineStory = (
  orderId: number,
  expected: string[],
  { locale, region: name }: { locale?: 'fr' | 'ar'; region?: string } = {},
): Story => ({
  args: { events: timelineOf(order(orderId)) },
  ...(locale && { globals: { locale } }),
  play: async ({ canvasElement }) => {
    await expect(sentences(canvasElement, name)).toEqual(expected);
  },
});

/** A cancelled order: its stock given back, its invoice credited. */
export const Cancelled = timelineStory(4, [
  'Order placed',
  'Stock of an item without SKU: -1',
  'Status changed from pending to confirmed',
  'Invoice INV-2025-000001 issued',
  'Status changed from confirmed to cancelled',
  'Stock of an item without SKU: +1',
  'Credit note CN-2025-000001 issued',
]);

/**
 * In French, as a French speaker writes it: the participle agrees with « commande », the verb
 * with the document's gender (« Facture … émise », « Avoir … émis »).
 */
export const CancelledInFrench = timelineStory(
  4,
  [
    'Commande passée',
    'Stock de un article sans référence : -1',
    'Commande confirmée (elle était en attente)',
    'Facture INV-2025-000001 émise',
    'Commande annulée (elle était confirmée)',
    'Stock de un article sans référence : +1',
    'Avoir CN-2025-000001 émis',
  ],
  { locale: 'fr', region: 'Historique' },
);

/** In Arabic: the verb agrees with the document (فاتورة feminine, إشعار masculine). */
export const CancelledInArabic = timelineStory(
  4,
  [
    'تم تقديم الطلب',
    'مخزون بند بلا رمز منتج: \u2068-1\u2069',
    'تم تأكيد الطلب (كان قيد الانتظار)',
    'صدرت الفاتورة INV-2025-000001',
    'أُلغي الطلب (كان مؤكَّدًا)',
    'مخزون بند بلا رمز منتج: \u2068+1\u2069',
    'صدر الإشعار الدائن CN-2025-000001',
  ],
  { locale: 'ar', region: 'السجل الزمني' },
);

/** Just placed: the checkout, then the carrier's remittance of part of it (payments). */
export const Empty = timelineStory(1, [
  'Order placed',
  'Stock of TS-SBS-M: -2',
  'Stock of HARISSA-200: -3',
  "Payment of 100.000 TND received on 14 Mar 2025 in a carrier's remittance",
]);

export const LoadError: Story = {
  args: { events: undefined, failed: true },
  play: async ({ canvasElement, args }) => {
    await expect(
      region(canvasElement).getByText('The timeline could not be loaded.'),
    ).toBeVisible();
    await userEvent.click(region(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    // A note can still be written.
    await expect(
      region(canvasElement).getByRole('textbox', { name: 'Internal note' }),
    ).toBeEnabled();
  },
};

export const Loading: Story = {
  args: { events: undefined },
  play: async ({ canvasElement }) => {
    await expect(region(canvasElement).getByText('Loading timeline...')).toBeVisible();
  },
};

/** A blank note is refused by the form: a message, nothing sent. */
export const AddNoteBlank: Story = {
  play: async ({ canvasElement, args }) => {
    const note = region(canvasElement).getByRole('textbox', { name: 'Internal note' });
    await userEvent.type(note, '   ');
    await userEvent.click(region(canvasElement).getByRole('button', { name: 'Add note' }));
    await expect(await region(canvasElement).findByText('Note is required')).toBeVisible();
    await expect(note).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAddNote).not.toHaveBeenCalled();
    // The message goes once the note has text.
    await userEvent.type(note, 'Rappeler');
    await waitFor(() => expect(region(canvasElement).queryByText('Note is required')).toBeNull());
  },
};

/** The note is sent trimmed, then the form is emptied. */
export const AddNote: Story = {
  play: async ({ canvasElement, args }) => {
    const note = region(canvasElement).getByRole('textbox', { name: 'Internal note' });
    await userEvent.type(note, '  Colis remis au transporteur  ');
    await expect(region(canvasElement).getByTestId('note-count')).toHaveTextContent('31/2000');
    await userEvent.click(region(canvasElement).getByRole('button', { name: 'Add note' }));
    await expect(args.onAddNote).toHaveBeenCalledOnce();
    await expect(args.onAddNote).toHaveBeenCalledWith('Colis remis au transporteur');
    await waitFor(() => expect(note).toHaveValue(''));
  },
};

/** When the note was not saved (the container toasts why), the text stays to try again. */
export const AddNoteNotSaved: Story = {
  args: { onAddNote: fn(() => Promise.resolve(false)) },
  play: async ({ canvasElement, args }) => {
    const note = region(canvasElement).getByRole('textbox', { name: 'Internal note' });
    await userEvent.type(note, 'Rappeler demain');
    await userEvent.click(region(canvasElement).getByRole('button', { name: 'Add note' }));
    await expect(args.onAddNote).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(region(canvasElement).getByRole('button', { name: 'Add note' })).toBeEnabled(),
    );
    await expect(note).toHaveValue('Rappeler demain');
  },
};
