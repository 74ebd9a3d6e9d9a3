// Invoice and credit-note numbers are <prefix><year>-<6 digits> (domain/invoice.ts), unique
// across both kinds (invoices.number). The year has 4 digits and the tail 7 characters, so two
// numbers are equal only when prefix, year and sequence are: the kinds, numbered in their own
// sequences, can collide only if one prefix numbers documents of both kinds in the same year.
// Hence the two rules a settings save is checked against (services/billing/document-numbering.ts):
// the prefixes differ, and a prefix is not taken over from the other kind while documents of
// the other kind carry it in the current year or later. Pure texts; the service answers 422.
export const PREFIXES_MUST_DIFFER =
  'The invoice and credit-note prefixes must differ: invoices and credit notes would get the same numbers';

export type DocumentKind = 'invoice' | 'credit_note';

/** The refusal of equal prefixes (the contract's pattern already rules out case and spaces). */
export function samePrefixIssue(invoicePrefix: string, creditNotePrefix: string): string | null {
  return invoicePrefix === creditNotePrefix ? PREFIXES_MUST_DIFFER : null;
}

const plural = { invoice: 'Invoices', credit_note: 'Credit notes' } as const;
const lower = { invoice: 'invoices', credit_note: 'credit notes' } as const;

/**
 * Why `kind` cannot take `prefix` now: documents of `other` kind of `lastYear` carry it; it is
 * free from the next year on.
 */
export function prefixTakenIssue(
  kind: DocumentKind,
  prefix: string,
  other: DocumentKind,
  lastYear: number,
): string {
  const from = lastYear + 1;
  return prefix === ''
    ? `${plural[other]} of ${lastYear} are numbered without a prefix: ${lower[kind]} can go without one only from ${from} on, or their numbers would collide`
    : `${plural[other]} of ${lastYear} are numbered with "${prefix}": ${lower[kind]} can use it only from ${from} on, or their numbers would collide`;
}
