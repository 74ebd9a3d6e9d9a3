import { Alert, Button, Checkbox, Fieldset, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import type { AdminRole, ShopSettings, ShopSettingsChange } from '@generated/model';
import {
  FormSection,
  MoneyField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  validationSummary,
} from '@/components/form';
import { LoadErrorState, LoadingState } from '@/components/list-screen';
import { PageHeader } from '@/components/layout/PageHeader';
import { MediaUploader } from '@/components/media-uploader';
import { mediaApi } from '@/features/media';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes';
import { roleOptions } from '@/features/users';
import { formatDateTime } from '@/lib/format';
import { missingFieldsInWords } from './invoice-fields';
import { EMAILS_OFF_FIELD, emailsOffLabel, emailsOffValue } from './emails';
import { useT } from './messages';
import {
  CHOICES,
  choiceLabel,
  isChoiceField,
  type ChoiceField,
  DEFAULT_REQUIRED_ROLES,
  FIELD_LABEL_KEYS,
  fieldLabel,
  SETTINGS_MAX_LENGTH,
  settingsSchema,
  settingsToValues,
  timeZoneOptions,
  type SettingsField,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from './settings-form';

/** The change history as the screen shows it; null for roles that may not read it. */
interface SettingsChangesState {
  /** Newest first; undefined while loading. */
  rows: readonly ShopSettingsChange[] | undefined;
  failed: boolean;
}

/**
 * What the server takes as a logo (services/billing/document-logos.ts): the PDF library draws PNG and
 * JPEG only, and the bytes are kept in the database, 2 MB at most. Refused before the upload.
 */
const LOGO_LIMITS = { extensions: ['.png', '.jpg', '.jpeg'], maxFileSize: 2 * 1024 * 1024 };

export interface SettingsViewProps {
  /** Undefined while loading. */
  settings: ShopSettings | undefined;
  /** Why the settings could not be loaded, else null. */
  loadError: string | null;
  onRetry: () => void;
  /** The signed-in admin may change the settings (settings:write). */
  canEdit: boolean;
  /** Resolves when the save is over; may return field errors of a refused save. */
  onSave: (values: SettingsFormValues) => Promise<SettingsFieldErrors | void>;
  changes: SettingsChangesState | null;
}

/**
 * The shop settings screen (/admin/settings): the seller's identity printed on invoices, the
 * document numbering and stamp duty, the shop's time zone, then the recent changes.
 */
export function SettingsView({
  settings,
  loadError,
  onRetry,
  canEdit,
  onSave,
  changes,
}: SettingsViewProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')} />
      {loadError ? (
        <LoadErrorState title={t('loadFailed')} message={loadError} onRetry={onRetry} />
      ) : !settings ? (
        <LoadingState text={t('loading')} />
      ) : (
        <Stack gap="6">
          {!canEdit && (
            <Alert.Root status="info" data-testid="settings-read-only">
              <Alert.Indicator />
              <Alert.Title>{t('readOnly')}</Alert.Title>
            </Alert.Root>
          )}
          {settings.missing_for_invoices.length > 0 && (
            <Alert.Root status="warning" data-testid="invoice-fields-missing">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('invoicesBlocked')}</Alert.Title>
                <Alert.Description>
                  {t('invoiceFieldsMissing', {
                    fields: missingFieldsInWords(settings.missing_for_invoices),
                  })}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {/* A save gives new stored values: the form starts again from them. */}
          <SettingsForm
            key={settings.updated_at ?? 'new'}
            settings={settings}
            canEdit={canEdit}
            onSave={onSave}
          />
          {changes && <RecentChanges {...changes} />}
        </Stack>
      )}
    </>
  );
}

type LabelledField = keyof typeof FIELD_LABEL_KEYS;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function SettingsForm({
  settings,
  canEdit,
  onSave,
}: {
  settings: ShopSettings;
  canEdit: boolean;
  onSave: SettingsViewProps['onSave'];
}) {
  const t = useT();
  const form = useFormik<SettingsFormValues>({
    initialValues: settingsToValues(settings),
    // The identity an invoice needs is required once stored: the schema reads the stored values.
    validate: (values) =>
      validationSummary(settingsSchema, values, { context: { stored: settings } }).errors,
    onSubmit: async (values, helpers) => {
      const fieldErrors = await onSave(values);
      if (fieldErrors && Object.keys(fieldErrors).length > 0) helpers.setErrors(fieldErrors);
    },
  });
  const { values, errors, touched, handleBlur, setFieldValue } = form;
  const [uploading, setUploading] = useState(false);
  useUnsavedChangesGuard(canEdit && (form.dirty || uploading));
  const disabled = !canEdit || form.isSubmitting;

  // The typed text, as typed: Formik's handleChange would turn the stamp duty into a number.
  const onFieldChange = useCallback(
    (value: string, event: ChangeEvent<Control>) => void setFieldValue(event.target.name, value),
    [setFieldValue],
  );
  const bindChoice = (name: ChoiceField) => ({
    name,
    label: fieldLabel(name),
    value: values[name],
    options: CHOICES[name].map((value) => ({ value, label: choiceLabel(value) })),
    onChange: onFieldChange,
    onBlur: handleBlur,
    disabled,
  });
  const bind = (
    name: Exclude<SettingsField, 'logo_url' | 'two_factor_required_roles' | ChoiceField>,
  ) => ({
    name,
    label: fieldLabel(name),
    value: values[name],
    error: touched[name] ? errors[name] : undefined,
    onChange: onFieldChange,
    onBlur: handleBlur,
    disabled,
    maxLength: SETTINGS_MAX_LENGTH[name],
  });
  const zones = useMemo(
    () => timeZoneOptions(values.time_zone).map((zone) => ({ value: zone, label: zone })),
    [values.time_zone],
  );
  const logo = useMemo(() => (values.logo_url ? [values.logo_url] : []), [values.logo_url]);
  const onLogoChange = useCallback(
    (urls: string[]) => void setFieldValue('logo_url', urls[0] ?? '', true),
    [setFieldValue],
  );

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={t('form')}>
      <Stack gap="6">
        {/* The marked fields are the ones an invoice cannot be issued without
            (missing_for_invoices); the form lets them be filled one save at a time. */}
        <FormSection title={t('sellerIdentity')} description={t('sellerIdentityDescription')}>
          <TextField {...bind('legal_name')} required />
          <TextAreaField {...bind('address')} rows={3} required helperText={t('addressHelper')} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <TextField
              {...bind('matricule_fiscal')}
              required
              spellCheck={false}
              helperText={t('matriculeHelper')}
            />
            <TextField {...bind('trade_register_number')} spellCheck={false} />
            <TextField {...bind('phone')} type="tel" />
            <TextField {...bind('email')} type="email" />
          </SimpleGrid>
          <Stack gap="1.5">
            <Text fontWeight="medium" fontSize="sm">
              {fieldLabel('logo_url')}
            </Text>
            <MediaUploader
              kind="image"
              api={mediaApi}
              label={t('shopLogo')}
              max={1}
              limits={LOGO_LIMITS}
              value={logo}
              onChange={onLogoChange}
              disabled={disabled}
              onUploadingChange={setUploading}
            />
            <Text
              fontSize="sm"
              color={errors.logo_url ? 'fg.error' : 'fg.muted'}
              data-testid="logo-hint"
            >
              {errors.logo_url ?? t('logoHint')}
            </Text>
          </Stack>
        </FormSection>
        <FormSection title={t('invoices')} description={t('invoicesDescription')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
            <TextField {...bind('invoice_prefix')} spellCheck={false} />
            <TextField {...bind('credit_note_prefix')} spellCheck={false} />
            <MoneyField {...bind('stamp_duty')} inputMode="decimal" required />
          </SimpleGrid>
          {/* Under the stamp duty: which orders bear it, and what credit notes do with it (#30). */}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <SelectField {...bindChoice('stamp_duty_applies_to')} required />
            <SelectField {...bindChoice('stamp_duty_on_credit_notes')} required />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('timeZone')} description={t('timeZoneDescription')}>
          <SelectField {...bind('time_zone')} options={zones} required />
        </FormSection>
        <RequiredRoles
          value={values.two_factor_required_roles}
          onChange={(roles) => void setFieldValue('two_factor_required_roles', roles)}
          disabled={disabled}
          error={errors.two_factor_required_roles}
        />
        {canEdit && (
          <Flex justify="flex-end" gap="3" align="center">
            {uploading && (
              <Text fontSize="sm" color="fg.muted">
                {t('waitingForUpload')}
              </Text>
            )}
            <Button type="submit" loading={form.isSubmitting} disabled={uploading || !form.dirty}>
              {t('save')}
            </Button>
          </Flex>
        )}
      </Stack>
    </form>
  );
}

/**
 * "Require two-factor sign-in for": off until the shop opts in (then the super admins and admins
 * come ticked), a checkbox per role.
 */
function RequiredRoles({
  value,
  onChange,
  disabled,
  error,
}: {
  value: readonly AdminRole[];
  onChange: (roles: AdminRole[]) => void;
  disabled: boolean;
  error: string | string[] | undefined;
}) {
  const t = useT();
  const required = value.length > 0;
  const roles = useMemo(() => roleOptions(), []);
  return (
    <FormSection title={t('twoFactor')} description={t('twoFactorDescription')}>
      <SwitchField
        name="two_factor_required"
        label={t('requireTwoFactor')}
        checked={required}
        onChange={(on) => onChange(on ? [...DEFAULT_REQUIRED_ROLES] : [])}
        disabled={disabled}
      />
      <Fieldset.Root disabled={disabled || !required} invalid={Boolean(error)}>
        <Fieldset.Legend fontSize="sm">{t('twoFactorRoles')}</Fieldset.Legend>
        <Fieldset.Content>
          <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
            {roles.map((role) => (
              <Checkbox.Root
                key={role.value}
                value={role.value}
                checked={value.includes(role.value)}
                disabled={disabled || !required}
                onCheckedChange={(details) =>
                  onChange(
                    roles
                      .map((r) => r.value)
                      .filter((r) =>
                        r === role.value ? details.checked === true : value.includes(r),
                      ),
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{role.label}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
        </Fieldset.Content>
        {typeof error === 'string' && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
      </Fieldset.Root>
    </FormSection>
  );
}

/** Who changed what, newest first. */
function RecentChanges({ rows, failed }: SettingsChangesState) {
  const t = useT();
  const labels = useMemo(
    () => new Map<string, string>(roleOptions().map((role) => [role.value, role.label])),
    [],
  );
  const changeValue = (field: string, value: string | null) => {
    if (value === null || value === '') return t('emptyValue');
    if (field === EMAILS_OFF_FIELD) return emailsOffValue(value);
    if (isChoiceField(field)) return choiceLabel(value);
    // The required roles are logged as "super_admin, admin": named as the screen names them.
    if (field !== 'two_factor_required_roles') return value;
    return value
      .split(', ')
      .map((role) => labels.get(role) ?? role)
      .join(', ');
  };
  return (
    <FormSection title={t('recentChanges')}>
      {failed ? (
        <Text color="fg.muted">{t('changesFailed')}</Text>
      ) : !rows ? (
        <LoadingState text={t('loadingChanges')} />
      ) : rows.length === 0 ? (
        <Text color="fg.muted">{t('noChanges')}</Text>
      ) : (
        <Stack as="ol" gap="4" listStyleType="none" data-testid="settings-changes">
          {rows.map((change) => (
            <Stack as="li" key={change.id} gap="1">
              <Text fontSize="sm" fontWeight="medium">
                {t('changedBy', {
                  who: change.changed_by ?? t('deletedAdmin'),
                  date: formatDateTime(change.created_at),
                })}
              </Text>
              {change.changes.map((item) => (
                <Text key={item.field} fontSize="sm" color="fg.muted">
                  {t('changeLine', {
                    field:
                      item.field === EMAILS_OFF_FIELD
                        ? emailsOffLabel()
                        : item.field in FIELD_LABEL_KEYS
                          ? fieldLabel(item.field as LabelledField)
                          : item.field,
                    before: changeValue(item.field, item.before),
                    after: changeValue(item.field, item.after),
                  })}
                </Text>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </FormSection>
  );
}
