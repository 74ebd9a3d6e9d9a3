import { Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useId, useState } from 'react';
import * as yup from 'yup';
import type { StockAdjustment, Variant } from '@generated/model';
import { bindText, FormDialog, TextField } from '@/components/form';

interface AdjustStockValues {
  adjustment: string;
  reason: string;
}

const INTEGER = /^[+-]?\d+$/;

const schema = yup.object({
  adjustment: yup
    .string()
    .trim()
    .required('Adjustment is required')
    .matches(INTEGER, { message: 'Enter a whole number', excludeEmptyString: true })
    .test('non-zero', 'Adjustment cannot be 0', (v) => !v || !INTEGER.test(v) || Number(v) !== 0),
  reason: yup.string().max(255, 'At most 255 characters'),
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
  return (
    <FormDialog
      open={open}
      title="Adjust Stock"
      submitLabel="Adjust Stock"
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
  const raw = form.values.adjustment.trim();
  const delta = INTEGER.test(raw) ? Number.parseInt(raw, 10) : null;
  return (
    <form id={id} onSubmit={form.handleSubmit} noValidate aria-label="Adjust stock">
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
          Current stock: <strong>{variant.stock_quantity}</strong>
          {delta !== null && delta !== 0 && (
            <>
              {' → '}New stock: <strong>{variant.stock_quantity + delta}</strong>
            </>
          )}
        </Text>
        <TextField
          label="Adjustment"
          required
          {...bindText(form, 'adjustment')}
          type="number"
          step="1"
          inputMode="numeric"
          placeholder="e.g. 10 or -5"
          helperText="A positive number adds stock, a negative number removes it."
        />
        <TextField
          label="Reason"
          placeholder="e.g. Restock, damaged goods (optional)"
          {...bindText(form, 'reason')}
        />
      </Stack>
    </form>
  );
}
