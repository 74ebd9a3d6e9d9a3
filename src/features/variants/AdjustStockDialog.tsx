import { Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useId, useState } from 'react';
import * as yup from 'yup';
import type { StockAdjustment, Variant } from '@generated/model';
import { bindText, FormDialog, TextField } from '@/components/form';
import { t, useT } from './messages';

interface AdjustStockValues {
  adjustment: string;
  reason: string;
}

const INTEGER = /^[+-]?\d+$/;

const schema = yup.object({
  adjustment: yup
    .string()
    .trim()
    .required(() => t('adjustmentRequired'))
    .matches(INTEGER, { message: () => t('wholeNumber'), excludeEmptyString: true })
    .test(
      'non-zero',
      () => t('adjustmentNotZero'),
      (v) => !v || !INTEGER.test(v) || Number(v) !== 0,
    ),
  reason: yup.string().max(255, () => t('reasonTooLong')),
});

/** POST /admin/variants/{id}/inventory/adjust body: a signed integer and an optional reason. */
function toStockAdjustment(values: AdjustStockValues): StockAdjustment {
  const reason = values.reason.trim();
  return {
    adjustment: Number.parseInt(values.adjustment.trim(), 10),
    ...(reason ? { reason } : {}),
  };
}

export interface AdjustStockDialogProps {
  open: boolean;
  /** The variant whose stock changes (kept while the dialog closes). */
  variant: Variant | null;
  onSubmit: (adjustment: StockAdjustment) => Promise<void> | void;
  onClose: () => void;
}

/** The Adjust Stock dialog (docs/product.md §2, §5): positive adds, negative removes, reason optional. */
export function AdjustStockDialog({ open, variant, onSubmit, onClose }: AdjustStockDialogProps) {
  const formId = useId();
  const [submitting, setSubmitting] = useState(false);
  const t = useT();
  return (
    <FormDialog
      open={open}
      title={t('adjustStock')}
      submitLabel={t('adjustStock')}
      submitting={submitting}
      onClose={onClose}
      size="md"
      formId={formId}
    >
      {variant && (
        <AdjustStockForm
          id={formId}
          variant={variant}
          onSubmit={async (values) => {
            setSubmitting(true);
            try {
              await onSubmit(toStockAdjustment(values));
            } finally {
              setSubmitting(false);
            }
          }}
        />
      )}
    </FormDialog>
  );
}

function AdjustStockForm({
  id,
  variant,
  onSubmit,
}: {
  id: string;
  variant: Variant;
  onSubmit: (values: AdjustStockValues) => Promise<void>;
}) {
  const form = useFormik<AdjustStockValues>({
    initialValues: { adjustment: '', reason: '' },
    validationSchema: schema,
    onSubmit,
  });
  const t = useT();
  const raw = form.values.adjustment.trim();
  const delta = INTEGER.test(raw) ? Number.parseInt(raw, 10) : null;
  return (
    <form id={id} onSubmit={form.handleSubmit} noValidate aria-label={t('adjustStockForm')}>
      <Stack gap="4">
        <Text>
          <Text as="span" fontWeight="medium">
            {variant.variant_title}
          </Text>{' '}
          <Text as="span" color="fg.muted">
            ({variant.sku})
          </Text>
        </Text>
        <Text data-testid="current-stock">
          {t('currentStock')} <strong>{variant.stock_quantity}</strong>
          {delta !== null && delta !== 0 && (
            <>
              {' '}
              {t('newStock')} <strong>{variant.stock_quantity + delta}</strong>
            </>
          )}
        </Text>
        <TextField
          label={t('adjustment')}
          required
          {...bindText(form, 'adjustment')}
          type="number"
          step="1"
          inputMode="numeric"
          placeholder={t('adjustmentPlaceholder')}
          helperText={t('adjustmentHelper')}
        />
        <TextField
          label={t('reason')}
          placeholder={t('reasonPlaceholder')}
          {...bindText(form, 'reason')}
        />
      </Stack>
    </form>
  );
}
