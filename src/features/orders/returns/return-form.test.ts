// The Return items form's rules before anything is sent: what is left to return, the shipping
// left to credit, the refusals, and the body sent (the lines with a quantity only).
import { describe, expect, it } from 'vitest';
import type { Order, OrderReturn } from '@generated/model';
import { orderDetails } from '@mocks/fixtures';
import {
  emptyReturnForm,
  returnBody,
  returnsEverything,
  shippingLeft,
  validateReturn,
  type ReturnFormValues,
} from './return-form';

// Order 2: one bag (item 3) and four bottles of oil (item 4), one bottle already returned.
const base = orderDetails.find((o) => o.id === 2)!;
const order: Order = {
  ...base,
  items: base.items.map((i) => (i.id === 4 ? { ...i, returned_quantity: 1 } : i)),
};
const form = (lines: [number, string, boolean?][], rest: Partial<ReturnFormValues> = {}) => ({
  lines: lines.map(([order_item_id, quantity, restock = true]) => ({
    order_item_id,
    quantity,
    restock,
  })),
  reason: 'Leaking',
  shipping_amount: '',
  ...rest,
});

describe('the Return items form', () => {
  it('starts blank, every line with units left back to stock', () => {
    const sold = {
      ...order,
      items: order.items.map((i) => ({ ...i, returned_quantity: i.quantity })),
    };
    expect(emptyReturnForm(order).lines).toEqual([
      { order_item_id: 3, quantity: '', restock: true },
      { order_item_id: 4, quantity: '', restock: true },
    ]);
    expect(emptyReturnForm(sold).lines).toEqual([]);
  });

  it('refuses more than what is left, a quantity that is not whole, no unit, no reason', () => {
    expect(validateReturn(form([[4, '4']]), order, '0.000')).toEqual({
      quantities: { 4: 'At most 3' },
    });
    expect(
      validateReturn(
        form([
          [4, '1.5'],
          [3, '-1'],
        ]),
        order,
        '0.000',
      ),
    ).toEqual({
      quantities: { 4: 'Enter a whole number', 3: 'Enter a whole number' },
    });
    expect(
      validateReturn(
        form(
          [
            [4, ''],
            [3, '0'],
          ],
          { reason: '  ' },
        ),
        order,
        '0.000',
      ),
    ).toEqual({
      quantities: {},
      lines: 'Enter a quantity for at least one item',
      reason: 'Enter the reason',
    });
    expect(validateReturn(form([[4, '3']]), order, '0.000')).toBeNull();
  });

  it('refuses shipping that is not an amount or beyond what is left of it', () => {
    expect(validateReturn(form([[4, '1']], { shipping_amount: '1.2345' }), order, '7.000')).toEqual(
      { quantities: {}, shipping_amount: 'Enter an amount with at most 3 decimals' },
    );
    expect(validateReturn(form([[4, '1']], { shipping_amount: '7.001' }), order, '7.000')).toEqual({
      quantities: {},
      shipping_amount: 'At most 7.000 TND',
    });
    expect(validateReturn(form([[4, '1']], { shipping_amount: '7' }), order, '7.000')).toBeNull();
  });

  it('sends the lines with a quantity, the reason trimmed, the shipping only when above 0', () => {
    expect(
      returnBody(
        form(
          [
            [3, ''],
            [4, '2', false],
          ],
          { reason: ' Leaking ' },
        ),
      ),
    ).toEqual({
      reason: 'Leaking',
      lines: [{ order_item_id: 4, quantity: 2, restock: false }],
    });
    expect(returnBody(form([[4, '1']], { shipping_amount: '0' })).shipping_amount).toBeUndefined();
    expect(returnBody(form([[4, '1']], { shipping_amount: '2.5' })).shipping_amount).toBe('2.5');
  });

  it('knows the shipping left and whether a return brings back every unit', () => {
    const earlier = (shipping: string) => ({ shipping_amount: shipping }) as OrderReturn;
    expect(shippingLeft({ shipping_amount: '7.000' }, [earlier('2.500'), earlier('1.000')])).toBe(
      '3.500',
    );
    const body = (oil: number, bag: number) =>
      returnBody(
        form([
          [3, String(bag)],
          [4, String(oil)],
        ]),
      );
    expect(returnsEverything(order, body(3, 1))).toBe(true);
    expect(returnsEverything(order, body(2, 1))).toBe(false);
  });
});
