import {
  Box,
  Button,
  Field,
  Flex,
  Grid,
  HStack,
  Separator,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { Invoice, Order, OrderItem, OrderStatus } from '@generated/model';
import { PageHeader } from '@/components/layout/PageHeader';
import { formatDateTime, formatMoney, toDecimal } from '@/lib/format';
import { BackLink } from '@/components/layout/BackLink';
import { DetailPlaceholder, type DetailLoadState } from '@/components/layout/DetailPlaceholder';
import { LOCALE_NAMES, useLocale } from '@/lib/i18n';
import { customerName, customerTypeWords, paymentLabel } from './order-display';
import { governorateName, hasCodFee, methodName } from './shipping-display';
import { DocumentsPanel, type DocumentsPanelProps } from './DocumentsPanel';
import { Detail, Section } from './OrderSection';
import { OrderTimeline, type OrderTimelineProps } from './OrderTimeline';
import { ShipmentForm, type ShipmentFormProps } from './ShipmentForm';
import { StatusBadge } from './StatusBadge';
import { isolate } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useT } from './messages';
import { StatusSelect } from './StatusSelect';
import { StatusChangeConfirm } from './StatusChangeConfirm';
import { asksFirst } from '../../../contract/order-status';

/** `notFound`: no such order (404, or an id that is not a number). */
export interface OrderDetailViewProps extends DetailLoadState {
  /** The order; undefined until loaded. */
  order: Order | undefined;
  /**
   * Sends the new status (cancelled and refunded once confirmed in the view's dialog: they
   * restock and may issue a credit note); the view shows it as chosen until the order has been
   * reloaded. Without
   * it (an admin who may not write orders) the status is shown, not offered for change.
   */
  onStatusChange?: (status: OrderStatus) => void;
  /** The status being sent, else null (the selector is disabled meanwhile). */
  pendingStatus?: OrderStatus | null;
  /** The invoices, credit notes and packing slip panel (not shown without). */
  documents?: DocumentsPanelProps;
  /** The timeline with its note form (not shown without). */
  timeline?: OrderTimelineProps;
  /** The returns and their "Return items" dialog (returns/OrderReturns; not shown without). */
  returns?: ReactNode;
  /** The payments panel (payments/OrderPaymentsPanel; not shown without). */
  payments?: ReactNode;
  /** Buttons beside the title ('Edit order', edit/EditOrder; none without). */
  actions?: ReactNode;
  /**
   * Sends the carrier and tracking number. Without it the shipment panel shows the shipment
   * set, if any, without its form (nothing when none is set).
   */
  onShipmentSave?: ShipmentFormProps['onSave'];
  /**
   * Confirms the VAT number of a reverse-charge order awaiting it (vat_number_review
   * to_confirm). Without it (an admin who may not write orders) the review is shown, not offered.
   */
  onConfirmVatNumber?: () => void;
  /** The confirmation is being sent (the button is busy meanwhile). */
  confirmingVatNumber?: boolean;
}

function BackToOrders() {
  const t = useT();
  return <BackLink href={paths.orders.list}>{t('backToOrders')}</BackLink>;
}

