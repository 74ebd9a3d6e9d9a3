import { object, string } from 'yup';
import {
  StampDutyOnCreditNotes,
  StampDutyScope,
  type AdminRole,
  type ShopSettings,
  type ShopSettingsUpdate,
} from '@generated/model';
import { mediaKeyFromUrl } from '@/components/media-uploader';
import { DEFAULT_TIME_ZONE } from '@/lib/format';
import { fieldIssues } from '@/lib/http';
import { t } from './messages';

/** The settings screen's fields, as typed ('' for a value not set). */
export interface SettingsFormValues {
  legal_name: string;
  address: string;
  matricule_fiscal: string;
  trade_register_number: string;
  phone: string;
  email: string;
  /** The logo's URL as the uploader shows it, '' for none (sent as its key). */
  logo_url: string;
  invoice_prefix: string;
  credit_note_prefix: string;
  stamp_duty: string;
  /** Which sales bear the stamp duty, and what credit notes do with it (#30). */
  stamp_duty_applies_to: StampDutyScope;
  stamp_duty_on_credit_notes: StampDutyOnCreditNotes;
  time_zone: string;
  /** "Require two-factor sign-in for": the roles ticked (none: the shop has not opted in). */
  two_factor_required_roles: AdminRole[];
}

export type SettingsField = keyof SettingsFormValues;
/** The fields chosen from the contract's values (#30). */
export type ChoiceField = 'stamp_duty_applies_to' | 'stamp_duty_on_credit_notes';
/** The fields typed as text. */
type TextField = Exclude<SettingsField, 'two_factor_required_roles' | ChoiceField>;
export type SettingsFieldErrors = Partial<Record<SettingsField, string>>;

/** The contract's maxLength of each field (ShopSettingsUpdate; the vitest compares them). */
export const SETTINGS_MAX_LENGTH = {
  legal_name: 200,
  address: 500,
  matricule_fiscal: 24,
  trade_register_number: 50,
  phone: 30,
  email: 254,
  logo_key: 128,
  invoice_prefix: 10,
  credit_note_prefix: 10,
  stamp_duty: 13,
  time_zone: 64,
} as const satisfies Record<
  // Not texts: the roles are a list, the order e-mails switches (Settings → Customer e-mails),
  // the stamp duty's rules choices (CHOICES).
  Exclude<keyof ShopSettingsUpdate, 'two_factor_required_roles' | 'order_emails' | ChoiceField>,
  number
>;
type BoundedField = Exclude<TextField, 'logo_url'>;

/** The contract's patterns (DocumentPrefix, the phone, Money, TimeZone). */
export const SETTINGS_PATTERNS = {
  prefix: /^[A-Z0-9-]{0,10}$/,
  phone: /^\+?[0-9 ().-]{6,30}$/,
  money: /^\d{1,9}(\.\d{1,3})?$/,
  timeZone: /^[A-Za-z0-9_+/-]{1,64}$/,
};

/**
 * A matricule fiscal as the server takes it: 7 digits, the check letter (not I, O or U), the
 * VAT code, the category and the establishment number, with or without slashes and spaces,
 * in any case.
 */
const MATRICULE_PATTERN = /^\d{7}\/?[A-HJ-NP-TV-Z]\/?[ABDNP]\/?[MCPNE]\/?\d{3}$/;

/** The identity an invoice needs: once saved it cannot be cleared (the contract refuses null). */
const INVOICE_IDENTITY = ['legal_name', 'address', 'matricule_fiscal'] as const;

export const isMatriculeFiscal = (value: string) =>
  MATRICULE_PATTERN.test(value.replace(/\s/g, '').toUpperCase());

type MessageKey = Parameters<typeof t>[0];

