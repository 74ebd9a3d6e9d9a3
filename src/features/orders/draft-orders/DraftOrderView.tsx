import {
  Alert,
  Box,
  Button,
  Flex,
  Grid,
  HStack,
  RadioGroup,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type {
  DraftOrder,
  DraftOrderCompleteStatus,
  ShippingMethod,
  Variant,
} from '@generated/model';
import { BackLink } from '@/components/layout/BackLink';
import { PageHeader } from '@/components/layout/PageHeader';
import { SelectField, TextAreaField, TextField } from '@/components/form';
import { formatMoney } from '@/lib/format';
import { LOCALE_NAMES, useLocale } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import {
  MAX_QUANTITY,
  PickerLines,
  VariantSearch,
  type LineOverride,
  type PickerLine,
} from '../line-picker';
import { governorateOptions, hasGovernorate, shippingMethodChoices } from '../shipping-display';
import { CustomerLookup } from './CustomerLookup';
import { DraftDiscount } from './DraftDiscount';
import {
  EMAIL_LANGUAGES,
  PROBLEM_KEYS,
  type DraftForm,
  type DraftFormLine,
  type MissingField,
} from './draft-form';
import { useT } from './messages';

export interface DraftOrderViewProps {
  /** The draft's id once saved (null: a new order not saved yet). */
  draftId: number | null;
  form: DraftForm;
  onFormChange: (form: DraftForm) => void;
  onPick: (variant: Variant) => void;
  /** The server's last answer: its priced lines and totals are what the page shows. */
  draft: DraftOrder | null;
  /** What keeps the form from being saved yet. */
  missing: readonly MissingField[];
  saving: boolean;
  /** The figures shown are not those of the form yet. */
  stale: boolean;
  /** The last save's refusal, in the server's words. */
  saveError: string | null;
  /** A completion's refusal naming a line (409): shown on that line. */
  refusal: { variantId: number; message: string } | null;
  completing: boolean;
  onComplete: (status: DraftOrderCompleteStatus) => void;
  /**
   * The shop's shipping methods (#36; undefined until loaded): the active ones are offered, and
   * the one the draft names even once inactive. None: no picker (the flat rate applies).
   */
  shippingMethods?: readonly ShippingMethod[] | undefined;
}

const PAYMENT_METHODS = ['cash_on_delivery', 'bank_transfer', 'card'] as const;
/** The words of DraftOrder.shipping_problem (keys of the messages). */
const SHIPPING_PROBLEM_KEYS = {
  no_vat_rate: 'shippingNoVatRate',
  no_shipping_method: 'shippingNoMethod',
  method_unavailable: 'shippingMethodUnavailable',
} as const satisfies Record<NonNullable<DraftOrder['shipping_problem']>, string>;
/** The statuses a completed draft may start in (DraftOrderComplete). */
const PLACE_AS: readonly DraftOrderCompleteStatus[] = ['pending', 'confirmed'];

function Panel({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = `panel-${testId ?? title}`;
  return (
    <Box
      as="section"
      aria-labelledby={id}
      borderWidth="1px"
      rounded="md"
      p="4"
      data-testid={testId}
    >
      <Text id={id} as="h2" fontWeight="semibold" mb="3">
        {title}
      </Text>
      {children}
    </Box>
  );
}

/** The staff order's screen (/admin/orders/new, /admin/orders/drafts/{id}; docs/product.md §10.23). */
export function DraftOrderView(props: DraftOrderViewProps) {
  const t = useT();
  const locale = useLocale();
  const { draftId, form, onFormChange, draft } = props;
  // The active methods, and the draft's own even when it is no longer (it says why it cannot).
  const offered = (props.shippingMethods ?? []).filter(
    (m) => m.is_active || m.id === form.shippingMethodId,
  );
  const set = (patch: Partial<DraftForm>) => onFormChange({ ...form, ...patch });
  const guest = (patch: Partial<DraftForm['guest']>) => set({ guest: { ...form.guest, ...patch } });
  const address = (patch: Partial<DraftForm['address']>) =>
    set({ address: { ...form.address, ...patch } });
  const setLines = (lines: DraftFormLine[]) => set({ lines });

  const priced = new Map((draft?.lines ?? []).map((l) => [l.variant_id, l]));
  const lines: PickerLine[] = form.lines.map((l) => {
    const line = priced.get(l.variantId);
    const problem =
      props.refusal?.variantId === l.variantId
        ? props.refusal.message
        : line?.problem
          ? t(PROBLEM_KEYS[line.problem], { count: line.available_quantity ?? 0 })
          : null;
    return {
      key: String(l.variantId),
      productId: l.productId,
      name: line?.product_name ?? l.name,
      variantTitle: line?.variant_title ?? l.variantTitle,
      sku: line?.product_sku ?? l.sku,
      quantity: l.quantity,
      // The server's figures of the same quantity only: another quantity is not priced yet.
      unitPrice: line && line.quantity === l.quantity ? line.unit_price_incl_vat : null,
      total: line && line.quantity === l.quantity ? line.total_price_incl_vat : null,
      problem,
      override: l.override,
    };
  });

  return (
    <>
      <BackLink href={draftId === null ? paths.orders.list : paths.orders.drafts}>
        {draftId === null ? t('backToOrders') : t('backToDrafts')}
      </BackLink>
      <PageHeader
        title={draftId === null ? t('newTitle') : t('draftTitle', { id: draftId })}
        description={t('newDescription')}
      />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        gap="6"
        alignItems="start"
      >
        <Stack gap="6" minW="0">
          <Panel title={t('linesSection')} testId="draft-lines">
            <Stack gap="4">
              <VariantSearch onPick={props.onPick} />
              <PickerLines
                lines={lines}
                onQuantityChange={(key, quantity) =>
                  setLines(
                    form.lines.map((l) =>
                      String(l.variantId) === key
                        ? { ...l, quantity: Math.min(quantity, MAX_QUANTITY) }
                        : l,
                    ),
                  )
                }
                onRemove={(key) => setLines(form.lines.filter((l) => String(l.variantId) !== key))}
                onOverride={(key, override: LineOverride | null) =>
                  setLines(
                    form.lines.map((l) => (String(l.variantId) === key ? { ...l, override } : l)),
                  )
                }
              />
            </Stack>
          </Panel>
          <Panel title={t('discountSection')} testId="draft-discount">
            <DraftDiscount
              code={form.discountCode}
              manual={form.manualDiscount}
              notice={draft?.discount_notice ?? null}
              onCodeChange={(discountCode) => set({ discountCode, manualDiscount: null })}
              onManualChange={(manualDiscount) => set({ manualDiscount, discountCode: null })}
            />
          </Panel>
          <Panel title={t('customerSection')} testId="draft-customer">
            {form.customerId !== null ? (
              <Text>{t('customerAccount', { email: draft?.customer_email ?? '' })}</Text>
            ) : (
              <Stack gap="3">
                <CustomerLookup
                  buyer={form.buyer}
                  email={form.guest.email}
                  onChoose={(customer) =>
                    set(
                      customer === null
                        ? { buyer: null }
                        : {
                            buyer: {
                              customerType: customer.customer_type,
                              vatNumber: customer.vat_number,
                              countryCode: customer.country_code,
                            },
                            guest: { ...form.guest, email: customer.email },
                          },
                    )
                  }
                />
                <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3">
                  <TextField
                    label={t('guestName')}
                    required
                    value={form.guest.name}
                    maxLength={200}
                    onChange={(name) => guest({ name })}
                  />
                  <TextField
                    label={t('guestPhone')}
                    required
                    type="tel"
                    value={form.guest.phone}
                    maxLength={30}
                    onChange={(phone) => guest({ phone })}
                  />
                  <TextField
                    label={t('guestEmail')}
                    type="email"
                    value={form.guest.email}
                    maxLength={254}
                    onChange={(email) => guest({ email })}
                  />
                </Grid>
              </Stack>
            )}
            <Box mt="3" maxW={{ md: 'sm' }}>
              {/* Each language by its own name, as the language menu shows it; blank: the
                  e-mails follow the shipping country (the server's rule). */}
              <SelectField
                label={t('customerLanguage')}
                helperText={t('customerLanguageHelp')}
                value={form.language ?? ''}
                options={[
                  { value: '', label: t('languageAutomatic') },
                  ...EMAIL_LANGUAGES.map((value) => ({ value, label: LOCALE_NAMES[value] })),
                ]}
                onChange={(value) =>
                  set({ language: value === '' ? null : (value as DraftForm['language']) })
                }
              />
            </Box>
          </Panel>
          <Panel title={t('addressSection')} testId="draft-address">
            <Text fontSize="sm" color="fg.muted" mb="3">
              {t('addressHelp')} {t('billingSameAsShipping')}
            </Text>
            <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="3">
              <TextField
                label={t('firstName')}
                value={form.address.first_name}
                maxLength={100}
                onChange={(first_name) => address({ first_name })}
              />
              <TextField
                label={t('lastName')}
                value={form.address.last_name}
                maxLength={100}
                onChange={(last_name) => address({ last_name })}
              />
              <TextField
                label={t('street')}
                required
                value={form.address.street_address}
                maxLength={255}
                onChange={(street_address) => address({ street_address })}
              />
              <TextField
                label={t('apartment')}
                value={form.address.apartment}
                maxLength={100}
                onChange={(apartment) => address({ apartment })}
              />
              <TextField
                label={t('city')}
                required
                value={form.address.city}
                maxLength={100}
                onChange={(city) => address({ city })}
              />
              <TextField
                label={t('postalCode')}
                required
                value={form.address.postal_code}
                maxLength={20}
                onChange={(postal_code) => address({ postal_code })}
              />
              <TextField
                label={t('country')}
                required
                value={form.address.country}
                maxLength={2}
                onChange={(country) => address({ country })}
              />
              {/* A Tunisian address's governorate, which shipping zones match (#36). */}
              {hasGovernorate(form.address.country) && (
                <SelectField
                  label={t('governorate')}
                  value={form.address.governorate}
                  options={[
                    { value: '', label: t('governorateNone') },
                    ...governorateOptions(locale),
                  ]}
                  onChange={(value) =>
                    address({ governorate: value as DraftForm['address']['governorate'] })
                  }
                />
              )}
              <TextField
                label={t('company')}
                value={form.address.company}
                maxLength={200}
                onChange={(company) => address({ company })}
              />
              <TextField
                label={t('phone')}
                type="tel"
                value={form.address.phone}
                maxLength={30}
                onChange={(phone) => address({ phone })}
              />
              <TextField
                label={t('email')}
                type="email"
                value={form.address.email}
                maxLength={254}
                onChange={(email) => address({ email })}
              />
            </Grid>
          </Panel>
          <Panel title={t('paymentSection')} testId="draft-payment">
            <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="3">
              <SelectField
                label={t('paymentMethod')}
                value={form.paymentMethod}
                options={PAYMENT_METHODS.map((value) => ({
                  value,
                  label: t(`payment_${value}`),
                }))}
                onChange={(value) => set({ paymentMethod: value as DraftForm['paymentMethod'] })}
              />
              {offered.length > 0 && (
                <SelectField
                  label={t('shippingMethod')}
                  helperText={t('shippingMethodHelp')}
                  value={form.shippingMethodId === null ? '' : String(form.shippingMethodId)}
                  options={[
                    { value: '', label: t('shippingMethodNone') },
                    ...shippingMethodChoices(offered, locale),
                  ]}
                  onChange={(value) =>
                    set({ shippingMethodId: value === '' ? null : Number(value) })
                  }
                />
              )}
              <TextField
                label={t('shipping')}
                helperText={offered.length > 0 ? t('shippingHelpWithMethods') : t('shippingHelp')}
                inputMode="decimal"
                value={form.shipping}
                maxLength={13}
                onChange={(shipping) => set({ shipping })}
              />
            </Grid>
            <Box mt="3">
              <TextAreaField
                label={t('notes')}
                value={form.notes}
                maxLength={1000}
                onChange={(notes) => set({ notes })}
              />
            </Box>
          </Panel>
        </Stack>
        <Box position={{ lg: 'sticky' }} top={{ lg: '4' }} minW="0">
          <TotalsPanel {...props} />
        </Box>
      </Grid>
    </>
  );
}

function TotalsPanel({
  form,
  draft,
  missing,
  saving,
  stale,
  saveError,
  completing,
  onComplete,
}: DraftOrderViewProps) {
  const t = useT();
  const [status, setStatus] = useState<DraftOrderCompleteStatus>('pending');
  const rows: [string, string][] = draft
    ? [
        [t('subtotal'), formatMoney(draft.subtotal)],
        [t('vatAmount'), formatMoney(draft.vat_amount)],
        [t('shippingLine'), formatMoney(draft.shipping_amount)],
        ...(draft.shipping_vat_amount !== null
          ? [[t('shippingVat'), formatMoney(draft.shipping_vat_amount)] as [string, string]]
          : []),
        // As the order detail shows it: excl. VAT, negative, only when above zero.
        ...(draft.discount && Number(draft.discount_amount) > 0
          ? [
              [
                t('discountLine', { name: draft.discount.code ?? draft.discount.name }),
                `-${formatMoney(draft.discount_amount)}`,
              ] as [string, string],
            ]
          : []),
        // The stamp duty the order will bear (#30), as the order detail shows it.
        ...(Number(draft.stamp_duty_amount) > 0
          ? [[t('stampDutyLine'), formatMoney(draft.stamp_duty_amount)] as [string, string]]
          : []),
        [t('total'), formatMoney(draft.total_amount)],
      ]
    : [];
  const canComplete =
    draft !== null && draft.completable && !stale && saveError === null && !completing;
  return (
    <Panel title={t('totalsSection')} testId="draft-totals">
      <Stack gap="3">
        {draft ? (
          <Stack gap="1" aria-busy={stale} opacity={stale ? 0.6 : 1}>
            {rows.map(([label, value]) => (
              <Flex key={label} justify="space-between" data-testid="draft-total-line">
                <Text>{label}</Text>
                <Text fontVariantNumeric="tabular-nums">{value}</Text>
              </Flex>
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {t('totalsPending')}
          </Text>
        )}
        {draft?.shipping_problem && (
          <Text color="fg.error" fontSize="sm" data-testid="shipping-problem">
            {t(SHIPPING_PROBLEM_KEYS[draft.shipping_problem])}
          </Text>
        )}
        {missing.length > 0 && form.lines.length > 0 && (
          <Alert.Root status="info" size="sm" data-testid="draft-missing">
            <Alert.Content>
              <Alert.Title>{t('missingTitle')}</Alert.Title>
              <Alert.Description>
                {missing.map((key) => t(`missing_${key}`)).join(', ')}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Box aria-live="polite" fontSize="sm" color="fg.muted" data-testid="draft-save-state">
          {saving ? (
            <HStack gap="2">
              <Spinner size="xs" />
              <Text>{t('saving')}</Text>
            </HStack>
          ) : saveError ? (
            <Text color="fg.error">{t('notSaved', { reason: saveError })}</Text>
          ) : (
            draft && !stale && <Text>{t('saved')}</Text>
          )}
        </Box>
        <RadioGroup.Root
          size="sm"
          value={status}
          onValueChange={(e) => setStatus(e.value as DraftOrderCompleteStatus)}
        >
          <Text fontSize="sm" fontWeight="medium" mb="1" id="draft-place-as">
            {t('placeAs')}
          </Text>
          <Stack gap="1" aria-labelledby="draft-place-as" role="presentation">
            {PLACE_AS.map((value) => (
              <RadioGroup.Item key={value} value={value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {value === 'pending' ? t('statusPending') : t('statusConfirmed')}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        <Button
          disabled={!canComplete}
          loading={completing}
          loadingText={t('completing')}
          onClick={() => onComplete(status)}
        >
          {t('complete')}
        </Button>
      </Stack>
    </Panel>
  );
}
