import { describe, expect, it } from 'vitest';
import { draftOrders, pricedDraft } from '@mocks/fixtures/draft-orders';
import {
  draftInput,
  EMPTY_FORM,
  formOf,
  missingFields,
  refusedLine,
  withVariant,
  type DraftForm,
} from './draft-form';

const AT = '2026-11-29T10:00:00.000Z';

const phoneOrder: DraftForm = {
  ...EMPTY_FORM,
  guest: { name: '  Amira Ben Salah ', phone: '+216 98 123 456', email: '' },
  address: {
    ...EMPTY_FORM.address,
    street_address: '14 Rue de Marseille',
    city: 'Tunis',
    postal_code: '1000',
    email: 'amira@example.tn',
  },
};

describe('the staff order form', () => {
  it('names what is missing before a save, in the order of the form', () => {
    expect(missingFields(EMPTY_FORM)).toEqual([
      'guestName',
      'guestPhone',
      'firstName',
      'lastName',
      'street',
      'city',
      'postalCode',
      'phone',
      'email',
    ]);
    expect(missingFields(phoneOrder)).toEqual([]);
    expect(missingFields({ ...phoneOrder, shipping: '7,5' })).toEqual(['shipping']);
  });

  it("sends the guest, and the address's blank names and phone as the guest's", () => {
    expect(draftInput({ ...phoneOrder, shipping: '7.5' })).toEqual({
      guest: { name: 'Amira Ben Salah', phone: '+216 98 123 456', email: null },
      shipping_address: {
        first_name: 'Amira',
        last_name: 'Ben Salah',
        company: null,
        street_address: '14 Rue de Marseille',
        apartment: null,
        city: 'Tunis',
        state: null,
        postal_code: '1000',
        country: 'TN',
        governorate: null,
        phone: '+216 98 123 456',
        email: 'amira@example.tn',
      },
      payment_method: 'cash_on_delivery',
      shipping_method_id: null,
      shipping_amount: '7.500',
      notes: null,
      language: null,
      lines: [],
    });
  });

  it("sends the method picked and a Tunisian address's governorate, kept on reopening (#36)", () => {
    const tunis = {
      ...phoneOrder,
      address: { ...phoneOrder.address, governorate: 'TN-11' as const },
      shippingMethodId: 3,
    };
    const body = draftInput(tunis);
    expect(body.shipping_address.governorate).toBe('TN-11');
    expect(body.shipping_method_id).toBe(3);
    expect(body).not.toHaveProperty('shipping_amount');
    // A governorate picked before the country became France is not sent (422 otherwise).
    const paris = { ...tunis, address: { ...tunis.address, country: 'fr' } };
    expect(draftInput(paris).shipping_address).toMatchObject({ country: 'FR', governorate: null });
    const reopened = formOf(
      pricedDraft(body, { id: 9, created_by: 'admin', created_at: AT, updated_at: AT }),
    );
    expect(reopened.shippingMethodId).toBe(3);
    expect(reopened.address.governorate).toBe('TN-11');
    // The method's price is not typed back in: saved again, the method still prices the lines.
    expect(reopened.shipping).toBe('');
    expect(draftInput(reopened)).not.toHaveProperty('shipping_amount');
  });

  it('keeps a shipping price agreed with the customer when the draft is reopened', () => {
    const reopened = formOf(draftOrders[0]!);
    expect(reopened.shipping).toBe('7.000');
    expect(draftInput(reopened).shipping_amount).toBe('7.000');
  });

  it('sends the language chosen (null: automatic) and keeps it when the draft is reopened', () => {
    expect(draftInput({ ...phoneOrder, language: 'fr' }).language).toBe('fr');
    expect(formOf({ ...draftOrders[0]!, language: 'ar' }).language).toBe('ar');
    expect(formOf({ ...draftOrders[0]!, language: null }).language).toBeNull();
  });

  it("sends a found customer's VAT details, and keeps a guest's on reopening", () => {
    const form: DraftForm = {
      ...phoneOrder,
      buyer: { customerType: 'professional', vatNumber: 'FR40303265045', countryCode: 'FR' },
    };
    const body = draftInput(form);
    expect(body).toMatchObject({
      customer_type: 'professional',
      vat_number: 'FR40303265045',
      customer_country_code: 'FR',
    });
    expect(draftInput(phoneOrder)).not.toHaveProperty('customer_type');
    expect(formOf(draftOrders[0]!).buyer).toBeNull();
  });

  it('gives a saved draft back as the same body (opening a draft saves nothing)', () => {
    for (const draft of draftOrders) {
      const body = draftInput(formOf(draft));
      expect(body.lines).toEqual(
        draft.lines.map((l) => ({
          variant_id: l.variant_id,
          quantity: l.quantity,
          unit_price_override: l.unit_price_override,
          override_reason: l.override_reason,
        })),
      );
      expect(draftInput(formOf(draft))).toEqual(body);
    }
  });

  it('sends a code or a manual discount only when given, and keeps it when reopened', () => {
    expect(draftInput(phoneOrder)).not.toHaveProperty('discount_code');
    expect(draftInput(phoneOrder)).not.toHaveProperty('manual_discount');
    expect(draftInput({ ...phoneOrder, discountCode: 'WELCOME10' }).discount_code).toBe(
      'WELCOME10',
    );
    const manual = (kind: 'percent' | 'amount', value: string, reason = ' Loyal customer ') =>
      ({ ...phoneOrder, manualDiscount: { kind, value, reason } }) satisfies DraftForm;
    expect(draftInput(manual('amount', '5')).manual_discount).toEqual({
      amount: '5.000',
      reason: 'Loyal customer',
    });
    expect(draftInput(manual('percent', '12.5')).manual_discount).toEqual({
      percent: 12.5,
      reason: 'Loyal customer',
    });
    // The contract's bounds, checked before sending.
    expect(missingFields(manual('percent', '12.5'))).toEqual([]);
    expect(missingFields(manual('percent', '100'))).toEqual([]);
    for (const value of ['', '0', '100.01', '12.555', '-5', '5,5'])
      expect(missingFields(manual('percent', value))).toEqual(['discountValue']);
    for (const value of ['', '0', '0.000', '1.2345', 'abc'])
      expect(missingFields(manual('amount', value))).toEqual(['discountValue']);
    expect(missingFields(manual('amount', '5', '  '))).toEqual(['discountReason']);
    const base = draftOrders[0]!;
    for (const form of [
      { ...formOf(base), discountCode: 'WELCOME10' },
      { ...formOf(base), manualDiscount: { kind: 'amount', value: '5.000', reason: 'Loyal' } },
      { ...formOf(base), manualDiscount: { kind: 'percent', value: '15', reason: 'Loyal' } },
    ] satisfies DraftForm[]) {
      const body = draftInput(form);
      const saved = pricedDraft(body, base);
      expect(draftInput(formOf(saved))).toEqual(body);
    }
  });

  it("prices a discount in the mocks as the server does: Σ lines' shares, totals reconcile", () => {
    const base = draftOrders[0]!;
    const body = draftInput(formOf(base));
    const millimes = (money: string | null | undefined) => Math.round(Number(money ?? 0) * 1000);
    const shown = (d: typeof base) =>
      d.lines.reduce((sum, l) => sum + millimes(l.total_price_incl_vat), 0);
    for (const [input, expected] of [
      [
        { ...body, discount_code: 'welcome10' },
        { code: 'WELCOME10', name: 'Welcome' },
      ],
      [
        { ...body, manual_discount: { amount: '5.000', reason: 'Loyal' } },
        { code: null, name: 'Loyal' },
      ],
      [
        { ...body, manual_discount: { percent: 33.33, reason: 'Loyal' } },
        { code: null, name: 'Loyal' },
      ],
      [
        { ...body, manual_discount: { amount: '999999.000', reason: 'All' } },
        { code: null, name: 'All' },
      ],
    ] as const) {
      const priced = pricedDraft(input, base);
      expect(priced.discount).toMatchObject(expected);
      const off = millimes(priced.discount!.amount);
      // Shown = charged: the lines cost what they showed minus the discount as shown.
      expect(shown(priced)).toBe(shown(base) - off);
      expect(millimes(priced.total_amount)).toBe(millimes(base.total_amount) - off);
      expect(priced.lines.reduce((sum, l) => sum + millimes(l.discount_amount), 0)).toBe(
        millimes(priced.discount_amount),
      );
      expect(
        millimes(priced.subtotal) +
          millimes(priced.vat_amount) +
          millimes(priced.shipping_amount) -
          millimes(priced.discount_amount) +
          millimes(priced.stamp_duty_amount),
      ).toBe(millimes(priced.total_amount));
    }
    const refused = pricedDraft({ ...body, discount_code: 'NOPE10' }, base);
    expect(refused.discount).toBeNull();
    expect(refused.discount_notice).toBe('The code "NOPE10" does not exist');
    expect(refused.total_amount).toBe(base.total_amount);
  });

  it('adds one more of a variant already on a line, up to the most a line takes', () => {
    const line = { variantId: 8, productId: 2, name: null, variantTitle: null, sku: 'HUILE-1L' };
    const once = withVariant([], line, 999);
    expect(once.map((l) => [l.variantId, l.quantity])).toEqual([[8, 1]]);
    expect(withVariant(once, line, 999).map((l) => l.quantity)).toEqual([2]);
    expect(withVariant([{ ...once[0]!, quantity: 999 }], line, 999)[0]!.quantity).toBe(999);
  });

  it("finds the line a completion's 409 names", () => {
    const draft = draftOrders[0]!;
    const bag = draft.lines[0]!;
    expect(refusedLine(draft, `Only 1 in stock for ${bag.product_name}`)).toBe(bag.variant_id);
    expect(refusedLine(draft, `${bag.product_name} is no longer available`)).toBe(bag.variant_id);
    expect(refusedLine(draft, 'A staff order needs at least one line to be completed')).toBeNull();
  });
});
