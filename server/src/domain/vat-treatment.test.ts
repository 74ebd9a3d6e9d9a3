import { describe, expect, it } from 'vitest';
import { initialVatNumberReview, isZeroRated, vatMention, vatTreatment } from './vat-treatment';
import type { ReverseChargeParty } from './vat-number';

const party = (over: Partial<ReverseChargeParty>): ReverseChargeParty => ({
  customer_type: 'professional',
  vat_number_valid: true,
  country_code: 'DE',
  shipping_country: 'DE',
  ...over,
});

describe('vatTreatment', () => {
  it('decides domestic, reverse charge or export from where the goods go and who buys', () => {
    const cases: [Partial<ReverseChargeParty>, string][] = [
      [{}, 'reverse_charge'],
      [{ shipping_country: ' de ' }, 'reverse_charge'],
      [{ shipping_country: 'TN' }, 'domestic'], // a German business, shipped to Tunis
      [{ shipping_country: 'tn', country_code: 'TN' }, 'domestic'],
      [{ shipping_country: 'FR' }, 'export'], // another member state than the number's
      [{ vat_number_valid: false }, 'export'],
      [{ customer_type: 'individual' }, 'export'],
      [{ country_code: 'CH', shipping_country: 'CH' }, 'export'], // not in the EU
      [{ customer_type: 'individual', country_code: 'TN', shipping_country: 'DZ' }, 'export'],
    ];
    for (const [over, expected] of cases) {
      expect(vatTreatment(party(over), 'TN'), JSON.stringify(over)).toBe(expected);
    }
  });

  it('charges 0 % and prints a mention only for the reverse charge and exports', () => {
    expect([isZeroRated('domestic'), isZeroRated('reverse_charge'), isZeroRated('export')]).toEqual(
      [false, true, true],
    );
    expect(vatMention('domestic')).toBeNull();
    expect(vatMention('reverse_charge')).toEqual({
      en: 'Reverse charge: VAT to be accounted for by the recipient (Art. 196, Directive 2006/112/EC)',
      fr: 'Autoliquidation : TVA due par le preneur (art. 196, directive 2006/112/CE)',
    });
    expect(vatMention('export')).toEqual({
      en: 'Export: exempt from Tunisian VAT (export operation, Art. 11-I of the Tunisian VAT Code)',
      fr: 'Exportation : exonération de TVA (opération d’exportation, art. 11-I du Code de la TVA)',
    });
  });

  it('asks for a review only of a reverse charge on a number checked by its format', () => {
    expect(initialVatNumberReview('reverse_charge', 'format_checked')).toBe('to_confirm');
    expect(initialVatNumberReview('reverse_charge', 'vies_confirmed')).toBeNull();
    expect(initialVatNumberReview('export', 'format_checked')).toBeNull();
    expect(initialVatNumberReview('export', 'vies_rejected')).toBeNull();
    expect(initialVatNumberReview('domestic', 'format_checked')).toBeNull();
    expect(initialVatNumberReview('domestic', null)).toBeNull();
  });
});
