// The status table says what docs/product.md says (§4 Order status, §10.5 stock, Invoices and
// credit notes), and the effects it derives follow from its rows for every pair of statuses.
import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../generated/model/orderStatus';
import {
  asksFirst,
  isOrderStatus,
  mayBeInvoiced,
  mayBeShipped,
  ORDER_STATUSES,
  STATUS_AT_CHECKOUT,
  statusesWhere,
  statusRules,
  transitionEffects,
} from './order-status';

describe('the table', () => {
  it('has one row per contract status, in life-cycle order', () => {
    expect(ORDER_STATUSES).toEqual([
      'pending',
      'confirmed',
      'processing',
      'shipped',
      'delivered',
      'cancelled',
      'refunded',
    ]);
    expect(ORDER_STATUSES).toEqual(Object.values(OrderStatus));
    expect(STATUS_AT_CHECKOUT).toBe('pending');
  });

  it('says what each status means, as docs/product.md does', () => {
    expect(statusesWhere('holdsStock')).toEqual([
      'pending',
      'confirmed',
      'processing',
      'shipped',
      'delivered',
    ]);
    expect(statusesWhere('invoicedOnEntry')).toEqual([
      'confirmed',
      'processing',
      'shipped',
      'delivered',
    ]);
    expect(statusesWhere('credited')).toEqual(['cancelled', 'refunded']);
    expect(statusesWhere('cancellable')).toEqual(['pending', 'confirmed', 'processing']);
    expect(statusesWhere('editable')).toEqual(['pending', 'confirmed', 'processing']);
    expect(statusesWhere('terminal')).toEqual(['delivered', 'cancelled', 'refunded']);
    expect(ORDER_STATUSES.filter(mayBeInvoiced)).toEqual(statusesWhere('holdsStock'));
    expect(ORDER_STATUSES.filter(mayBeShipped)).toEqual(statusesWhere('holdsStock'));
  });

  it('tells a status of the table from any other text', () => {
    expect(ORDER_STATUSES.every(isOrderStatus)).toBe(true);
    for (const other of ['lost', 'Pending', 'toString', '__proto__', ''])
      expect(isOrderStatus(other)).toBe(false);
  });
});

describe('transitionEffects', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

  it('moves stock only between holding and not holding, never twice', () => {
    for (const [from, to] of pairs) {
      const held = statusRules(from).holdsStock;
      const holds = statusRules(to).holdsStock;
      expect(transitionEffects(from, to).stock, `${from} → ${to}`).toBe(
        held && !holds ? 'give_back' : !held && holds ? 'take' : 'none',
      );
    }
    expect(transitionEffects('shipped', 'cancelled').stock).toBe('give_back');
    expect(transitionEffects('cancelled', 'refunded').stock).toBe('none');
    expect(transitionEffects('refunded', 'pending').stock).toBe('take');
  });

  it('issues the invoice on entering an invoiced status, the credit note on a credited one', () => {
    expect(transitionEffects('pending', 'confirmed').document).toBe('invoice');
    expect(transitionEffects('cancelled', 'delivered').document).toBe('invoice');
    expect(transitionEffects('confirmed', 'pending').document).toBe('none');
    expect(transitionEffects('delivered', 'refunded').document).toBe('credit_note');
    expect(transitionEffects('cancelled', 'refunded').document).toBe('credit_note');
    for (const [from, to] of pairs) {
      const { document } = transitionEffects(from, to);
      if (from === to) expect(document).toBe('none');
      else if (statusRules(to).credited) expect(document).toBe('credit_note');
      else expect(document).toBe(statusRules(to).invoicedOnEntry ? 'invoice' : 'none');
    }
  });

  it('changes nothing for the same status again', () => {
    for (const status of ORDER_STATUSES)
      expect(transitionEffects(status, status)).toEqual({ stock: 'none', document: 'none' });
  });

  it('asks first exactly before a move into cancelled or refunded', () => {
    for (const [from, to] of pairs)
      expect(asksFirst(from, to), `${from} → ${to}`).toBe(
        from !== to && (to === 'cancelled' || to === 'refunded'),
      );
  });
});
