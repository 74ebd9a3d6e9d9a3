// The console's order list follows the one status table: its order is pinned by
// contract/order-status.test.ts, and order-status-agreement.test.ts checks the console uses it.
import { describe, expect, it } from 'vitest';
import { BADGE_PROPS } from '@/components/list-screen';
import { customerName, paymentLabel, statusBadgeVariant, statusLabel } from './order-display';

describe('paymentLabel', () => {
  it('replaces underscores with spaces and upper-cases', () => {
    expect(paymentLabel('cash_on_delivery')).toBe('CASH ON DELIVERY');
    expect(paymentLabel('bank_transfer')).toBe('BANK TRANSFER');
    expect(paymentLabel('card')).toBe('CARD');
  });

  it('shows a dash when there is no method', () => {
    expect(paymentLabel('')).toBe('-');
    expect(paymentLabel(null)).toBe('-');
    expect(paymentLabel(undefined)).toBe('-');
  });
});

describe('statusBadgeVariant (docs/product.md §4)', () => {
  it.each([
    ['pending', 'secondary'],
    ['confirmed', 'default'],
    ['processing', 'default'],
    ['shipped', 'default'],
    ['delivered', 'default'],
    ['cancelled', 'destructive'],
    ['refunded', 'destructive'],
  ])('%s → %s', (status, variant) => {
    expect(statusBadgeVariant(status)).toBe(variant);
  });

  it('treats an unknown status as default', () => {
    expect(statusBadgeVariant('on_hold')).toBe('default');
  });

  it('maps the styles to Chakra badges', () => {
    expect(BADGE_PROPS.destructive.colorPalette).toBe('red');
    expect(BADGE_PROPS.secondary.variant).toBe('subtle');
    expect(BADGE_PROPS.default.variant).toBe('solid');
  });
});

describe('labels', () => {
  it('capitalises statuses for the selector', () => {
    expect(statusLabel('shipped')).toBe('Shipped');
  });

  it('names the customer from the shipping address', () => {
    const address = {
      first_name: ' Leïla ',
      last_name: 'Bouazizi',
      street_address: 'x',
      city: 'Tunis',
      postal_code: '1000',
      country: 'TN',
      phone: '+216 00 000 000',
      email: 'l@x.tn',
    };
    expect(customerName({ shipping_address: address })).toBe('Leïla Bouazizi');
    expect(customerName({ shipping_address: { ...address, first_name: '', last_name: '' } })).toBe(
      '-',
    );
  });
});
