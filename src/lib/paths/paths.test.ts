import { describe, expect, it } from 'vitest';
import { paths } from '.';

describe('paths.orders.forEmail', () => {
  it('keeps @ readable and encodes what the query would misread', () => {
    expect(paths.orders.forEmail('leila@example.tn')).toBe('/admin/orders?email=leila@example.tn');
    expect(paths.orders.forEmail('a+b&c@x.tn')).toBe('/admin/orders?email=a%2Bb%26c@x.tn');
    const back = new URLSearchParams(paths.orders.forEmail('a+b&c@x.tn').split('?')[1]);
    expect(back.get('email')).toBe('a+b&c@x.tn');
  });
});
