import { describe, expect, it } from 'vitest';
import { englishNoun } from '@/components/list-screen/english-noun';
import {
  bulkSummary,
  EMPTY_BULK_VALUES,
  toBulkAction,
  validateBulkValues,
  type BulkEditValues,
} from './actions';

const values = (more: Partial<BulkEditValues>) => ({ ...EMPTY_BULK_VALUES, ...more });

describe('bulk edit actions', () => {
  it('builds the body of each action', () => {
    expect(toBulkAction('set_price', values({ price: ' 12.5 ' }))).toEqual({
      type: 'set_price',
      price: '12.5',
    });
    expect(toBulkAction('shift_price', values({ unit: 'percent', value: '-10' }))).toEqual({
      type: 'shift_price',
      unit: 'percent',
      value: '-10',
    });
    expect(toBulkAction('adjust_stock', values({ delta: '-3', reason: ' Damaged ' }))).toEqual({
      type: 'adjust_stock',
      delta: -3,
      reason: 'Damaged',
    });
    expect(toBulkAction('set_vat_rate', values({ vat_rate_id: 'inherit' }))).toEqual({
      type: 'set_vat_rate',
      vat_rate_id: null,
    });
    expect(toBulkAction('set_status', values({ is_active: 'false' }))).toEqual({
      type: 'set_status',
      is_active: false,
    });
  });

  it('names each invalid field of the action', () => {
    expect(validateBulkValues('set_price', values({ price: '1.2345' }))).toEqual({
      price: 'Enter an amount in TND with up to 3 decimals',
    });
    expect(validateBulkValues('shift_price', values({ unit: 'percent', value: '1001' }))).toEqual({
      value: 'Enter a percentage from -100 to 1000 with up to 2 decimals',
    });
    expect(validateBulkValues('shift_price', values({ unit: 'amount', value: '-1.5' }))).toEqual(
      {},
    );
    expect(validateBulkValues('adjust_stock', values({ delta: '0' }))).toEqual({
      delta: 'Adjustment cannot be 0',
      reason: 'Reason is required',
    });
    expect(validateBulkValues('set_category', values({}))).toEqual({
      category_id: 'Choose a category',
    });
  });

  it('sums up the outcome', () => {
    expect(bulkSummary({ changed: 12, unchanged: 0 }, englishNoun('product', 'products'))).toBe(
      '12 products updated',
    );
    expect(bulkSummary({ changed: 1, unchanged: 2 }, englishNoun('variant', 'variants'))).toBe(
      '1 variant updated, 2 unchanged',
    );
  });
});
