import { Alert, Box, Button, Flex, IconButton, List, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import type { RemittanceRefused } from '@generated/model';
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
import { CsvDropzone } from '@/components/ui/CsvDropzone';
import { formatMoney } from '@/lib/format';
import {
  emptyRemittance,
  MAX_FILE_BYTES,
  remittanceSchema,
  remittanceTotals,
  type RemittanceLineValues,
  type RemittanceValues,
} from './remittance-form';
import type { NotAddedOrder, SelectionLines } from './remittance-selection';
import { ReceivedOnField } from './ReceivedOnField';
import { useT } from './messages';

export interface NewRemittanceDialogProps {
  open: boolean;
  today: string;
  /**
   * Records the remittance; resolves with the refused lines when the server refused some
   * (nothing was recorded), null once recorded (the container closes the dialog). Rejects on
   * another failure (the container toasts it).
   */
  onSubmit: (values: RemittanceValues) => Promise<RemittanceRefused | null>;
  onClose: () => void;
  /**
   * Opened from the orders list's selection: its lines to start with (typed-in orders), and the
   * selected orders left out because nothing is due on them.
   */
  selection?: SelectionLines | undefined;
}

/**
 * New remittance (docs/product.md §10.22): the carrier, the day, its reference, fee and
 * withholding, and the lines from the carrier's CSV file or typed in (or the orders list's
 * selection); the refused lines listed.
 */
export function NewRemittanceDialog({ open, onClose, ...props }: NewRemittanceDialogProps) {
  const t = useT();
  const { dialog, form } = useChildForm();
  return (
    <FormDialog
      open={open}
      title={t('remittanceDialogTitle')}
      submitLabel={t('recordRemittance')}
      {...dialog}
      onClose={onClose}
      size="lg"
    >
      {open && <RemittanceForm {...form} {...props} />}
    </FormDialog>
  );
}

function RemittanceForm({
  id,
  today,
  onSubmit,
  selection,
  onDirty,
  onSubmitting,
}: Omit<NewRemittanceDialogProps, 'open' | 'onClose'> & ChildFormProps) {
  const t = useT();
  const [refused, setRefused] = useState<RemittanceRefused | null>(null);
  const form = useFormik<RemittanceValues>({
    initialValues: selectionRemittance(today, selection),
    validate: (values) =>
      validationSummary(remittanceSchema, values, { context: { today } }).errors,
    onSubmit: async (values) => {
      onSubmitting(true);
      setRefused(null);
      try {
        setRefused(await onSubmit(values));
      } catch {
        // Toasted by the container; the form stays as typed.
      } finally {
        onSubmitting(false);
      }
    },
  });
  useEffect(() => onDirty(form.dirty), [form.dirty, onDirty]);
  const { values } = form;
  const setLines = (lines: RemittanceLineValues[]) => void form.setFieldValue('lines', lines);
  const setLine = (index: number, change: Partial<RemittanceLineValues>) =>
    setLines(values.lines.map((l, i) => (i === index ? { ...l, ...change } : l)));
  const lineError = (index: number, field: keyof RemittanceLineValues) => {
    // validationSummary keys its errors by the schema's path ('lines[0].amount'), not nested.
    const errors = form.errors as Record<string, string | undefined>;
    return form.submitCount > 0 ? errors[`lines[${index}].${field}`] : undefined;
  };
  const totals = remittanceTotals(values);
  return (
    <form id={id} onSubmit={form.handleSubmit} noValidate aria-label={t('remittanceForm')}>
      <Stack gap="4">
        {refused && <RefusedLines refused={refused} />}
        {selection && selection.notAdded.length > 0 && (
          <NotAddedOrders orders={selection.notAdded} />
        )}
        <TextField label={t('carrier')} required maxLength={100} {...bindText(form, 'carrier')} />
        <ReceivedOnField
          label={t('receivedOn')}
          value={values.received_on}
          error={form.submitCount > 0 ? form.errors.received_on : undefined}
          onChange={(day) => void form.setFieldValue('received_on', day)}
        />
        <TextField label={t('reference')} maxLength={100} {...bindText(form, 'reference')} />
        <Flex gap="4" direction={{ base: 'column', sm: 'row' }}>
          <MoneyField label={t('feeAmount')} {...bindText(form, 'fee_amount')} />
          <MoneyField label={t('withheldAmount')} {...bindText(form, 'withheld_amount')} />
        </Flex>
        <SelectField
          label={t('linesSource')}
          {...bindText(form, 'source')}
          options={[
            { value: 'file', label: t('fromFile') },
            { value: 'orders', label: t('fromSelection') },
          ]}
        />
        {values.source === 'file' ? (
          <FileDrop
            file={values.file}
            error={form.submitCount > 0 ? form.errors.file : undefined}
            onFile={(file) => void form.setFieldValue('file', file)}
          />
        ) : (
          <Stack gap="2" data-testid="remittance-lines">
            {values.lines.map((line, index) => (
              <Flex key={index} gap="2" align="flex-start">
                <Box flex="2">
                  <TextField
                    label={t('orderNumber')}
                    required
                    value={line.order_number}
                    error={lineError(index, 'order_number')}
                    onChange={(order_number) => setLine(index, { order_number })}
                  />
                </Box>
                <Box flex="1">
                  <MoneyField
                    label={t('amount')}
                    required
                    value={line.amount}
                    error={lineError(index, 'amount')}
                    onChange={(amount) => setLine(index, { amount })}
                  />
                </Box>
                <IconButton
                  mt="7"
                  size="sm"
                  variant="ghost"
                  aria-label={t('removeLine', { line: index + 1 })}
                  disabled={values.lines.length === 1}
                  onClick={() => setLines(values.lines.filter((_, i) => i !== index))}
                >
                  ×
                </IconButton>
              </Flex>
            ))}
            <Button
              size="sm"
              variant="outline"
              alignSelf="flex-start"
              onClick={() => setLines([...values.lines, { order_number: '', amount: '' }])}
            >
              {t('addLine')}
            </Button>
            <Text fontSize="sm" color="fg.muted" data-testid="remittance-totals">
              {t('totals', {
                gross: formatMoney(totals.gross),
                fee: formatMoney(totals.fee),
                withheld: formatMoney(totals.withheld),
                net: formatMoney(totals.net),
              })}
            </Text>
          </Stack>
        )}
      </Stack>
    </form>
  );
}

/** A new remittance, or one with the selected orders' lines (a blank one when none is owing). */
function selectionRemittance(today: string, selection: SelectionLines | undefined) {
  const empty = emptyRemittance(today);
  if (!selection) return empty;
  return {
    ...empty,
    source: 'orders' as const,
    lines: selection.lines.length > 0 ? selection.lines : empty.lines,
  };
}

/** The selected orders with nothing due, named with their balance: why they are not lines. */
function NotAddedOrders({ orders }: { orders: readonly NotAddedOrder[] }) {
  const t = useT();
  return (
    <Alert.Root status="warning" data-testid="remittance-not-added">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('notAddedTitle', { count: orders.length })}</Alert.Title>
        <Alert.Description>
          <List.Root ps="4">
            {orders.map((order) => (
              <List.Item key={order.orderNumber} data-testid="not-added-order">
                {t('notAddedOrder', {
                  order: order.orderNumber,
                  balance: formatMoney(order.balanceDue),
                })}
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The server's refusal: its sentence, then every refused line with its number and reason. */
function RefusedLines({ refused }: { refused: RemittanceRefused }) {
  const t = useT();
  return (
    <Alert.Root status="error" data-testid="remittance-refused">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{refused.detail}</Alert.Title>
        <Alert.Description>
          <List.Root ps="4">
            {refused.refused.map((line) => (
              <List.Item key={`${line.line}-${line.order_number}`} data-testid="refused-line">
                {t('refusedLine', {
                  line: line.line,
                  order: line.order_number,
                  reason: line.reason,
                })}
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function FileDrop({
  file,
  error,
  onFile,
}: {
  file: File | null;
  error: string | undefined;
  onFile: (file: File | null) => void;
}) {
  const t = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const pick = ([picked]: File[]) => {
    if (!picked) return;
    if (!picked.name.toLowerCase().endsWith('.csv')) {
      setProblem(t('fileNotCsv', { name: picked.name }));
      onFile(null);
    } else if (picked.size > MAX_FILE_BYTES) {
      setProblem(t('fileTooLarge', { name: picked.name }));
      onFile(null);
    } else {
      setProblem(null);
      onFile(picked);
    }
  };
  const message = problem ?? error;
  return (
    <Stack gap="2">
      <CsvDropzone
        onPick={pick}
        title={t('dropFile')}
        hint={t('fileHint')}
        testId="remittance"
        compact
      />
      {file && (
        <Text fontSize="sm" data-testid="remittance-file">
          {t('fileChosen', { name: file.name })}
        </Text>
      )}
      {message && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {message}
        </Text>
      )}
    </Stack>
  );
}
