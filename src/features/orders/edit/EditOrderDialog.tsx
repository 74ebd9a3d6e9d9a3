import { Alert, Box, Grid, List, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Order, OrderEditRequest, ShippingAddress, Variant } from '@generated/model';
import { FormDialog, SelectField, TextField } from '@/components/form';
import { useLocale } from '@/lib/i18n';
import { formatMoney } from '@/lib/format';
import { MAX_QUANTITY, PickerLines, VariantSearch } from '../line-picker';
import { governorateOptions, hasGovernorate } from '../shipping-display';
import {
  editChanges,
  editProblems,
  editRequest,
  editStateOf,
  type EditChange,
  type EditState,
} from './order-edit';
import { useT } from './messages';

export interface EditOrderDialogProps {
  order: Order;
  open: boolean;
  /** An invoice is in force: saving reverses it (credit note) and issues a new one. */
  invoiced: boolean;
  onClose: () => void;
  /** Sends the edit; resolves true when saved (the dialog then closes). */
  onSave: (body: OrderEditRequest) => Promise<boolean>;
  /** The edit is being sent (the dialog waits). */
  saving: boolean;
  /** The last refusal (409/422), in the server's words. */
  error: string | null;
}

const ADDRESS_FIELDS = [
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['street_address', 'street'],
  ['city', 'city'],
  ['postal_code', 'postalCode'],
  ['country', 'country'],
  ['phone', 'phone'],
  ['email', 'email'],
] as const;

/** 'Edit order': the order's lines in the picker, its address and shipping, what changes. */
export function EditOrderDialog(props: EditOrderDialogProps) {
  const t = useT();
  return (
    <FormDialog
      open={props.open}
      title={t('title', { number: props.order.order_number })}
      submitLabel={t('submit')}
      submitting={props.saving}
      onClose={props.onClose}
      size="xl"
      formId="edit-order-form"
    >
      {props.open && <EditOrderForm {...props} />}
    </FormDialog>
  );
}

function EditOrderForm({ order, invoiced, onSave, error }: EditOrderDialogProps) {
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState<EditState>(() => editStateOf(order));
  const [shown, setShown] = useState<string[]>([]);
  const changes = editChanges(order, state);
  const set = (patch: Partial<EditState>) => setState((s) => ({ ...s, ...patch }));

  const pick = (variant: Variant) =>
    setState((s) => {
      const existing = s.lines.find((l) => l.variantId === variant.id);
      if (existing)
        return {
          ...s,
          lines: s.lines.map((l) =>
            l === existing ? { ...l, quantity: Math.min(l.quantity + 1, MAX_QUANTITY) } : l,
          ),
        };
      return {
        ...s,
        lines: [
          ...s.lines,
          {
            key: `v${variant.id}`,
            itemId: null,
            variantId: variant.id,
            productId: variant.product_id,
            name: null,
            variantTitle: variant.variant_title || null,
            sku: variant.sku,
            quantity: 1,
            unitPrice: null,
            total: null,
          },
        ],
      };
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = editProblems(state);
    setShown(problems.map((p) => t(p)));
    if (problems.length > 0 || changes.length === 0) return;
    await onSave(editRequest(order, state));
  };

  return (
    <form id="edit-order-form" onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="5">
        {invoiced && (
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Description>{t('invoiced')}</Alert.Description>
          </Alert.Root>
        )}
        <Stack gap="3" as="section" aria-label={t('linesSection')}>
          <VariantSearch onPick={pick} />
          <PickerLines
            lines={state.lines.map((l) => ({
              key: l.key,
              productId: l.productId,
              name: l.name,
              variantTitle: l.variantTitle,
              sku: l.sku,
              quantity: l.quantity,
              unitPrice: l.unitPrice,
              // An item's frozen total holds for its first quantity only.
              total:
                l.itemId !== null &&
                l.quantity === order.items.find((i) => i.id === l.itemId)?.quantity
                  ? l.total
                  : null,
            }))}
            onQuantityChange={(key, quantity) =>
              set({ lines: state.lines.map((l) => (l.key === key ? { ...l, quantity } : l)) })
            }
            onRemove={(key) => set({ lines: state.lines.filter((l) => l.key !== key) })}
          />
        </Stack>
        <Box as="section" aria-label={t('addressSection')}>
          <Text fontWeight="semibold" mb="2">
            {t('addressSection')}
          </Text>
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="3">
            {ADDRESS_FIELDS.map(([field, key]) => (
              <TextField
                key={field}
                label={t(key)}
                value={state.address[field] ?? ''}
                maxLength={field === 'street_address' ? 255 : field === 'email' ? 254 : 100}
                onChange={(value) => set({ address: { ...state.address, [field]: value } })}
              />
            ))}
            {/* A Tunisian address's governorate, which shipping zones match (#36). */}
            {hasGovernorate(state.address.country) && (
              <SelectField
                label={t('governorate')}
                value={state.address.governorate ?? ''}
                options={[
                  { value: '', label: t('governorateNone') },
                  ...governorateOptions(locale),
                ]}
                onChange={(value) =>
                  set({
                    address: {
                      ...state.address,
                      governorate: value === '' ? null : (value as ShippingAddress['governorate']),
                    },
                  })
                }
              />
            )}
          </Grid>
        </Box>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="3">
          <TextField
            label={t('shipping')}
            inputMode="decimal"
            value={state.shipping}
            maxLength={13}
            onChange={(shipping) => set({ shipping })}
          />
          <TextField
            label={t('note')}
            value={state.note}
            maxLength={500}
            onChange={(note) => set({ note })}
          />
        </Grid>
        <Box as="section" aria-label={t('changesTitle')} data-testid="edit-changes">
          <Text fontWeight="semibold" mb="1">
            {t('changesTitle')}
          </Text>
          {changes.length === 0 ? (
            <Text color="fg.muted">{t('noChanges')}</Text>
          ) : (
            <List.Root ps="5">
              {changes.map((change, i) => (
                <List.Item key={i}>{changeText(t, change)}</List.Item>
              ))}
            </List.Root>
          )}
        </Box>
        {(shown.length > 0 || error) && (
          <Alert.Root status="error" size="sm" role="alert" data-testid="edit-error">
            <Alert.Indicator />
            <Alert.Description>
              {[...shown, ...(error ? [error] : [])].join(' · ')}
            </Alert.Description>
          </Alert.Root>
        )}
      </Stack>
    </form>
  );
}

function changeText(t: ReturnType<typeof useT>, change: EditChange): string {
  switch (change.change) {
    case 'quantity':
      return t('changeQuantity', { name: change.name, from: change.from, to: change.to });
    case 'added':
      return t('changeAdded', { name: change.name, to: change.to });
    case 'removed':
      return t('changeRemoved', { name: change.name });
    case 'address':
      return t('changeAddress');
    case 'shipping':
      return t('changeShipping', { from: formatMoney(change.from), to: formatMoney(change.to) });
  }
}
