import { describe, expect, it } from 'vitest';
import { draftOrders } from '@mocks/fixtures/draft-orders';
import {
  draftInput,
  EMPTY_FORM,
  formOf,
  missingFields,
  refusedLine,
  withVariant,
  type DraftForm,
} from './draft-form';

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
        phone: '+216 98 123 456',
        email: 'amira@example.tn',
      },
      payment_method: 'cash_on_delivery',
      shipping_amount: '7.500',
      notes: null,
      language: null,
      lines: [],
    });
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
