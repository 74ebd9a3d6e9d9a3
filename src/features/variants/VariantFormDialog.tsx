import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Flex,
  Heading,
  Input,
  Portal,
  SimpleGrid,
  Stack,
  Tag,
  Text,
} from '@chakra-ui/react';
import { useFormik, type FormikErrors, type FormikTouched } from 'formik';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Variant, VatRate } from '@generated/model';
import { MediaUploader } from '@/components/media-uploader';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes';
import { formatVatRate } from '@/lib/format';
import { DIMENSION_UNITS, MAX_VARIANT_IMAGES } from './constants';
import { InputField, SelectField, SwitchField } from './fields';
import { PlusIcon } from '@/components/icons';
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

/** The Add/Edit Variant dialog (spec §2, §5): edit mode exactly when a variant was opened. */
export function VariantFormDialog({
  open,
  variant,
  vatRates,
  initialValues,
  onSubmit,
  onClose: close,
}: VariantFormDialogProps) {
  const editing = Boolean(variant);
  const formId = useId();
  const [submitting, setSubmitting] = useState(false);
  // The form is not sent while an image is still uploading.
  const [uploading, setUploading] = useState(false);
  // Unsaved changes (an upload under way included): closing or leaving asks first.
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(open && (dirty || uploading));
  const onClose = () => guard.confirm(close);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !submitting) onClose();
      }}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{editing ? 'Edit Variant' : 'Add Variant'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={submitting} />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <VariantForm
                id={formId}
                initialValues={
                  variant ? variantToValues(variant) : (initialValues ?? emptyVariantValues())
                }
                vatRates={vatRates ?? []}
                onSubmit={onSubmit}
                onSubmittingChange={setSubmitting}
                onUploadingChange={setUploading}
                onDirtyChange={setDirty}
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={submitting}>
                Cancel
              </Button>
              <Button type="submit" form={formId} disabled={submitting || uploading}>
                {submitting ? 'Saving...' : editing ? 'Update Variant' : 'Create Variant'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

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
  const errors = form.errors as FormikErrors<Record<string, string>>;
  const touched = form.touched as FormikTouched<Record<string, boolean>>;
  const errorOf = (name: TextKey) => (touched[name] ? errors[name] : undefined);
  const set = (name: keyof VariantFormValues) => (value: unknown) => {
    void form.setFieldValue(name, value);
  };
  // Props of a text/number input bound to a string field.
  const bind = (name: TextKey) => ({
    name,
    value: form.values[name],
    onChange: set(name),
    onBlur: form.handleBlur,
    error: errorOf(name),
  });

  const rateKnown = vatRates.some((rate) => String(rate.id) === form.values.vat_rate_id);

  return (
    <form id={id} onSubmit={form.handleSubmit} noValidate aria-label="Variant">
      <Stack gap="6">
        <Section title="Options">
          <OptionsEditor
            entries={form.values.option_values}
            onChange={(entries) => void form.setFieldValue('option_values', entries)}
          />
        </Section>

        <Section title="Basic Information">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <InputField label="SKU" required autoComplete="off" {...bind('sku')} />
            <InputField
              label="Variant Title"
              required
              autoComplete="off"
              {...bind('variant_title')}
            />
            <InputField label="Barcode" autoComplete="off" {...bind('barcode')} />
            <InputField
              label="Position"
              type="number"
              step="1"
              min="0"
              inputMode="numeric"
              {...bind('position')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Pricing">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <InputField
              label="Price (TND)"
              required
              type="number"
              step="0.001"
              min="0"
              inputMode="decimal"
              {...bind('price')}
            />
            <InputField
              label="Compare at Price (TND)"
              type="number"
              step="0.001"
              min="0"
              inputMode="decimal"
              {...bind('compare_at_price')}
            />
            <InputField
              label="Cost Price (TND)"
              required
              type="number"
              step="0.001"
              min="0"
              inputMode="decimal"
              {...bind('cost_price')}
            />
            <SelectField
              label="VAT Rate"
              name="vat_rate_id"
              value={form.values.vat_rate_id}
              onChange={set('vat_rate_id')}
              helperText="Leave on inherit to use the product's rate"
            >
              <option value="">Inherit from product</option>
              {vatRates.map((rate) => (
                <option key={rate.id} value={String(rate.id)}>
                  {rate.name} ({formatVatRate(rate.rate)}, {rate.country_code})
                </option>
              ))}
              {form.values.vat_rate_id && !rateKnown && (
                <option value={form.values.vat_rate_id}>VAT rate #{form.values.vat_rate_id}</option>
              )}
            </SelectField>
          </SimpleGrid>
        </Section>

        <Section title="Inventory">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <InputField
              label="Stock Quantity"
              type="number"
              step="1"
              min="0"
              inputMode="numeric"
              {...bind('stock_quantity')}
            />
            <InputField
              label="Low Stock Threshold"
              type="number"
              step="1"
              min="0"
              inputMode="numeric"
              {...bind('low_stock_threshold')}
            />
          </SimpleGrid>
          <Flex gap="6" wrap="wrap">
            <SwitchField
              label="Track Inventory"
              name="track_inventory"
              checked={form.values.track_inventory}
              onChange={set('track_inventory')}
            />
            <SwitchField
              label="Allow Backorder"
              name="allow_backorder"
              checked={form.values.allow_backorder}
              onChange={set('allow_backorder')}
            />
          </Flex>
        </Section>

        <Section title="Shipping">
          <SimpleGrid columns={{ base: 2, md: 5 }} gap="4">
            <Box gridColumn={{ base: 'span 2', md: 'span 1' }}>
              <InputField
                label="Weight (kg)"
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                {...bind('weight')}
              />
            </Box>
            <InputField
              label="Length"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              {...bind('length')}
            />
            <InputField
              label="Width"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              {...bind('width')}
            />
            <InputField
              label="Height"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              {...bind('height')}
            />
            <SelectField label="Unit" name="unit" value={form.values.unit} onChange={set('unit')}>
              {DIMENSION_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </SelectField>
          </SimpleGrid>
        </Section>

        <Section title="Images">
          <MediaUploader
            kind="image"
            label="Variant images"
            max={MAX_VARIANT_IMAGES}
            value={form.values.images}
            onChange={(images) => void form.setFieldValue('images', images)}
            onUploadingChange={onUploadingChange}
          />
        </Section>

        <Section title="Status">
          <SwitchField
            label="Active"
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
        <Flex gap="2" wrap="wrap" aria-label="Options" role="list">
          {entries.map((entry) => (
            <Tag.Root key={entry.key} size="lg" role="listitem">
              <Tag.Label>
                {entry.key}: {entry.value}
              </Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger
                  aria-label={`Remove option ${entry.key}`}
                  onClick={() => onChange(entries.filter((e) => e.key !== entry.key))}
                />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Flex>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          No options yet (e.g. color: Red, size: M).
        </Text>
      )}
      <Flex gap="2" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-end' }}>
        <Field.Root flex="1">
          <Field.Label>Option name</Field.Label>
          <Input
            value={key}
            placeholder="e.g. color"
            autoComplete="off"
            onChange={(event) => setKey(event.target.value)}
            onKeyDown={onEnter(add)}
          />
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label>Option value</Field.Label>
          <Input
            value={value}
            placeholder="e.g. Red"
            autoComplete="off"
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={onEnter(add)}
          />
        </Field.Root>
        <Button variant="outline" onClick={add} disabled={!canAdd}>
          <PlusIcon /> Add Option
        </Button>
      </Flex>
    </Stack>
  );
}
