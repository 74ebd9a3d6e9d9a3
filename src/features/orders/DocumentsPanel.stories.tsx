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
    onDownloadTeif: fn(),
    onSubmitTeif: fn(),
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

// E-invoices (#30): each document's TEIF status, its XML and its submission to TTN.

/** The e-invoice line of the document's row: its badge and what TTN said. */
const teifLine = (canvasElement: HTMLElement, index = 0) =>
  panel(canvasElement).getAllByTestId('document-teif')[index]!;

/** Never sent: "E-invoice not sent"; the TEIF downloads and "Submit to TTN" submits it. */
export const TeifNotSent: Story = {
  args: { documents: invoicesOf(4).slice(0, 1) },
  play: async ({ canvasElement, args }) => {
    const [invoice] = invoicesOf(4);
    await expect(invoice!.teif.status).toBe('not_sent');
    await expect(teifLine(canvasElement)).toHaveTextContent(/^E-invoice not sent$/);
    await userEvent.click(
      panel(canvasElement).getByRole('button', {
        name: `Download TEIF (XML) of ${invoice!.number}`,
      }),
    );
    await expect(args.onDownloadTeif).toHaveBeenCalledOnce();
    await expect(args.onDownloadTeif).toHaveBeenCalledWith(invoice);
    await userEvent.click(
      panel(canvasElement).getByRole('button', { name: `Submit to TTN: ${invoice!.number}` }),
    );
    await expect(args.onSubmitTeif).toHaveBeenCalledOnce();
    await expect(args.onSubmitTeif).toHaveBeenCalledWith(invoice);
  },
};

/** Accepted: the badge and TTN's reference; nothing to submit again. */
export const TeifAccepted: Story = {
  args: { documents: invoicesOf(3) },
  play: async ({ canvasElement }) => {
    await expect(teifLine(canvasElement)).toHaveTextContent(
      'E-invoice acceptedTTN reference TTN-2025-0000012345',
    );
    await expect(panel(canvasElement).queryByRole('button', { name: /^Submit to TTN/ })).toBeNull();
    await expect(
      panel(canvasElement).getByRole('button', { name: 'Download TEIF (XML) of INV-2025-000002' }),
    ).toHaveTextContent('TEIF (XML)');
  },
};

/** Rejected: TTN's reason, and "Submit to TTN" to send it again once fixed. */
export const TeifRejected: Story = {
  args: { documents: invoicesOf(2) },
  play: async ({ canvasElement, args }) => {
    await expect(teifLine(canvasElement)).toHaveTextContent(
      'E-invoice rejectedUnknown buyer identifier (MessageRecieverIdentifier)',
    );
    await userEvent.click(
      panel(canvasElement).getByRole('button', { name: 'Submit to TTN: INV-2025-000003' }),
    );
    await expect(args.onSubmitTeif).toHaveBeenCalledOnce();
    await expect(args.onSubmitTeif).toHaveBeenCalledWith(invoicesOf(2)[0]);
  },
};

const withTeif = (teif: Partial<Invoice['teif']>): Invoice[] =>
  invoicesOf(4)
    .slice(0, 1)
    .map((d) => ({ ...d, teif: { ...d.teif, ...teif } }));

/** Queued after TTN could not be reached: the reason, and no second submission meanwhile. */
export const TeifQueued: Story = {
  args: {
    documents: withTeif({
      status: 'queued',
      attempts: 1,
      reason: 'TTN could not be reached: connect ECONNREFUSED',
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(teifLine(canvasElement)).toHaveTextContent(
      'E-invoice queuedTTN could not be reached: connect ECONNREFUSED',
    );
    await expect(panel(canvasElement).queryByRole('button', { name: /^Submit to TTN/ })).toBeNull();
  },
};

/** Sent, TTN's answer awaited: the badge alone. */
export const TeifSent: Story = {
  args: { documents: withTeif({ status: 'sent', attempts: 1 }) },
  play: async ({ canvasElement }) => {
    await expect(teifLine(canvasElement)).toHaveTextContent(/^E-invoice sent$/);
    await expect(panel(canvasElement).queryByRole('button', { name: /^Submit to TTN/ })).toBeNull();
  },
};

/** The submission under way: its button is busy. */
export const TeifSubmitting: Story = {
  args: { documents: invoicesOf(2), submittingTeifId: invoicesOf(2)[0]!.id },
  play: async ({ canvasElement, args }) => {
    const button = panel(canvasElement).getByRole('button', {
      name: 'Submit to TTN: INV-2025-000003',
    });
    await expect(button).toBeDisabled();
    await expect(args.onSubmitTeif).not.toHaveBeenCalled();
  },
};

/** Without orders:write: the TEIF downloads, but there is no "Submit to TTN". */
export const TeifReadOnly: Story = {
  args: { documents: invoicesOf(2), onSubmitTeif: undefined },
  play: async ({ canvasElement }) => {
    await expect(panel(canvasElement).queryByRole('button', { name: /^Submit to TTN/ })).toBeNull();
    await expect(
      panel(canvasElement).getByRole('button', { name: 'Download TEIF (XML) of INV-2025-000003' }),
    ).toBeEnabled();
  },
};

/** In French and in Arabic: the statuses and TTN's reference in the screen's language. */
export const TeifInFrench: Story = {
  args: { documents: invoicesOf(3) },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const line = within(canvasElement).getByTestId('document-teif');
    await expect(line).toHaveTextContent(
      'Facture électronique acceptéeRéférence TTN TTN-2025-0000012345',
    );
    await expect(
      within(canvasElement).getByRole('button', {
        name: 'Télécharger le TEIF (XML) de INV-2025-000002',
      }),
    ).toBeVisible();
  },
};

export const TeifInArabic: Story = {
  args: { documents: invoicesOf(2) },
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('document-teif')).toHaveTextContent(
      'الفاتورة الإلكترونية مرفوضة',
    );
    await expect(
      within(canvasElement).getByRole('button', { name: 'إرسال إلى TTN: INV-2025-000003' }),
    ).toBeVisible();
  },
};
