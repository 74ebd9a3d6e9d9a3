import { Alert, Box, Button, Flex, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Order, OrderReturn, OrderReturnCreate } from '@generated/model';
import { MoneyField, NUMBER_INPUT, SwitchField, TextAreaField, TextField } from '@/components/form';
import { DialogFrame } from '@/components/ui/DialogFrame';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes';
import { formatMoney, toDecimal } from '@/lib/format';
import { isolate } from '@/lib/i18n';
import {
  emptyReturnForm,
  itemName,
  returnableOf,
  returnLineText,
  returnBody,
  returnsEverything,
  validateReturn,
  type ReturnFormErrors,
  type ReturnFormValues,
} from './return-form';
import { useT } from './messages';

export interface ReturnItemsDialogProps {
  open: boolean;
  order: Pick<Order, 'items' | 'shipping_amount'>;
  /** The shipping still creditable (the order's minus what earlier returns credited). */
  maxShipping: string;
  /**
   * Asks the server what the return would credit (createOrderReturn with dry_run): the return it
   * would record, or null when it refused (the container toasts why).
   */
  onPreview: (body: OrderReturnCreate) => Promise<OrderReturn | null>;
  /** Records the return; true once recorded (the dialog closes), false when refused. */
  onConfirm: (body: OrderReturnCreate) => Promise<boolean>;
  onClose: () => void;
}

/**
 * "Return items" (docs/product.md §10.17): a quantity per line (at most what is left of it),
 * back to stock or damaged, the reason and the shipping to credit; then the amounts as the
 * server computes them, exactly what the credit note will say, before the return is confirmed.
 */
export function ReturnItemsDialog(props: ReturnItemsDialogProps) {
  // Mounted while open: the form starts afresh each time the dialog opens.
  return props.open ? <ReturnItemsForm {...props} /> : null;
}

function ReturnItemsForm({
  open,
  order,
  maxShipping,
  onPreview,
  onConfirm,
  onClose,
}: ReturnItemsDialogProps) {
  const t = useT();
  const [values, setValues] = useState<ReturnFormValues>(() => emptyReturnForm(order));
  const [errors, setErrors] = useState<ReturnFormErrors | null>(null);
  const [preview, setPreview] = useState<{ body: OrderReturnCreate; result: OrderReturn } | null>(
    null,
  );
  const [busy, setBusy] = useState<'preview' | 'confirm' | null>(null);
  const dirty =
    values.reason !== '' ||
    values.shipping_amount !== '' ||
    values.lines.some((l) => l.quantity !== '' || !l.restock);
  const guard = useUnsavedChangesGuard(open && dirty);
  const close = () => guard.confirm(onClose);

  const setLine = (id: number, change: Partial<ReturnFormValues['lines'][number]>) =>
    setValues((v) => ({
      ...v,
      lines: v.lines.map((l) => (l.order_item_id === id ? { ...l, ...change } : l)),
    }));

  const review = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refused = validateReturn(values, order, maxShipping);
    setErrors(refused);
    if (refused) return;
    const body = returnBody(values);
    setBusy('preview');
    const result = await onPreview(body);
    setBusy(null);
    if (result) setPreview({ body, result });
  };

  const confirm = async () => {
    if (!preview) return;
    setBusy('confirm');
    const done = await onConfirm(preview.body);
    setBusy(null);
    if (done) onClose();
  };

  const formId = 'return-items-form';
  const footer = preview ? (
    <>
      <Button variant="outline" onClick={() => setPreview(null)} disabled={busy !== null}>
        {t('back')}
      </Button>
      <Button onClick={() => void confirm()} loading={busy === 'confirm'}>
        {t('confirm')}
      </Button>
    </>
  ) : (
    <>
      <Button variant="outline" onClick={close} disabled={busy !== null}>
        {t('cancel')}
      </Button>
      <Button type="submit" form={formId} loading={busy === 'preview'} loadingText={t('computing')}>
        {t('review')}
      </Button>
    </>
  );

  return (
    <DialogFrame
      open={open}
      title={t('dialogTitle')}
      onClose={close}
      busy={busy !== null}
      size="lg"
      footer={footer}
    >
      {preview ? (
        <PreviewAmounts order={order} body={preview.body} result={preview.result} />
      ) : (
        <form id={formId} noValidate onSubmit={(e) => void review(e)}>
          <Stack gap="4">
            <Stack gap="3" separator={<Separator />}>
              {values.lines.map((line) => {
                const item = order.items.find((i) => i.id === line.order_item_id);
                if (!item) return null;
                const name = itemName(item);
                return (
                  <Stack key={line.order_item_id} gap="2" data-testid="return-item">
                    <Box>
                      <Text fontWeight="medium" overflowWrap="anywhere">
                        {name}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {t('returnable', {
                          returnable: returnableOf(item),
                          sold: item.quantity,
                        })}
                      </Text>
                    </Box>
                    <HStack gap="4" align="flex-start" wrap="wrap">
                      <Box flex="1" minW="10rem">
                        <TextField
                          label={t('quantityLabel', { name: isolate(name) })}
                          value={line.quantity}
                          onChange={(value) => setLine(item.id, { quantity: value })}
                          error={errors?.quantities[item.id]}
                          {...NUMBER_INPUT.count}
                          max={returnableOf(item)}
                        />
                      </Box>
                      <Box pt="7">
                        <SwitchField
                          label={t('restockLabel')}
                          helperText={line.restock ? undefined : t('restockHint')}
                          checked={line.restock}
                          onChange={(restock) => setLine(item.id, { restock })}
                        />
                      </Box>
                    </HStack>
                  </Stack>
                );
              })}
            </Stack>
            {errors?.lines && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {errors.lines}
              </Text>
            )}
            <TextAreaField
              label={t('reasonLabel')}
              required
              value={values.reason}
              maxLength={500}
              onChange={(reason) => setValues((v) => ({ ...v, reason }))}
              error={errors?.reason}
            />
            {toDecimal(maxShipping)?.gt(0) && (
              <MoneyField
                label={t('shippingLabel')}
                value={values.shipping_amount}
                onChange={(shipping_amount) => setValues((v) => ({ ...v, shipping_amount }))}
                helperText={t('shippingHint', { amount: formatMoney(maxShipping) })}
                error={errors?.shipping_amount}
              />
            )}
          </Stack>
        </form>
      )}
    </DialogFrame>
  );
}

