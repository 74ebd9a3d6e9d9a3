import { describe, expect, it } from 'vitest';
import { customerOrdersHref } from './customer-display';

describe('customerOrdersHref', () => {
  it('keeps @ readable and encodes what the query would misread', () => {
    expect(customerOrdersHref('leila@example.tn')).toBe('/admin/orders?email=leila@example.tn');
    expect(customerOrdersHref('a+b&c@x.tn')).toBe('/admin/orders?email=a%2Bb%26c@x.tn');
    const back = new URLSearchParams(customerOrdersHref('a+b&c@x.tn').split('?')[1]);
    expect(back.get('email')).toBe('a+b&c@x.tn');
  });
});
