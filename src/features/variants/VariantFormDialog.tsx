import { Box, Button, Flex, Heading, SimpleGrid, Stack, Tag, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Variant, VatRate } from '@generated/model';
import {
  bindText,
  FormDialog,
  NUMBER_INPUT,
  SelectField,
  SwitchField,
  TextField,
} from '@/components/form';
import { PlusIcon } from '@/components/icons';
import { MediaUploader } from '@/components/media-uploader';
import { mediaApi } from '@/features/media';
import { formatVatRate } from '@/lib/format';
import { DIMENSION_UNITS, MAX_VARIANT_IMAGES } from './constants';
import { useT } from './messages';
import { StockCounts, StockFlags } from './StockFields';
import {
  addOptionEntry,
  emptyVariantValues,
  variantSchema,
  variantToValues,
  type VariantFormValues,
} from './variant-form';

export interface VariantFormDialogProps {
  open: boolean;
  /** The variant being edited; null or absent: a new variant (the dialog is in create mode). */
  variant?: Variant | null;
  /** Active VAT rates for the picker (absent: only "inherit" and the variant's own rate). */
  vatRates?: readonly VatRate[];
  /** Values of a new variant (e.g. its position). */
  initialValues?: VariantFormValues;
  /** Saves; the dialog stays open (and usable) until the container closes it. */
  onSubmit: (values: VariantFormValues) => Promise<void> | void;
  onClose: () => void;
}

/** The Add/Edit Variant dialog (docs/product.md §2, §5): edit mode exactly when a variant was opened. */
export function VariantFormDialog({
  open,
  variant,
  vatRates,
  initialValues,
  onSubmit,
  onClose,
}: VariantFormDialogProps) {
  const editing = Boolean(variant);
  const formId = useId();
  const [submitting, setSubmitting] = useState(false);
  // The form is not sent while an image is still uploading.
  const [uploading, setUploading] = useState(false);
  // Unsaved changes (an upload under way included): closing or leaving asks first.
  const [dirty, setDirty] = useState(false);
  const t = useT();
  return (
    <FormDialog
      open={open}
      title={editing ? t('editVariant') : t('addVariant')}
      submitLabel={editing ? t('updateVariant') : t('createVariant')}
      submitting={submitting}
      submitDisabled={uploading}
      onClose={onClose}
      dirty={dirty || uploading}
      size={{ base: 'full', md: 'xl' }}
      formId={formId}
    >
      <VariantForm
        id={formId}
        initialValues={variant ? variantToValues(variant) : (initialValues ?? emptyVariantValues())}
        vatRates={vatRates ?? []}
        onSubmit={onSubmit}
        onSubmittingChange={setSubmitting}
        onUploadingChange={setUploading}
        onDirtyChange={setDirty}
      />
    </FormDialog>
  );
}

const UNIT_OPTIONS = DIMENSION_UNITS.map((unit) => ({ value: unit, label: unit }));

interface VariantFormProps {
  id: string;
  initialValues: VariantFormValues;
  vatRates: readonly VatRate[];
  onSubmit: (values: VariantFormValues) => Promise<void> | void;
  onSubmittingChange: (submitting: boolean) => void;
  onUploadingChange: (uploading: boolean) => void;
  onDirtyChange: (dirty: boolean) => void;
}

