import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '@generated/model';
import { orders } from '@mocks/fixtures';
import { selectionLines } from './remittance-selection';

const order = (id: number, balance_due: string): OrderSummary => ({
  ...orders.find((o) => o.id === 1)!,
  id,
  order_number: `ORD-${id}`,
  balance_due,
});

describe('a remittance from the selected orders', () => {
  it('starts each owing order at its balance due, in id order, and lists the others', () => {
    const picked = [
      order(7, '10.500'),
      order(3, '0.000'),
      order(2, '124.670'),
      order(9, '-11.000'),
      order(4, '0.001'),
    ];
    expect(selectionLines(picked)).toEqual({
      lines: [
        { order_number: 'ORD-2', amount: '124.670' },
        { order_number: 'ORD-4', amount: '0.001' },
        { order_number: 'ORD-7', amount: '10.500' },
      ],
      notAdded: [
        { orderNumber: 'ORD-3', balanceDue: '0.000' },
        { orderNumber: 'ORD-9', balanceDue: '-11.000' },
      ],
    });
  });

  it('keeps every selected order once, as a line or as not added', () => {
    const { lines, notAdded } = selectionLines(orders);
    expect(
      [...lines.map((l) => l.order_number), ...notAdded.map((o) => o.orderNumber)].sort(),
    ).toEqual(orders.map((o) => o.order_number).sort());
    expect(selectionLines([])).toEqual({ lines: [], notAdded: [] });
  });
});