/** The server's amounts of the return, line by line and in total, and what it will issue. */
function PreviewAmounts({
  order,
  body,
  result,
}: {
  order: Pick<Order, 'items'>;
  body: OrderReturnCreate;
  result: OrderReturn;
}) {
  const t = useT();
  return (
    <Stack gap="3" data-testid="return-preview">
      <Text fontWeight="medium">{t('previewTitle')}</Text>
      <Stack as="ul" gap="1" listStyleType="none">
        {result.lines.map((line) => (
          <Flex
            as="li"
            key={line.order_item_id}
            justify="space-between"
            gap="4"
            data-testid="preview-line"
          >
            <Text overflowWrap="anywhere">
              {returnLineText(line)}{' '}
              <Text as="span" color="fg.muted" fontSize="sm">
                ({line.restock ? t('restocked') : t('damaged')})
              </Text>
            </Text>
            <Text whiteSpace="nowrap">{formatMoney(line.total_price_incl_vat)}</Text>
          </Flex>
        ))}
      </Stack>
      <Separator />
      <AmountRow label={t('previewLines')} value={result.subtotal} />
      {toDecimal(result.shipping_amount)?.gt(0) && (
        <AmountRow label={t('previewShipping')} value={result.shipping_amount} />
      )}
      <AmountRow label={t('previewVat')} value={result.vat_amount} />
      <AmountRow label={t('previewTotal')} value={result.total_amount} strong />
      <Alert.Root status="info" size="sm">
        <Alert.Indicator />
        <Alert.Description>
          {result.credit_note
            ? t('willIssueCreditNote', { amount: formatMoney(result.total_amount) })
            : t('noInvoiceInForce')}
        </Alert.Description>
      </Alert.Root>
      {returnsEverything(order, body) && (
        <Text fontSize="sm" color="fg.warning" data-testid="preview-refunds">
          {t('willRefund')}
        </Text>
      )}
    </Stack>
  );
}

/** A label and its amount, one line of the preview's totals. */
function AmountRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex
      justify="space-between"
      gap="4"
      fontWeight={strong ? 'semibold' : undefined}
      data-testid="preview-amount"
    >
      <Text>{label}</Text>
      <Text whiteSpace="nowrap">{formatMoney(value)}</Text>
    </Flex>
  );
}
