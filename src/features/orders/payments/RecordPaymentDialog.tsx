import { Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useEffect } from 'react';
import type { Invoice, OrderPaymentCreate, PaymentMethod } from '@generated/model';
import {
  bindText,
  FormDialog,
  MoneyField,
  SelectField,
  TextField,
  useChildForm,
  validationSummary,
  type ChildFormProps,
} from '@/components/form';
import { formatMoney, toDecimal } from '@/lib/format';
import { fieldIssues } from '@/lib/http';
import { RECEIVED_METHODS, receivedMethodLabel } from './payment-display';
import {
  emptyPayment,
  paymentSchema,
  toPaymentCreate,
  type PaymentFormContext,
  type PaymentKind,
  type PaymentValues,
} from './payment-form';
import { ReceivedOnField } from './ReceivedOnField';
import { useT } from './messages';

export interface RecordPaymentDialogProps {
  /** Open for a payment or a refund; null: closed. */
  kind: PaymentKind | null;
  /** A professional buyer may have withheld tax (the withholding fields are shown). */
  professional: boolean;
  /** The order's payment method at checkout: the form's first choice. */
  defaultMethod: PaymentMethod | null;
  balanceDue: string;
  /** The order's credit notes (a refund names one). */
  creditNotes: readonly Invoice[];
  today: string;
  /** Records it; rejects when the server refused it. */
  onSubmit: (body: OrderPaymentCreate, kind: PaymentKind) => Promise<void>;
  onClose: () => void;
}

/** Record payment / Record refund (docs/product.md §10.22), with formik and yup. */
export function RecordPaymentDialog({ kind, onClose, ...props }: RecordPaymentDialogProps) {
  const t = useT();
  const { dialog, form } = useChildForm();
  return (
    <FormDialog
      open={kind !== null}
      title={kind === 'refund' ? t('refundDialogTitle') : t('paymentDialogTitle')}
      submitLabel={t('record')}
      {...dialog}
      onClose={onClose}
      size="md"
    >
      {kind !== null && <PaymentForm {...form} kind={kind} {...props} />}
    </FormDialog>
  );
}

function PaymentForm({
  id,
  kind,
  professional,
  defaultMethod,
  balanceDue,
  creditNotes,
  today,
  onSubmit,
  onDirty,
  onSubmitting,
}: Omit<RecordPaymentDialogProps, 'kind' | 'onClose'> &
  ChildFormProps & {
    kind: PaymentKind;
  }) {
  const t = useT();
  const context: PaymentFormContext = { kind, professional, today };
  const form = useFormik<PaymentValues>({
    initialValues: emptyPayment(defaultMethod ?? 'bank_transfer', today),
    validate: (values) => validationSummary(paymentSchema, values, { context }).errors,
    onSubmit: async (values, helpers) => {
      onSubmitting(true);
      try {
        await onSubmit(toPaymentCreate(values, context), kind);
      } catch (error) {
        // A refusal naming a field is shown under it (the container toasted it too).
        const issues = fieldIssues(error);
        if (issues.size > 0) helpers.setErrors(Object.fromEntries(issues));
      } finally {
        onSubmitting(false);
      }
    },
  });
  // The dialog asks before closing a form with something typed.
  useEffect(() => onDirty(form.dirty), [form.dirty, onDirty]);
  const refund = kind === 'refund';
  const amount = toDecimal(form.values.amount);
  const withholding = toDecimal(form.values.withholding_amount) ?? 0;
  const settles = !refund && amount?.gt(0) ? amount.plus(withholding) : null;
  const methods = RECEIVED_METHODS.map((value) => ({
    value,
    label: receivedMethodLabel(value),
  }));
  return (
    <form
      id={id}
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={refund ? t('refundForm') : t('paymentForm')}
    >
      <Stack gap="4">
        {refund && (
          <SelectField
            label={t('creditNote')}
            required
            {...bindText(form, 'credit_note_id')}
            options={creditNotes.map((note) => ({
              value: String(note.id),
              label: t('creditNoteOption', {
                number: note.number,
                amount: formatMoney(note.total_incl_vat),
              }),
            }))}
          >
            <option value="">{t('chooseCreditNote')}</option>
          </SelectField>
        )}
        <MoneyField
          label={refund ? t('amountRefunded') : t('amount')}
          required
          {...bindText(form, 'amount')}
        />
        <SelectField label={t('method')} required {...bindText(form, 'method')} options={methods} />
        <ReceivedOnField
          label={refund ? t('refundedOn') : t('receivedOn')}
          value={form.values.received_on}
          error={form.errors.received_on}
          onChange={(day) => void form.setFieldValue('received_on', day)}
        />
        <TextField
          label={t('reference')}
          maxLength={100}
          helperText={t('referenceHelper')}
          {...bindText(form, 'reference')}
        />
        {professional && !refund && (
          <>
            <MoneyField
              label={t('withholdingAmount')}
              helperText={t('withholdingHelper')}
              {...bindText(form, 'withholding_amount')}
            />
            <TextField
              label={t('withholdingCertificate')}
              maxLength={60}
              {...bindText(form, 'withholding_certificate')}
            />
          </>
        )}
        {settles && (
          <Text fontSize="sm" color="fg.muted" data-testid="settles">
            {t('settles', {
              amount: formatMoney(settles.toFixed(3)),
              balance: formatMoney(balanceDue),
            })}
          </Text>
        )}
      </Stack>
    </form>
  );
}
