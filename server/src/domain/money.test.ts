import { describe, expect, it } from 'vitest';
import { fromMillimes, toMillimes } from './money';

describe('toMillimes', () => {
  it.each([
    ['12.5', 12500],
    ['12', 12000],
    ['0.001', 1],
    ['0.000', 0],
    ['-0.5', -500],
    ['+3.25', 3250],
    ['1.2300', 1230], // trailing zeros lose nothing
    ['9007199254740.991', Number.MAX_SAFE_INTEGER],
  ])('%s -> %i', (input, expected) => {
    expect(toMillimes(input)).toBe(expected);
  });

  it('accepts JSON numbers that print exactly', () => {
    expect(toMillimes(12.345)).toBe(12345);
    expect(toMillimes(0.1)).toBe(100);
  });

  it.each([
    '12.3456',
    '0.0001',
    'abc',
    '',
    ' 1',
    '1,5',
    '1e3',
    '.5',
    '5.',
    'NaN',
    '9007199254740.992',
  ])('rejects %j', (input) => {
    expect(() => toMillimes(input)).toThrow(RangeError);
  });

  it('rejects floats that are not exact to 3 decimals', () => {
    expect(() => toMillimes(0.1 + 0.2)).toThrow(RangeError);
    expect(() => toMillimes(Number.NaN)).toThrow(RangeError);
    expect(() => toMillimes(Infinity)).toThrow(RangeError);
  });
});

describe('fromMillimes', () => {
  it.each([
    [12500, '12.500'],
    [0, '0.000'],
    [1, '0.001'],
    [-500, '-0.500'],
    [-12345, '-12.345'],
    [Number.MAX_SAFE_INTEGER, '9007199254740.991'],
  ])('%i -> %s', (input, expected) => {
    expect(fromMillimes(input)).toBe(expected);
  });

  it('rejects non-integers', () => {
    expect(() => fromMillimes(1.5)).toThrow(RangeError);
    expect(() => fromMillimes(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('round-trips', () => {
    for (const s of ['0.000', '1.001', '-7.250', '123456.789'])
      expect(fromMillimes(toMillimes(s))).toBe(s);
  });
});
