// A price as the staff enter it in the catalogue, the input of the money properties: an amount
// in millimes and whether it includes VAT (products.price_includes_vat), either way at random.
import fc from 'fast-check';

/** Fields for fc.record: `price` in millimes from 1 to `max`, `includesVat` true or false. */
export const enteredPrice = (max: number) => ({
  price: fc.integer({ min: 1, max }),
  includesVat: fc.boolean(),
});