/** The order detail of /admin/orders/{id} (docs/product.md §2). */
export function OrderDetailView({
  order,
  onStatusChange,
  pendingStatus = null,
  documents,
  timeline,
  returns,
  payments,
  actions,
  onShipmentSave,
  onConfirmVatNumber,
  confirmingVatNumber = false,
  ...state
}: OrderDetailViewProps) {
  const t = useT();
  if (state.notFound || !order)
    return (
      <DetailPlaceholder
        back={<BackToOrders />}
        state={state}
        text={{
          notFoundTitle: t('notFoundTitle'),
          notFoundText: t('notFoundText'),
          title: t('orderTitle'),
          unavailable: t('orderUnavailable'),
          loading: t('loadingOrder'),
        }}
      />
    );

  return (
    <>
      <BackToOrders />
      <PageHeader
        title={t('detailTitle', { number: order.order_number })}
        description={t('placedOn', { date: formatDateTime(order.created_at) })}
        actions={actions}
      />
      {/* On a phone the timeline comes last, after the status and the paperwork; on a wide
          screen it sits under the items, beside the side column. */}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        templateRows={{ lg: 'auto 1fr' }}
        alignItems="start"
        gap="6"
      >
        <Stack gap="6" minW="0">
          <ItemsCard order={order} />
          {returns}
        </Stack>
        <Stack gap="6" minW="0" gridRow={{ lg: 'span 2' }}>
          <StatusCard
            order={order}
            onStatusChange={onStatusChange}
            pendingStatus={pendingStatus}
            documents={documents?.documents}
          />
          {documents && <DocumentsPanel {...documents} />}
          {payments}
          {(onShipmentSave || order.shipment) && (
            <ShipmentForm
              shipment={order.shipment}
              method={order.shipping_method}
              onSave={onShipmentSave}
            />
          )}
          <CustomerCard
            order={order}
            onConfirmVatNumber={onConfirmVatNumber}
            confirming={confirmingVatNumber}
          />
          <ShippingCard order={order} />
        </Stack>
        {timeline && (
          <Box minW="0" gridColumn={{ lg: '1' }}>
            <OrderTimeline {...timeline} />
          </Box>
        )}
      </Grid>
    </>
  );
}

function StatusCard({
  order,
  onStatusChange,
  pendingStatus,
  documents,
}: {
  order: Order;
  onStatusChange: ((status: OrderStatus) => void) | undefined;
  pendingStatus: OrderStatus | null;
  documents: readonly Invoice[] | undefined;
}) {
  const t = useT();
  const pending = pendingStatus !== null;
  // Cancelled or refunded, chosen and not confirmed yet: the selector keeps the order's status.
  const [asked, setAsked] = useState<OrderStatus | null>(null);
  const choose = (status: OrderStatus) => {
    if (asksFirst(order.status, status)) setAsked(status);
    else onStatusChange?.(status);
  };
  return (
    <Section title={t('statusCard')} testId="order-status-card">
      <Stack gap="4">
        <Detail label={t('currentStatus')}>
          <StatusBadge status={order.status} size="md" data-testid="current-status" />
        </Detail>
        {onStatusChange && (
          <Field.Root disabled={pending}>
            <Field.Label>{t('changeStatus')}</Field.Label>
            <HStack w="full">
              <StatusSelect
                status={order.status}
                pendingStatus={pendingStatus}
                onStatusChange={choose}
              />
              {pending && <Spinner size="sm" role="status" aria-label={t('updatingStatus')} />}
            </HStack>
          </Field.Root>
        )}
        {onStatusChange && (
          <StatusChangeConfirm
            order={order}
            to={asked}
            documents={documents}
            onConfirm={(status) => {
              setAsked(null);
              onStatusChange(status);
            }}
            onCancel={() => setAsked(null)}
          />
        )}
        <Detail label={t('paymentMethod')} testId="payment-method">
          {paymentLabel(order.payment_method)}
        </Detail>
      </Stack>
    </Section>
  );
}

