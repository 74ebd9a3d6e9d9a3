import { describe, expect, it } from 'vitest';
import document from '@generated/openapi.json';
import type { ShopSettings } from '@generated/model';
import { ApiError } from '@/lib/http';
import { newShopSettings, shopSettings } from '@mocks/fixtures/settings';
import { validationSummary } from '@/components/form';
import {
  changedSettings,
  CHOICES,
  choiceLabel,
  isMatriculeFiscal,
  SETTINGS_MAX_LENGTH,
  SETTINGS_PATTERNS,
  settingsFieldErrors,
  settingsSchema,
  settingsToValues,
  timeZoneOptions,
  type SettingsFormValues,
} from './settings-form';
import {
  EMAIL_MESSAGE,
  LOGO_MESSAGE,
  MATRICULE_MESSAGE,
  MONEY_MESSAGE,
  PHONE_MESSAGE,
  PREFIX_MESSAGE,
} from '@/testing/form-messages';

/** A JSON schema as far as these bounds go. */
interface Bounds {
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  $ref?: string;
  oneOf?: Bounds[];
}

const schemas = (document as unknown as { components: { schemas: Record<string, Bounds> } })
  .components.schemas;
const updateProperties = (
  schemas.ShopSettingsUpdate as unknown as { properties: Record<string, Bounds> }
).properties;

/** The property's schema with its $ref (or its non-null oneOf branch) followed. */
function bounds(property: Bounds): Bounds {
  const branch = property.oneOf?.find((one) => one.$ref || one.maxLength !== undefined);
  const target = branch ?? property;
  return target.$ref ? schemas[target.$ref.split('/').pop()!]! : target;
}

const validate = (values: SettingsFormValues, stored = shopSettings) =>
  validationSummary(settingsSchema, values, { requiredSummary: 'required', context: { stored } });

const filled = settingsToValues(shopSettings);

describe('bounds equal to the contract (generated/openapi.json)', () => {
  it('has every text field of ShopSettingsUpdate, with its maxLength', () => {
    // The one list (the roles that require two-factor sign-in) is ticked, never typed; the
    // order e-mails' switches are switched (Settings → Customer e-mails); the stamp duty's rules
    // are chosen from their values (CHOICES).
    const notTyped = [
      'two_factor_required_roles',
      'order_emails',
      'stamp_duty_applies_to',
      'stamp_duty_on_credit_notes',
    ];
    const textProperties = Object.fromEntries(
      Object.entries(updateProperties).filter(([field]) => !notTyped.includes(field)),
    );
    expect(Object.keys(SETTINGS_MAX_LENGTH).sort()).toEqual(Object.keys(textProperties).sort());
    for (const [field, property] of Object.entries(textProperties))
      expect([field, SETTINGS_MAX_LENGTH[field as keyof typeof SETTINGS_MAX_LENGTH]]).toEqual([
        field,
        bounds(property).maxLength,
      ]);
  });

  it('uses the contract patterns of the prefixes, the phone, money and time zone', () => {
    expect(SETTINGS_PATTERNS.prefix.source).toBe(bounds(updateProperties.invoice_prefix!).pattern);
    expect(SETTINGS_PATTERNS.prefix.source).toBe(
      bounds(updateProperties.credit_note_prefix!).pattern,
    );
    expect(SETTINGS_PATTERNS.phone.source).toBe(updateProperties.phone!.pattern);
    expect(SETTINGS_PATTERNS.money.source).toBe(bounds(updateProperties.stamp_duty!).pattern);
    expect(SETTINGS_PATTERNS.timeZone.source).toBe(bounds(updateProperties.time_zone!).pattern);
  });

  it('accepts matricules within the contract lengths only', () => {
    const { minLength, maxLength } = schemas.MatriculeFiscal!;
    for (const value of ['1234567A/A/M/000', '1234567AAM000', '1234567 a / a / m / 000'])
      expect(value.length >= minLength! && value.length <= maxLength!).toBe(true);
  });
});

