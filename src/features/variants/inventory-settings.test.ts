import { describe, expect, it } from 'vitest';
import { variants } from '@mocks/fixtures';
import {
  awaitsValue,
  emptyInventoryValues,
  fillEmptyIntegers,
  inventoryChanges,
  inventoryValuesOf,
  toSimpleInventory,
} from './inventory-settings';

const oil = variants.find((v) => v.id === 8)!;

describe('toSimpleInventory', () => {
  it('parses integers (non-numeric → 0) and sends blank text as null', () => {
    expect(
      toSimpleInventory({
        ...emptyInventoryValues(),
        sku: '  ',
        stock_quantity: 'x',
        low_stock_threshold: '7',
        weight: '1.25',
      }),
    ).toEqual({
      sku: null,
      barcode: null,
      stock_quantity: 0,
      low_stock_threshold: 7,
      track_inventory: true,
      allow_backorder: false,
      weight: 1.25,
    });
  });

  it('defaults to stock 0 and threshold 5', () => {
    expect(toSimpleInventory(emptyInventoryValues())).toMatchObject({
      stock_quantity: 0,
      low_stock_threshold: 5,
    });
  });
});

describe('inventoryChanges', () => {
  const saved = inventoryValuesOf(oil);

  it('is empty when nothing changed', () => {
    expect(inventoryChanges(saved, { ...saved })).toEqual({ inventory: null, details: null });
  });

  it('sends changed stock settings to the inventory call only', () => {
    expect(
      inventoryChanges(saved, { ...saved, stock_quantity: '150', allow_backorder: true }),
    ).toEqual({ inventory: { stock_quantity: 150, allow_backorder: true }, details: null });
  });

  it('sends SKU, barcode and weight to the variant call, cleared ones as null', () => {
    expect(
      inventoryChanges(saved, { ...saved, sku: ' HUILE-1L-B ', barcode: '', weight: '' }),
    ).toEqual({ inventory: null, details: { sku: 'HUILE-1L-B', barcode: null, weight: null } });
  });

  it('never sends a blank SKU', () => {
    expect(inventoryChanges(saved, { ...saved, sku: ' ' })).toEqual({
      inventory: null,
      details: null,
    });
  });
});

describe('empty integer fields', () => {
  const values = inventoryValuesOf(oil);

  it('wait for a value while the stock or the threshold is empty (blank counts as empty)', () => {
    expect(awaitsValue(values)).toBe(false);
    expect(awaitsValue({ ...values, stock_quantity: '' })).toBe(true);
    expect(awaitsValue({ ...values, low_stock_threshold: '  ' })).toBe(true);
    expect(awaitsValue({ ...values, weight: '', barcode: '' })).toBe(false);
  });

  it('become 0 when left; other fields and filled ones are kept', () => {
    expect(fillEmptyIntegers({ ...values, stock_quantity: '', weight: '' })).toEqual({
      ...values,
      stock_quantity: '0',
      weight: '',
    });
    expect(fillEmptyIntegers({ ...values, low_stock_threshold: ' ' })).toEqual({
      ...values,
      low_stock_threshold: '0',
    });
    expect(fillEmptyIntegers(values)).toBe(values);
  });
});