/** The label of each field, on the form, in its messages and in the change history. */
export const FIELD_LABEL_KEYS = {
  legal_name: 'legalName',
  address: 'address',
  matricule_fiscal: 'matriculeFiscal',
  trade_register_number: 'tradeRegisterNumber',
  phone: 'phone',
  email: 'email',
  logo_url: 'logo',
  logo_key: 'logo',
  invoice_prefix: 'invoicePrefix',
  credit_note_prefix: 'creditNotePrefix',
  stamp_duty: 'stampDuty',
  stamp_duty_applies_to: 'stampDutyAppliesTo',
  stamp_duty_on_credit_notes: 'stampDutyOnCreditNotes',
  time_zone: 'timeZone',
  two_factor_required_roles: 'twoFactorRoles',
} as const satisfies Record<SettingsField | 'logo_key', MessageKey>;

/** Each choice field's values, in the contract's order (docs/product.md §10.28). */
export const CHOICES = {
  stamp_duty_applies_to: Object.values(StampDutyScope),
  stamp_duty_on_credit_notes: Object.values(StampDutyOnCreditNotes),
} as const satisfies Record<ChoiceField, readonly string[]>;

/** The words of each choice's value, on the form and in the change history. */
const CHOICE_LABEL_KEYS = {
  every_invoice: 'stampDutyEveryInvoice',
  professional_buyers: 'stampDutyProfessionalBuyers',
  none: 'stampDutyNone',
  reversed: 'stampDutyReversed',
  kept: 'stampDutyKept',
} as const satisfies Record<StampDutyScope | StampDutyOnCreditNotes, MessageKey>;

export const isChoiceField = (field: string): field is ChoiceField => field in CHOICES;

/** A choice's value in words (a value the screen does not know is shown as stored). */
export const choiceLabel = (value: string) =>
  value in CHOICE_LABEL_KEYS
    ? t(CHOICE_LABEL_KEYS[value as keyof typeof CHOICE_LABEL_KEYS])
    : value;

/** The roles ticked when the shop first requires two-factor sign-in (the most powerful). */
export const DEFAULT_REQUIRED_ROLES: readonly AdminRole[] = ['super_admin', 'admin'];

export const fieldLabel = (field: SettingsField | 'logo_key') => t(FIELD_LABEL_KEYS[field]);

const max = (field: BoundedField) =>
  [
    SETTINGS_MAX_LENGTH[field],
    () => t('tooLong', { label: fieldLabel(field), max: SETTINGS_MAX_LENGTH[field] }),
  ] as const;

const message = (key: MessageKey) => () => t(key);

/** Required only when the stored settings have a value (`$stored` in the context). */
const requiredOnceSet = (field: (typeof INVOICE_IDENTITY)[number], required: MessageKey) =>
  string()
    .trim()
    .test('required-once-set', message(required), function (value) {
      const stored = (this.options.context as { stored?: ShopSettings } | undefined)?.stored;
      return Boolean(value) || !stored?.[field];
    });

export const settingsSchema = object({
  legal_name: requiredOnceSet('legal_name', 'legalNameRequired').max(...max('legal_name')),
  address: requiredOnceSet('address', 'addressRequired').max(...max('address')),
  matricule_fiscal: requiredOnceSet('matricule_fiscal', 'matriculeRequired')
    .max(...max('matricule_fiscal'))
    .test('matricule', message('matriculeInvalid'), (value) => !value || isMatriculeFiscal(value)),
  trade_register_number: string()
    .trim()
    .max(...max('trade_register_number')),
  phone: string()
    .trim()
    .max(...max('phone'))
    .matches(SETTINGS_PATTERNS.phone, {
      message: message('phoneInvalid'),
      excludeEmptyString: true,
    }),
  email: string()
    .trim()
    .email(message('emailInvalid'))
    .max(...max('email')),
  logo_url: string().test(
    'png-or-jpeg',
    message('logoInvalid'),
    (url) => !url || /\.(png|jpe?g)$/i.test(mediaKeyFromUrl(url) ?? ''),
  ),
  invoice_prefix: string()
    .max(...max('invoice_prefix'))
    .matches(SETTINGS_PATTERNS.prefix, message('prefixInvalid')),
  credit_note_prefix: string()
    .max(...max('credit_note_prefix'))
    .matches(SETTINGS_PATTERNS.prefix, message('prefixInvalid'))
    // docs/product.md: equal prefixes would give an invoice and a credit note the same number.
    .test('differs', message('prefixesMustDiffer'), function (value) {
      return value !== (this.parent as SettingsFormValues).invoice_prefix;
    }),
  stamp_duty: string()
    .trim()
    .required(message('stampDutyRequired'))
    .matches(SETTINGS_PATTERNS.money, message('moneyInvalid')),
  time_zone: string()
    .required(message('timeZoneRequired'))
    .matches(SETTINGS_PATTERNS.timeZone, message('timeZoneRequired')),
});

