import { expect, it } from 'vitest';
import { slugify } from './slug';

it.each([
  ['Summer T-Shirt', 'summer-t-shirt'],
  ['  Été 2024 -- Promo!! ', 'ete-2024-promo'],
  ['Crème brûlée & Co.', 'creme-brulee-co'],
  ['---', ''],
  ['', ''],
  ['ABC___def   ghi', 'abc-def-ghi'],
  ['100% Cotton (Organic)', '100-cotton-organic'],
  ['Ünïcödé', 'unicode'],
])('slugify(%j) = %j', (name, slug) => {
  expect(slugify(name)).toBe(slug);
});
