import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects, type TestDatabase } from '../../../test-support/databases';
import { formatOrderNumber, nextOrderNumber, orderDay } from './order-numbers';

describe('order number format', () => {
  it('uses the UTC day', () => {
    expect(orderDay(new Date('2026-03-07T23:59:59.999Z'))).toBe('20260307');
    expect(orderDay(new Date('2026-03-08T00:30:00+01:00'))).toBe('20260307');
  });

  it('pads the sequence to 4 digits and grows beyond', () => {
    expect(formatOrderNumber('20260307', 1)).toBe('ORD-20260307-0001');
    expect(formatOrderNumber('20260307', 9999)).toBe('ORD-20260307-9999');
    expect(formatOrderNumber('20260307', 10000)).toBe('ORD-20260307-10000');
    expect(() => formatOrderNumber('20260307', 0)).toThrow(RangeError);
    expect(() => formatOrderNumber('20260307', 1_000_000)).toThrow(RangeError);
    expect(() => formatOrderNumber('2026-03-07', 1)).toThrow(RangeError);
  });
});

describe.each(testDialects)('nextOrderNumber (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const next = (at: string) =>
    database.db.transaction().execute((trx) => nextOrderNumber(trx, new Date(at)));

  it('counts per day, and a rolled-back transaction gives its number back', async () => {
    expect(await next('2026-01-01T08:00:00Z')).toBe('ORD-20260101-0001');
    expect(await next('2026-01-01T23:00:00Z')).toBe('ORD-20260101-0002');
    expect(await next('2026-01-02T00:00:00Z')).toBe('ORD-20260102-0001');
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(await nextOrderNumber(trx, new Date('2026-01-01T12:00:00Z'))).toBe(
          'ORD-20260101-0003',
        );
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await next('2026-01-01T12:00:00Z')).toBe('ORD-20260101-0003');
  });

  it('never hands out a number twice under concurrency', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 30 }, () => next('2026-02-01T10:00:00Z')),
    );
    expect(new Set(numbers).size).toBe(30);
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => formatOrderNumber('20260201', i + 1)),
    );
  });
});