export function settingsToValues(settings: ShopSettings): SettingsFormValues {
  return {
    legal_name: settings.legal_name ?? '',
    address: settings.address ?? '',
    matricule_fiscal: settings.matricule_fiscal ?? '',
    trade_register_number: settings.trade_register_number ?? '',
    phone: settings.phone ?? '',
    email: settings.email ?? '',
    logo_url: settings.logo_key ? (settings.logo_url ?? '') : '',
    invoice_prefix: settings.invoice_prefix,
    credit_note_prefix: settings.credit_note_prefix,
    stamp_duty: settings.stamp_duty,
    stamp_duty_applies_to: settings.stamp_duty_applies_to,
    stamp_duty_on_credit_notes: settings.stamp_duty_on_credit_notes,
    time_zone: settings.time_zone || DEFAULT_TIME_ZONE,
    two_factor_required_roles: [...settings.two_factor_required_roles],
  };
}

/** Whether two lists of roles hold the same roles, whatever their order. */
const sameRoles = (a: readonly AdminRole[], b: readonly AdminRole[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/** The fields the contract lets be cleared (null). */
const NULLABLE = new Set<SettingsField>(['trade_register_number', 'phone', 'email', 'logo_url']);

/** What a field's typed value is sent as: trimmed, null for a clearable field left empty. */
function bodyValue(field: TextField, value: string): string | null {
  const typed = field === 'logo_url' ? (mediaKeyFromUrl(value) ?? '') : value;
  const text = field === 'address' ? typed.trim().replace(/\r\n?/g, '\n') : typed.trim();
  return text === '' && NULLABLE.has(field) ? null : text;
}

/**
 * The PATCH body: the fields whose value differs from the stored one, and only those (the
 * server records each as a change). The identity an invoice needs is never sent empty.
 */
export function changedSettings(
  stored: ShopSettings,
  values: SettingsFormValues,
): ShopSettingsUpdate {
  const before = settingsToValues(stored);
  const body: Record<string, string | null | AdminRole[]> = {};
  for (const field of Object.keys(before) as SettingsField[]) {
    if (field === 'two_factor_required_roles') continue;
    if (isChoiceField(field)) {
      if (values[field] !== before[field]) body[field] = values[field];
      continue;
    }
    const next = bodyValue(field, values[field]);
    if (next === bodyValue(field, before[field])) continue;
    // Not set yet and left empty: nothing to send (the contract refuses an empty identity).
    if (next === '' && (INVOICE_IDENTITY as readonly string[]).includes(field)) continue;
    body[field === 'logo_url' ? 'logo_key' : field] = next;
  }
  const roles = values.two_factor_required_roles;
  if (!sameRoles(roles, before.two_factor_required_roles)) body.two_factor_required_roles = roles;
  return body;
}

/** The messages of a refused save, by the field they belong to. */
export function settingsFieldErrors(error: unknown): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {};
  for (const [field, message] of fieldIssues(error))
    if (field === 'logo_key') errors.logo_url = message;
    else if (
      field in SETTINGS_MAX_LENGTH ||
      field === 'two_factor_required_roles' ||
      isChoiceField(field)
    )
      errors[field as SettingsField] = message;
  return errors;
}

/** The shop's possible time zones (the browser's list; the stored one is always offered). */
export function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) || !current ? zones : [current, ...zones];
}
