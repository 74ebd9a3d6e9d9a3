import { describe, expect, it } from 'vitest';
import { customerTypeBadge } from './customer-display';

describe('customerTypeBadge', () => {
  it('shows professional customers as default badges, others secondary (docs/product.md §2)', () => {
    expect(customerTypeBadge('professional')).toBe('default');
    expect(customerTypeBadge('individual')).toBe('secondary');
  });
});
