import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Invoice } from '@generated/model';
import { invoicesOf } from '@mocks/fixtures';
import { expectedDay, expectedMoney as money, expectedMoneyIn } from '@/testing/expected';
import { padded } from '@/testing/padded';
import { screen } from '@/testing/story';
import { DocumentsPanel } from './DocumentsPanel';

/** The documents panel of the order detail, driven by its props (one story per state). */
const meta = {
  title: 'Orders/DocumentsPanel',
  component: DocumentsPanel,
  decorators: [padded('md')],
  args: {
    documents: invoicesOf(2),
    failed: false,
    onRetry: fn(),
    canIssue: false,
    issuing: false,
    onIssue: fn(),
    onDownload: fn(),
    onPackingSlip: fn(),
  },
} satisfies Meta<typeof DocumentsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const panel = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Documents' }));

async function expectDocuments(canvasElement: HTMLElement, documents: Invoice[]) {
  const rows = panel(canvasElement).getAllByTestId('document');
  await expect(rows).toHaveLength(documents.length);
  for (const [index, document] of documents.entries()) {
    const row = rows[index]!;
    await expect(row).toHaveTextContent(document.number);
    await expect(row).toHaveTextContent(document.kind === 'invoice' ? 'Invoice' : 'Credit note');
    await expect(row).toHaveTextContent(expectedDay(document.issued_at));
    // A credit note's amount is credited (as its PDF says), an invoice's due.
    const amount = document.kind === 'invoice' ? 'Amount due' : 'Amount credited';
    await expect(row).toHaveTextContent(`${amount} ${money(document.amount_due)}`);
  }
}

/** An invoice in force: no "Issue invoice"; its PDF in French on request. */
export const Issued: Story = {
  play: async ({ canvasElement, args }) => {
    const [invoice] = invoicesOf(2);
    await expectDocuments(canvasElement, [invoice!]);
    await expect(panel(canvasElement).queryByRole('button', { name: 'Issue invoice' })).toBeNull();
    await userEvent.click(
      panel(canvasElement).getByRole('button', { name: `Download PDF of ${invoice!.number}` }),
    );
    // The menu fades in.
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'PDF (English)' })).toBeVisible(),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'PDF (Français)' }));
    await expect(args.onDownload).toHaveBeenCalledOnce();
    await expect(args.onDownload).toHaveBeenCalledWith(invoice, 'fr');
  },
};

/** No document yet: the message and "Issue invoice"; the packing slip in English. */
export const NotYetIssued: Story = {
  args: { documents: [], canIssue: true },
  play: async ({ canvasElement, args }) => {
    await expect(panel(canvasElement).getByText('No invoice yet.')).toBeVisible();
    await userEvent.click(panel(canvasElement).getByRole('button', { name: 'Issue invoice' }));
    await expect(args.onIssue).toHaveBeenCalledOnce();
    await userEvent.click(panel(canvasElement).getByRole('button', { name: 'Packing slip' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF (English)' }));
    await expect(args.onPackingSlip).toHaveBeenCalledOnce();
    await expect(args.onPackingSlip).toHaveBeenCalledWith('en');
  },
};

/** A cancelled order: its invoice and the credit note that reverses it; nothing to issue. */
export const Credited: Story = {
  args: { documents: invoicesOf(4) },
  play: async ({ canvasElement }) => {
    const [invoice, creditNote] = invoicesOf(4);
    await expect(creditNote?.kind).toBe('credit_note');
    await expectDocuments(canvasElement, [invoice!, creditNote!]);
    await expect(panel(canvasElement).getAllByTestId('document')[1]).toHaveTextContent(
      `Credits ${invoice!.number}`,
    );
    await expect(panel(canvasElement).queryByRole('button', { name: 'Issue invoice' })).toBeNull();
  },
};

/** In French: the invoice's amount is due, the credit note's is the credit note's own. */
export const CreditedInFrench: Story = {
  args: { documents: invoicesOf(4) },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const [invoice, creditNote] = invoicesOf(4);
    const rows = within(canvasElement).getAllByTestId('document');
    await expect(rows[0]).toHaveTextContent(
      `Montant dû ${expectedMoneyIn('fr-TN', invoice!.amount_due)}`,
    );
    await expect(rows[1]).toHaveTextContent(
      `Montant de l’avoir ${expectedMoneyIn('fr-TN', creditNote!.amount_due)}`,
    );
    await expect(rows[1]).not.toHaveTextContent('Montant dû');
  },
};

/** The documents could not be loaded: a message and Retry; no "Issue invoice" meanwhile. */
export const Failing: Story = {
  args: { documents: undefined, failed: true, canIssue: true },
  play: async ({ canvasElement, args }) => {
    await expect(
      panel(canvasElement).getByText('The documents could not be loaded.'),
    ).toBeVisible();
    await expect(panel(canvasElement).queryByRole('button', { name: 'Issue invoice' })).toBeNull();
    await userEvent.click(panel(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The invoice is being issued: the button is busy and cannot be pressed again. */
export const Issuing: Story = {
  args: { documents: [], canIssue: true, issuing: true },
  play: async ({ canvasElement, args }) => {
    const button = panel(canvasElement).getByRole('button', { name: /Issuing invoice/ });
    await expect(button).toBeDisabled();
    await expect(args.onIssue).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { documents: undefined },
  play: async ({ canvasElement }) => {
    await expect(panel(canvasElement).getByText('Loading documents...')).toBeVisible();
    await expect(panel(canvasElement).queryAllByTestId('document')).toHaveLength(0);
  },
};