describe('validation', () => {
  it('accepts the stored settings and the defaults of a new shop', () => {
    expect(validate(filled)).toEqual({ errors: {}, summary: null });
    expect(validate(settingsToValues(newShopSettings), newShopSettings)).toEqual({
      errors: {},
      summary: null,
    });
  });

  it('reads a matricule fiscal with or without slashes and spaces, in any case', () => {
    for (const value of [
      '1234567A/A/M/000',
      '1234567AAM000',
      '1234567/a/a/m/000',
      '1234567 A A M 000',
    ])
      expect([value, isMatriculeFiscal(value)]).toEqual([value, true]);
    for (const value of ['1234567A', '123456A/A/M/000', '1234567I/A/M/000', '1234567A/X/M/000'])
      expect([value, isMatriculeFiscal(value)]).toEqual([value, false]);
    expect(validate({ ...filled, matricule_fiscal: '12345' }).errors).toEqual({
      matricule_fiscal: MATRICULE_MESSAGE,
    });
  });

  it('checks the prefixes, phone, e-mail and stamp duty', () => {
    expect(
      validate({
        ...filled,
        invoice_prefix: 'inv-',
        credit_note_prefix: 'CREDIT-NOTE-',
        phone: '71 abc',
        email: 'contact@',
        stamp_duty: '1.0005',
      }).errors,
    ).toEqual({
      invoice_prefix: PREFIX_MESSAGE,
      credit_note_prefix: 'Credit note prefix must be at most 10 characters',
      phone: PHONE_MESSAGE,
      email: EMAIL_MESSAGE,
      stamp_duty: MONEY_MESSAGE,
    });
    expect(validate({ ...filled, invoice_prefix: '', stamp_duty: '0' }).summary).toBe(null);
  });

  it('stops at the contract lengths', () => {
    expect(validate({ ...filled, legal_name: 'x'.repeat(201) }).errors).toEqual({
      legal_name: 'Legal name must be at most 200 characters',
    });
    expect(validate({ ...filled, address: 'x'.repeat(500) }).summary).toBe(null);
  });

  it('keeps the identity an invoice needs once it is set, not before', () => {
    const cleared = { ...filled, legal_name: ' ', address: '', matricule_fiscal: '' };
    expect(validate(cleared).errors).toEqual({
      legal_name: 'Legal name is required',
      address: 'Address is required',
      matricule_fiscal: 'Matricule fiscal is required',
    });
    expect(validate(cleared, newShopSettings).summary).toBe(null);
  });
});

