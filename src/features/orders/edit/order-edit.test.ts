import { describe, expect, it } from 'vitest';
import { orderDetails } from '@mocks/fixtures';
import { editChanges, editProblems, editRequest, editStateOf } from './order-edit';

const order = orderDetails.find((o) => o.id === 1)!;
const [shirt, harissa] = order.items;

describe('an order edit', () => {
  it('sends nothing but the note when nothing changed', () => {
    const state = editStateOf(order);
    expect(editChanges(order, state)).toEqual([]);
    expect(editRequest(order, state)).toEqual({});
  });

  it('sends the lines whole when one changes: items by id, added variants by variant id', () => {
    const state = editStateOf(order);
    state.lines = [
      { ...state.lines[0]!, quantity: 3 },
      {
        key: 'v8',
        itemId: null,
        variantId: 8,
        productId: 2,
        name: null,
        variantTitle: null,
        sku: 'HUILE-1L',
        quantity: 2,
        unitPrice: null,
        total: null,
      },
    ];
    expect(editChanges(order, state)).toEqual([
      {
        change: 'quantity',
        name: `${shirt!.product_name} · ${shirt!.variant_title}`,
        from: 2,
        to: 3,
      },
      { change: 'removed', name: harissa!.product_name },
      { change: 'added', name: 'HUILE-1L', to: 2 },
    ]);
    expect(editRequest(order, state)).toEqual({
      lines: [
        { order_item_id: shirt!.id, quantity: 3 },
        { variant_id: 8, quantity: 2 },
      ],
    });
  });

  it('sends the address and the shipping only when they change', () => {
    const state = { ...editStateOf(order), shipping: '9.5', note: ' Express ' };
    state.address = { ...state.address, city: ' Sfax ' };
    const body = editRequest(order, state);
    expect(body.shipping_amount).toBe('9.500');
    expect(body.shipping_address?.city).toBe('Sfax');
    expect(body.note).toBe('Express');
    expect(body.lines).toBeUndefined();
  });

  it('refuses no line, a bad shipping and a blank address field', () => {
    const state = { ...editStateOf(order), lines: [], shipping: 'x' };
    state.address = { ...state.address, city: ' ' };
    expect(editProblems(state)).toEqual(['atLeastOneLine', 'shippingInvalid', 'addressInvalid']);
  });

  it("sends a Tunisian address's governorate, and none once the country is another (#36)", () => {
    const state = editStateOf(order);
    state.address = { ...state.address, governorate: 'TN-12' };
    expect(editChanges(order, state)).toEqual([{ change: 'address' }]);
    expect(editRequest(order, state).shipping_address?.governorate).toBe('TN-12');
    state.address = { ...state.address, country: 'FR' };
    expect(editRequest(order, state).shipping_address).toMatchObject({
      country: 'FR',
      governorate: null,
    });
  });
});
