// The products list's count (the list kit's countText with the products' noun), in each
// language: exact, filtered, and capped — the server stops counting a search at 1,000 matches
// (X-Total-Count-Capped), which reads "More than 1,000 products", not "1,000 of …".
import { afterEach, describe, expect, it } from 'vitest';
import { countText } from '@/components/list-screen';
import { activateLocale } from '@/lib/i18n';
import { noun } from './messages';

afterEach(() => activateLocale('en', { remember: false }));

/** The texts of the whole list, a search of it, and a search whose count was capped. */
const texts = () =>
  [
    countText({ noun, shown: 2_345, all: 2_345, filtered: false }),
    countText({ noun, shown: 1_000, all: 2_345, filtered: true }),
    countText({ noun, shown: 1_000, all: 2_345, filtered: true, capped: false }),
    countText({ noun, shown: 1_000, all: 2_345, filtered: true, capped: true }),
  ].map((text) => text.replace(/\s/g, ' '));

describe("the products list's count", () => {
  it('in English', () => {
    expect(texts()).toEqual([
      '2,345 products',
      '1,000 of 2,345 products',
      '1,000 of 2,345 products',
      'More than 1,000 products',
    ]);
  });

  it('in French', async () => {
    await activateLocale('fr', { remember: false });
    expect(texts()).toEqual([
      '2 345 produits',
      '1 000 sur 2 345 produits',
      '1 000 sur 2 345 produits',
      'Plus de 1 000 produits',
    ]);
  });

  it('in Arabic', async () => {
    await activateLocale('ar', { remember: false });
    expect(texts()).toEqual([
      // 2,345 takes the "many" form (…11 to …99), 1,000 the "other".
      '2.345 منتجًا',
      '1.000 من 2.345 منتجًا',
      '1.000 من 2.345 منتجًا',
      'أكثر من 1.000 منتج',
    ]);
  });
});