describe('the PATCH body', () => {
  it('sends only the changed fields, trimmed', () => {
    expect(changedSettings(shopSettings, filled)).toEqual({});
    expect(
      changedSettings(shopSettings, {
        ...filled,
        legal_name: ' Dar El Jeld SA ',
        stamp_duty: '1.500',
        address: '5 Rue Dar El Jeld\r\n1006 Tunis\r\nTunisie',
      }),
    ).toEqual({ legal_name: 'Dar El Jeld SA', stamp_duty: '1.500' });
  });

  it('offers each stamp duty rule the contract allows, in its order', () => {
    const enumOf = (schema: string) => (schemas[schema] as { enum?: string[] }).enum;
    expect([...CHOICES.stamp_duty_applies_to]).toEqual(enumOf('StampDutyScope'));
    expect([...CHOICES.stamp_duty_on_credit_notes]).toEqual(enumOf('StampDutyOnCreditNotes'));
    expect(CHOICES.stamp_duty_applies_to.map((v) => choiceLabel(v))).toEqual([
      'Every order shipped to Tunisia',
      'Only professional buyers in Tunisia',
      'None',
    ]);
  });

  it('sends a stamp duty rule only when another value was chosen', () => {
    const filled = settingsToValues(shopSettings);
    expect(filled).toMatchObject({
      stamp_duty_applies_to: 'every_invoice',
      stamp_duty_on_credit_notes: 'reversed',
    });
    expect(changedSettings(shopSettings, { ...filled, stamp_duty_applies_to: 'none' })).toEqual({
      stamp_duty_applies_to: 'none',
    });
    expect(
      changedSettings(shopSettings, { ...filled, stamp_duty_on_credit_notes: 'kept' }),
    ).toEqual({ stamp_duty_on_credit_notes: 'kept' });
  });

  it('sends the required roles when the set changed, whatever the order they were ticked in', () => {
    const requiring: ShopSettings = {
      ...shopSettings,
      two_factor_required_roles: ['super_admin', 'admin'],
    };
    const values = settingsToValues(requiring);
    expect(
      changedSettings(requiring, {
        ...values,
        two_factor_required_roles: ['admin', 'super_admin'],
      }),
    ).toEqual({});
    expect(changedSettings(requiring, { ...values, two_factor_required_roles: ['admin'] })).toEqual(
      { two_factor_required_roles: ['admin'] },
    );
    expect(changedSettings(requiring, { ...values, two_factor_required_roles: [] })).toEqual({
      two_factor_required_roles: [],
    });
    expect(
      changedSettings(shopSettings, {
        ...filled,
        two_factor_required_roles: ['super_admin', 'admin'],
      }),
    ).toEqual({ two_factor_required_roles: ['super_admin', 'admin'] });
  });

  it('clears the optional fields with null, and never sends an empty identity', () => {
    expect(
      changedSettings(shopSettings, { ...filled, phone: ' ', email: '', logo_url: '' }),
    ).toEqual({ phone: null, email: null, logo_key: null });
    expect(changedSettings(newShopSettings, settingsToValues(newShopSettings))).toEqual({});
    expect(
      changedSettings(newShopSettings, {
        ...settingsToValues(newShopSettings),
        time_zone: 'Europe/Paris',
        invoice_prefix: '',
      }),
    ).toEqual({ time_zone: 'Europe/Paris', invoice_prefix: '' });
  });
});

describe('the logo', () => {
  it('takes a PNG or JPEG upload only, and is sent as its key', () => {
    expect(validate({ ...filled, logo_url: '/api/v1/media/logo.gif' }).errors).toEqual({
      logo_url: LOGO_MESSAGE,
    });
    expect(validate({ ...filled, logo_url: '/api/v1/media/new-logo.JPG' }).summary).toBe(null);
    expect(
      changedSettings(shopSettings, { ...filled, logo_url: '/api/v1/media/new-logo.jpg' }),
    ).toEqual({
      logo_key: 'new-logo.jpg',
    });
  });

  it('shows a refused logo key on the logo', () => {
    const error = new ApiError(422, 'x', 'http', [
      { loc: ['body', 'logo_key'], msg: 'Not an image', type: 'value_error' },
    ]);
    expect(settingsFieldErrors(error)).toEqual({ logo_url: 'Not an image' });
  });
});

describe('settingsFieldErrors', () => {
  it('puts a 422 issue on its field and ignores the others', () => {
    const error = new ApiError(422, 'x', 'http', [
      { loc: ['body', 'matricule_fiscal'], msg: MATRICULE_MESSAGE, type: 'value_error' },
      { loc: ['body', 'colour'], msg: 'Extra', type: 'value_error' },
    ]);
    expect(settingsFieldErrors(error)).toEqual({ matricule_fiscal: MATRICULE_MESSAGE });
  });
});

describe('timeZoneOptions', () => {
  it('offers the browser zones with Africa/Tunis, and keeps an unknown stored one', () => {
    expect(timeZoneOptions('Africa/Tunis')).toContain('Africa/Tunis');
    expect(timeZoneOptions('Mars/Olympus')[0]).toBe('Mars/Olympus');
  });
});
