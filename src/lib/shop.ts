import type { CountryCode } from '@generated/model';

/**
 * The shop's country (docs/product.md §1, §9): its default VAT rate prices a new product, and a
 * new VAT rate is for it unless changed. The server's `shopCountry` and the contract's default
 * `country_code` say the same.
 */
export const SHOP_COUNTRY: CountryCode = 'TN';
