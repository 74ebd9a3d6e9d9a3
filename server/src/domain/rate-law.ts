// A change of law is a new rate named as successor, never an edit of the rate in place: the
// rate and country of a VAT rate are fixed once it has taken effect (it is in force, or it was
// and orders may have been charged at it) or once a product or variant is assigned it, because
// editing it would reprice them all at once and rewrite what the rate was. Only a future rate
// that nothing uses yet can be corrected. The server (services/billing/vat-rates.ts) and the console's
// mock answer with these texts (so this file imports nothing: the console's build includes it).

/** VatRate.status (domain/vat.ts rateStatus). */
type RateStatus = 'in_force' | 'scheduled' | 'expired' | 'inactive';

const RECORD_SUCCESSOR =
  'its rate and country cannot change. Record the new rate with its start date and name it as the successor of this one';

interface RateLawFacts {
  name: string;
  /** Stored UTC ISO-8601 start. */
  effective_from: string;
  status: RateStatus;
}

interface RateUsers {
  products: number;
  variants: number;
}

/** "3 products and 1 variant" ("products or variants" when both are 0). */
function usersText({ products, variants }: RateUsers): string {
  const parts: string[] = [];
  if (products > 0) parts.push(`${products} ${products === 1 ? 'product' : 'products'}`);
  if (variants > 0) parts.push(`${variants} ${variants === 1 ? 'variant' : 'variants'}`);
  return parts.length > 0 ? parts.join(' and ') : 'products or variants';
}

/** Why a rate in use cannot be deleted (a 409's detail). */
export const rateInUseIssue = (usage: RateUsers): string =>
  `VAT rate is used by ${usersText(usage)}; deactivate it instead`;

/** Why the rate or country of this rate cannot change (a 409's detail), or null while it may. */
export function rateLawChangeIssue(rate: RateLawFacts, usage: RateUsers, at: Date): string | null {
  if (rate.status === 'in_force') return `VAT rate "${rate.name}" is in force: ${RECORD_SUCCESSOR}`;
  if (usage.products > 0 || usage.variants > 0) {
    return `VAT rate "${rate.name}" is used by ${usersText(usage)}: ${RECORD_SUCCESSOR}`;
  }
  if (Date.parse(rate.effective_from) <= at.getTime()) {
    return `VAT rate "${rate.name}" took effect on ${rate.effective_from.slice(0, 10)} and orders may have been charged at it: ${RECORD_SUCCESSOR}`;
  }
  return null;
}
