// The seller's identity an invoice cannot be issued without. Pure and free of imports: the
// console's mocks answer the settings with the same rule (tsconfig.app.json).

/**
 * The settings every invoice prints and cannot be issued without: the seller's legal name,
 * address and matricule fiscal (Tunisian invoicing rules). The one list: the settings answer
 * names the missing ones (missing_for_invoices), the refusal to invoice too.
 */
const INVOICE_IDENTITY_FIELDS = ['legal_name', 'address', 'matricule_fiscal'] as const;
type InvoiceIdentityField = (typeof INVOICE_IDENTITY_FIELDS)[number];

/** The fields an invoice needs that the settings do not have yet, in the list's order. */
export function missingForInvoices(
  settings: Readonly<Record<InvoiceIdentityField, string | null>>,
): InvoiceIdentityField[] {
  return INVOICE_IDENTITY_FIELDS.filter((field) => settings[field] === null);
}

/**
 * The refusal to issue an invoice while fields are missing: the contract's sentence, then the
 * fields by their contract names (the console names them in its language from the settings).
 */
export const settingsIncompleteDetail = (missing: readonly InvoiceIdentityField[]) =>
  `Complete the shop settings before issuing invoices (missing: ${missing.join(', ')})`;
