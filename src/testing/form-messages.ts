/**
 * The English messages the forms show (docs/product.md §5 and the settings screen), written out
 * once for every form test rather than read from the app's message files, so that a changed text
 * fails the tests (tests only; never imported by the app).
 */
export const REQUIRED_MESSAGE = 'Please fill in all required fields';
export const EMAIL_MESSAGE = 'Please enter a valid email address';

// Users.
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required for new users';
export const PASSWORD_LENGTH_MESSAGE = 'Password must be at least 8 characters';
export const USERNAME_FORMAT_MESSAGE =
  'Username must be 3 to 50 characters: letters, numbers, dots, hyphens or underscores';

// VAT rates.
export const RATE_RANGE_MESSAGE = 'Rate must be a number between 0 and 100';
export const RATE_DECIMALS_MESSAGE = 'Rate can have at most 2 decimals';
export const COUNTRY_MESSAGE = 'Country code must be 2 letters';
export const DATE_ORDER_MESSAGE = 'Effective To must not be before Effective From';

// Shop settings.
export const MATRICULE_MESSAGE = 'Invalid matricule fiscal (expected 1234567A/A/M/000)';
export const PREFIX_MESSAGE = 'Up to 10 capital letters, digits and hyphens';
export const PHONE_MESSAGE = 'Enter a phone number: digits, spaces, ( ) . - and an optional +';
export const MONEY_MESSAGE = 'Enter an amount in TND with up to 3 decimals';
export const LOGO_MESSAGE = 'The logo must be a PNG or JPEG image';