function CustomerCard({
  order,
  onConfirmVatNumber,
  confirming,
}: {
  order: Order;
  onConfirmVatNumber?: () => void;
  confirming: boolean;
}) {
  const t = useT();
  return (
    <Section title={t('customerInformation')} testId="customer-information">
      <Stack gap="3">
        <Detail label={t('name')}>{customerName(order)}</Detail>
        {order.shipping_address?.email && (
          <Detail label={t('email')}>
            <bdi>{order.shipping_address.email}</bdi>
          </Detail>
        )}
        <Detail label={t('customerType')}>
          <Text as="span" textTransform="capitalize">
            {customerTypeWords(order.customer_type)}
          </Text>
        </Detail>
        <Detail label={t('emailLanguage')} testId="email-language">
          {/* The language's own name (as the language menu shows it); the country's when none
              was chosen, which the staff is told so as not to mistake it for a choice. */}
          {order.language ? (
            <bdi lang={order.email_language}>{LOCALE_NAMES[order.email_language]}</bdi>
          ) : (
            t('emailLanguageFromCountry', { name: LOCALE_NAMES[order.email_language] })
          )}
        </Detail>
        {order.vat_number && (
          <Detail label={t('vatNumber')}>
            <bdi>{order.vat_number}</bdi>
          </Detail>
        )}
        {order.vat_number && order.vat_number_check && (
          <Text
            fontSize="sm"
            color={order.vat_number_check === 'vies_confirmed' ? 'fg.success' : 'fg.warning'}
            data-testid="vat-number-check"
          >
            {t(`vatCheck.${order.vat_number_check}`)}
          </Text>
        )}
        {order.vat_number_review === 'to_confirm' && (
          <Stack
            gap="2"
            p="3"
            rounded="md"
            borderWidth="1px"
            borderColor="border.warning"
            bg="bg.warning"
            data-testid="vat-review"
          >
            <Text fontWeight="medium">{t('vatReview.to_confirm')}</Text>
            <Text fontSize="sm">{t('vatReviewNeeded')}</Text>
            {onConfirmVatNumber && (
              <Button
                size="sm"
                alignSelf="flex-start"
                onClick={onConfirmVatNumber}
                loading={confirming}
                loadingText={t('confirmVatNumber')}
              >
                {t('confirmVatNumber')}
              </Button>
            )}
          </Stack>
        )}
        {order.vat_number_review === 'confirmed' && (
          <Text fontSize="sm" color="fg.success" data-testid="vat-review">
            {t('vatReviewDone')}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

function ShippingCard({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  const a = order.shipping_address;
  const lines = [
    a?.company,
    [a?.first_name, a?.last_name].filter(Boolean).join(' '),
    a?.street_address,
    a?.apartment,
    // The governorate by its name in the language of the moment (#36), beside the city.
    [a?.city, governorateName(a?.governorate, locale), a?.state, a?.postal_code]
      .filter(Boolean)
      .join(', '),
    a?.country,
  ].filter((line): line is string => Boolean(line && line.trim()));
  return (
    <Section title={t('shippingAddress')} testId="shipping-address">
      <Stack gap="0.5" overflowWrap="anywhere">
        {lines.map((line, index) => (
          <Text key={index} fontWeight={index === 0 && a?.company ? 'medium' : undefined}>
            <bdi>{line}</bdi>
          </Text>
        ))}
        {a?.phone && (
          <Text color="fg.muted" mt="2">
            <bdi>{a.phone}</bdi>
          </Text>
        )}
      </Stack>
      {order.shipping_method && <ShippingMethodLines method={order.shipping_method} />}
    </Section>
  );
}

/**
 * The shipping method the order was given, as frozen at checkout (#36): its name in the language
 * of the moment, its carrier, and what it charged (the rate, and the cash-on-delivery fee apart).
 */
function ShippingMethodLines({ method }: { method: NonNullable<Order['shipping_method']> }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Stack gap="3" mt="4" data-testid="shipping-method">
      <Detail label={t('shippingMethod')}>
        <bdi>{methodName(method.name, locale)}</bdi>
      </Detail>
      {method.carrier && (
        <Detail label={t('carrier')}>
          <bdi>{method.carrier}</bdi>
        </Detail>
      )}
      <Detail label={t('shippingMethodPrice')} testId="shipping-method-price">
        {toDecimal(method.price)?.gt(0) ? formatMoney(method.price) : t('shippingFree')}
      </Detail>
      {hasCodFee(method) && (
        <Detail label={t('shippingCodFee')} testId="shipping-method-cod-fee">
          {formatMoney(method.cod_fee)}
        </Detail>
      )}
    </Stack>
  );
}

function ItemsCard({ order }: { order: Order }) {
  const t = useT();
  const discount = toDecimal(order.discount_amount);
  return (
    <Section title={t('orderItems')} testId="order-items">
      <Stack gap="0" separator={<Separator />}>
        {order.items.map((item) => (
          <ItemLine key={item.id} item={item} />
        ))}
      </Stack>
      <Separator my="4" />
      <Stack gap="2" data-testid="order-totals">
        <TotalLine label={t('subtotal')} value={formatMoney(order.subtotal)} />
        <TotalLine label={t('vatAmount')} value={formatMoney(order.vat_amount)} />
        <TotalLine label={t('shipping')} value={formatMoney(order.shipping_amount)} />
        {toDecimal(order.shipping_vat_amount)?.gt(0) && (
          <Text fontSize="xs" color="fg.muted" textAlign="end" data-testid="shipping-vat">
            {t('shippingVat', { amount: formatMoney(order.shipping_vat_amount) })}
          </Text>
        )}
        {discount?.gt(0) && (
          <TotalLine
            label={
              // Its code, else its name (an automatic promotion, a manual discount's reason).
              order.discount
                ? t('discountNamed', { name: isolate(order.discount.code ?? order.discount.name) })
                : t('discount')
            }
            value={`-${formatMoney(order.discount_amount)}`}
            note={order.discount?.code ? order.discount.name : undefined}
          />
        )}
        {/* Its own line, in the total, when the order bears it (#30): never taxed. */}
        {toDecimal(order.stamp_duty_amount)?.gt(0) && (
          <TotalLine label={t('stampDuty')} value={formatMoney(order.stamp_duty_amount)} />
        )}
        <Separator />
        <TotalLine label={t('total')} value={formatMoney(order.total_amount)} strong />
        {order.vat_reverse_charge && (
          <Text fontSize="sm" color="fg.muted" data-testid="reverse-charge">
            {t('reverseCharge')}
          </Text>
        )}
        {order.vat_treatment === 'export' && (
          <Text fontSize="sm" color="fg.muted" data-testid="export-zero-rate">
            {t('exportZeroRate')}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

function ItemLine({ item }: { item: OrderItem }) {
  const t = useT();
  return (
    <Flex
      py="3"
      gap="4"
      justify="space-between"
      align="flex-start"
      data-testid="order-item"
      direction={{ base: 'column', sm: 'row' }}
    >
      <Box minW="0">
        <Text fontWeight="medium" overflowWrap="anywhere">
          {item.product_name}
        </Text>
        {item.variant_title && (
          <Text fontSize="sm" color="fg.muted">
            {item.variant_title}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          {t('quantity', { quantity: item.quantity })}
          {item.product_sku && ' · '}
          {/* Its own box: a long SKU moves to the next line whole rather than breaking at a
              hyphen, which in Arabic also reordered its pieces. */}
          {item.product_sku && (
            <Box as="span" display="inline-block">
              {t('sku', { sku: isolate(item.product_sku) })}
            </Box>
          )}
        </Text>
      </Box>
      <Box textAlign={{ base: 'start', sm: 'end' }} flexShrink={0}>
        <Text fontWeight="medium" data-testid="line-total">
          {formatMoney(item.total_price_incl_vat)}
        </Text>
        <Text fontSize="sm" color="fg.muted" data-testid="unit-price">
          {t('unitPrice', { price: formatMoney(item.unit_price_incl_vat) })}
        </Text>
        {toDecimal(item.discount_amount)?.gt(0) && (
          <Text fontSize="sm" color="fg.muted" data-testid="item-discount">
            {t('itemDiscount', { amount: `-${formatMoney(item.discount_amount)}` })}
          </Text>
        )}
      </Box>
    </Flex>
  );
}

function TotalLine({
  label,
  value,
  strong,
  note,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** A muted line under the label (the discount's name). */
  note?: string | undefined;
}) {
  return (
    <Flex
      justify="space-between"
      gap="4"
      fontWeight={strong ? 'semibold' : undefined}
      fontSize={strong ? 'lg' : undefined}
      data-testid="total-line"
    >
      {note ? (
        <Box minW="0">
          <Text>{label}</Text>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere" data-testid="discount-name">
            {note}
          </Text>
        </Box>
      ) : (
        <Text>{label}</Text>
      )}
      <Text whiteSpace="nowrap">{value}</Text>
    </Flex>
  );
}