type TextKey = {
  [K in keyof VariantFormValues]: VariantFormValues[K] extends string ? K : never;
}[keyof VariantFormValues];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3" as="section" aria-label={title}>
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function VariantForm({
  id,
  initialValues,
  vatRates,
  onSubmit,
  onSubmittingChange,
  onUploadingChange,
  onDirtyChange,
}: VariantFormProps) {
  const form = useFormik<VariantFormValues>({
    initialValues,
    validationSchema: variantSchema,
    onSubmit: async (values) => {
      onSubmittingChange(true);
      try {
        await onSubmit(values);
      } finally {
        onSubmittingChange(false);
      }
    },
  });
  useEffect(() => {
    onDirtyChange(form.dirty);
    return () => onDirtyChange(false);
  }, [form.dirty, onDirtyChange]);
  const set = (name: keyof VariantFormValues) => (value: unknown) => {
    void form.setFieldValue(name, value);
  };
  const bind = (name: TextKey) => bindText(form, name);
  const t = useT();

  const rateKnown = vatRates.some((rate) => String(rate.id) === form.values.vat_rate_id);

  return (
    <form id={id} onSubmit={form.handleSubmit} noValidate aria-label={t('variantForm')}>
      <Stack gap="6">
        <Section title={t('options')}>
          <OptionsEditor
            entries={form.values.option_values}
            onChange={(entries) => void form.setFieldValue('option_values', entries)}
          />
        </Section>

        <Section title={t('basicInformation')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label={t('sku')} required autoComplete="off" {...bind('sku')} />
            <TextField
              label={t('variantTitle')}
              required
              autoComplete="off"
              {...bind('variant_title')}
            />
            <TextField label={t('barcode')} autoComplete="off" {...bind('barcode')} />
            <TextField label={t('position')} {...NUMBER_INPUT.count} {...bind('position')} />
          </SimpleGrid>
        </Section>

        <Section title={t('pricing')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label={t('priceTnd')} required {...NUMBER_INPUT.money} {...bind('price')} />
            <TextField
              label={t('compareAtPriceTnd')}
              {...NUMBER_INPUT.money}
              {...bind('compare_at_price')}
            />
            <TextField
              label={t('costPriceTnd')}
              required
              {...NUMBER_INPUT.money}
              {...bind('cost_price')}
            />
            <SelectField
              label={t('vatRate')}
              name="vat_rate_id"
              value={form.values.vat_rate_id}
              onChange={set('vat_rate_id')}
              helperText={t('vatRateHelper')}
            >
              <option value="">{t('inheritFromProduct')}</option>
              {vatRates.map((rate) => (
                <option key={rate.id} value={String(rate.id)}>
                  {t('vatRateOption', {
                    name: rate.name,
                    rate: formatVatRate(rate.rate),
                    country: rate.country_code,
                  })}
                </option>
              ))}
              {form.values.vat_rate_id && !rateKnown && (
                <option value={form.values.vat_rate_id}>
                  {t('vatRateNumber', { id: form.values.vat_rate_id })}
                </option>
              )}
            </SelectField>
          </SimpleGrid>
        </Section>

        <Section title={t('inventory')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <StockCounts field={bind} />
          </SimpleGrid>
          <StockFlags values={form.values} onChange={set} />
        </Section>

        <Section title={t('shipping')}>
          <SimpleGrid columns={{ base: 2, md: 5 }} gap="4">
            <Box gridColumn={{ base: 'span 2', md: 'span 1' }}>
              <TextField label={t('weightKg')} {...NUMBER_INPUT.measure} {...bind('weight')} />
            </Box>
            <TextField label={t('length')} {...NUMBER_INPUT.measure} {...bind('length')} />
            <TextField label={t('width')} {...NUMBER_INPUT.measure} {...bind('width')} />
            <TextField label={t('height')} {...NUMBER_INPUT.measure} {...bind('height')} />
            <SelectField
              label={t('unit')}
              name="unit"
              value={form.values.unit}
              onChange={set('unit')}
              options={UNIT_OPTIONS}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('images')}>
          <MediaUploader
            kind="image"
            api={mediaApi}
            label={t('variantImages')}
            max={MAX_VARIANT_IMAGES}
            value={form.values.images}
            onChange={(images) => void form.setFieldValue('images', images)}
            onUploadingChange={onUploadingChange}
          />
        </Section>

        <Section title={t('status')}>
          <SwitchField
            label={t('active')}
            name="is_active"
            checked={form.values.is_active}
            onChange={set('is_active')}
          />
        </Section>
      </Stack>
    </form>
  );
}

/** Enter in an entry input adds the entry instead of submitting the variant form. */
function onEnter(add: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
}

function OptionsEditor({
  entries,
  onChange,
}: {
  entries: VariantFormValues['option_values'];
  onChange: (entries: VariantFormValues['option_values']) => void;
}) {
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const t = useT();
  const canAdd = key.trim() !== '' && value.trim() !== '';
  const add = () => {
    if (!canAdd) return;
    onChange(addOptionEntry(entries, { key, value }));
    setKey('');
    setValue('');
  };
  return (
    <Stack gap="3">
      {entries.length > 0 ? (
        <Flex gap="2" wrap="wrap" aria-label={t('options')} role="list">
          {entries.map((entry) => (
            <Tag.Root key={entry.key} size="lg" role="listitem">
              <Tag.Label>
                {entry.key}: {entry.value}
              </Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger
                  aria-label={t('removeOption', { key: entry.key })}
                  onClick={() => onChange(entries.filter((e) => e.key !== entry.key))}
                />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Flex>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          {t('noOptions')}
        </Text>
      )}
      <Flex gap="2" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-end' }}>
        {[
          {
            label: t('optionName'),
            text: key,
            onChange: setKey,
            placeholder: t('optionNamePlaceholder'),
          },
          {
            label: t('optionValue'),
            text: value,
            onChange: setValue,
            placeholder: t('optionValuePlaceholder'),
          },
        ].map((input) => (
          <Box flex="1" key={input.label}>
            <TextField
              label={input.label}
              value={input.text}
              placeholder={input.placeholder}
              autoComplete="off"
              onChange={input.onChange}
              onKeyDown={onEnter(add)}
            />
          </Box>
        ))}
        <Button variant="outline" onClick={add} disabled={!canAdd}>
          <PlusIcon /> {t('addOption')}
        </Button>
      </Flex>
    </Stack>
  );
}
