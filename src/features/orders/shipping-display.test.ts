import { describe, expect, it } from 'vitest';
import { shippingMethods } from '@mocks/fixtures/shipping';
import {
  governorateName,
  governorateOptions,
  methodName,
  shippingMethodChoices,
} from './shipping-display';

describe('governorateName', () => {
  it('names a governorate in French for English and French, in Arabic for Arabic', () => {
    expect(governorateName('TN-61', 'en')).toBe('Sfax');
    expect(governorateName('TN-33', 'fr')).toBe('Le Kef');
    expect(governorateName('TN-73', 'en')).toBe('Kébili');
    expect(governorateName('TN-61', 'ar')).toBe('صفاقس');
  });

  it('gives nothing for none, and the code of one it does not know', () => {
    expect(governorateName(null, 'en')).toBeNull();
    expect(governorateName(undefined, 'ar')).toBeNull();
    expect(governorateName('', 'fr')).toBeNull();
    expect(governorateName('TN-99', 'fr')).toBe('TN-99');
  });

  it('offers the 24 governorates in ISO order, named in the language', () => {
    const fr = governorateOptions('fr');
    expect(fr).toHaveLength(24);
    expect(fr[0]).toEqual({ value: 'TN-11', label: 'Tunis' });
    expect(fr.at(-1)).toEqual({ value: 'TN-83', label: 'Tataouine' });
    expect(governorateOptions('ar')[1]).toEqual({ value: 'TN-12', label: 'أريانة' });
  });
});

describe('shippingMethodChoices', () => {
  it('lists every method by position then id, named in the language, its id as the value', () => {
    const shuffled = [...shippingMethods].reverse();
    expect(shippingMethodChoices(shuffled, 'fr')).toEqual([
      { value: '1', label: 'Coursier Grand Tunis' },
      { value: '2', label: 'Coursier' },
      { value: '3', label: 'Rapid-Poste' },
      { value: '4', label: 'Express Europe' },
    ]);
    const tied = [
      { id: 9, name: { en: 'B', fr: 'B', ar: 'ب' }, position: 0 },
      { id: 5, name: { en: 'A', fr: 'A', ar: 'أ' }, position: 0 },
    ];
    expect(shippingMethodChoices(tied, 'ar').map((c) => c.value)).toEqual(['5', '9']);
  });

  it("names a method in the language's own name", () => {
    const name = { en: 'Courier', fr: 'Coursier', ar: 'ساعي' };
    expect([methodName(name, 'en'), methodName(name, 'fr'), methodName(name, 'ar')]).toEqual([
      'Courier',
      'Coursier',
      'ساعي',
    ]);
  });
});
