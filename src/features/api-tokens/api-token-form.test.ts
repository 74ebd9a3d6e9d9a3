import { afterEach, describe, expect, it } from 'vitest';
import { setShopTimeZone } from '@/lib/format';
import {
  emptyApiTokenValues,
  toApiTokenCreate,
  validateApiToken,
  type ApiTokenFormValues,
} from './api-token-form';

const TODAY = '2026-11-30';
const valid: ApiTokenFormValues = {
  name: ' ERP sync ',
  scopes: ['catalogue:read', 'orders:read'],
  expires_on: '',
};

describe('validateApiToken (the contract: name 1–100, at least one scope, expiry ahead)', () => {
  it('accepts a name, a scope and no expiry, or an expiry from today on', () => {
    expect(validateApiToken(valid, TODAY)).toEqual({ errors: {}, summary: null });
    expect(validateApiToken({ ...valid, expires_on: TODAY }, TODAY).summary).toBeNull();
    expect(validateApiToken({ ...valid, expires_on: '2027-01-31' }, TODAY).summary).toBeNull();
  });

  it('asks for a name and a scope', () => {
    expect(validateApiToken(emptyApiTokenValues, TODAY)).toEqual({
      errors: { name: 'Name is required', scopes: 'Choose at least one scope' },
      summary: 'Please fill in all required fields',
    });
    expect(validateApiToken({ ...valid, name: '   ' }, TODAY).errors).toEqual({
      name: 'Name is required',
    });
  });

  it('bounds the name at 100 characters, spaces around it aside', () => {
    expect(validateApiToken({ ...valid, name: 'x'.repeat(100) }, TODAY).summary).toBeNull();
    expect(validateApiToken({ ...valid, name: ` ${'x'.repeat(100)} ` }, TODAY).summary).toBeNull();
    expect(validateApiToken({ ...valid, name: 'x'.repeat(101) }, TODAY)).toEqual({
      errors: { name: 'Name must be at most 100 characters' },
      summary: 'Name must be at most 100 characters',
    });
  });

  it('refuses an expiry day before today', () => {
    expect(validateApiToken({ ...valid, expires_on: '2026-11-29' }, TODAY)).toEqual({
      errors: { expires_on: 'The expiry day cannot be before today' },
      summary: 'The expiry day cannot be before today',
    });
  });
});

describe('toApiTokenCreate', () => {
  afterEach(() => setShopTimeZone('Africa/Tunis'));

  it('sends the trimmed name, the scopes and no expiry', () => {
    expect(toApiTokenCreate(valid)).toEqual({
      name: 'ERP sync',
      scopes: ['catalogue:read', 'orders:read'],
      expires_at: null,
    });
  });

  it("sends an expiry day as its last millisecond in the shop's time zone", () => {
    setShopTimeZone('Africa/Tunis');
    expect(toApiTokenCreate({ ...valid, expires_on: '2026-12-31' }).expires_at).toBe(
      '2026-12-31T22:59:59.999Z',
    );
    setShopTimeZone('America/New_York');
    expect(toApiTokenCreate({ ...valid, expires_on: '2026-12-31' }).expires_at).toBe(
      '2027-01-01T04:59:59.999Z',
    );
  });
});
