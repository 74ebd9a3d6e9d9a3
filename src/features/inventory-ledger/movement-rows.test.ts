// The ledger words a movement from its kind: in English it reads as the server's own text (the
// stored `reason`, services/inventory/stock.ts movementReason), so the two spellings of each kind agree;
// without its references a movement falls back to that text rather than a broken sentence.
import { expect, it } from 'vitest';
import { movementsOfEveryKind } from '@mocks/fixtures/stock-movements';
import { toMovementRows } from './movement-rows';

it('reads every kind in English as the server writes it', () => {
  const rows = toMovementRows(movementsOfEveryKind);
  expect(rows.map((r) => r.reason)).toEqual(movementsOfEveryKind.map((m) => m.reason));
  expect(new Set(movementsOfEveryKind.map((m) => m.kind)).size).toBe(9);
});

it('shows an adjustment as typed, and "-" without words', () => {
  const [typed] = movementsOfEveryKind;
  expect(typed?.kind).toBe('adjustment');
  const rows = toMovementRows([
    { ...typed!, reason: '  Casse en réserve ' },
    { ...typed!, id: 2, reason: null },
    { ...typed!, id: 3, reason: '   ' },
  ]);
  expect(rows.map((r) => r.reason)).toEqual(['Casse en réserve', '-', '-']);
});

it('falls back to the stored text when an order movement has lost its references', () => {
  const checkout = movementsOfEveryKind.find((m) => m.kind === 'checkout')!;
  const [row] = toMovementRows([
    { ...checkout, order_id: null, order_number: null, reason: 'Order ORD-1' },
  ]);
  expect(row?.reason).toBe('Order ORD-1');
});

it("words an order's return and edit movements as the server writes them", () => {
  const checkout = movementsOfEveryKind.find((m) => m.kind === 'checkout')!;
  const rows = toMovementRows([
    { ...checkout, kind: 'return', delta: 1, reason: null },
    { ...checkout, id: checkout.id + 1000, kind: 'edit', delta: -1, reason: null },
  ]);
  expect(rows.map((r) => r.reason)).toEqual([
    `Order ${checkout.order_number} return`,
    `Order ${checkout.order_number} edited`,
  ]);
});
