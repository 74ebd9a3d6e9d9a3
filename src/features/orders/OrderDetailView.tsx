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
import { Link } from 'wouter';
import type { Order, OrderItem, OrderStatus } from '@generated/model';
import { PageHeader } from '@/components/layout/PageHeader';
import { Select } from '@/components/form';
import { formatDateTime, formatMoney, toDecimal } from '@/lib/format';
import { ArrowLeftIcon } from '@/components/icons';
import { customerName, paymentLabel, STATUS_OPTIONS } from './order-display';
import { DocumentsPanel, type DocumentsPanelProps } from './DocumentsPanel';
import { Detail, Section } from './OrderSection';
import { OrderTimeline, type OrderTimelineProps } from './OrderTimeline';
import { ShipmentForm, type ShipmentFormProps } from './ShipmentForm';
import { StatusBadge } from './StatusBadge';
import { paths } from '@/lib/paths';

const REVERSE_CHARGE_NOTE = '* VAT Reverse Charge applies (B2B EU)';

/** How the buyer's VAT number was checked at checkout (Order.vat_number_check). */
const VAT_NUMBER_CHECK_TEXT: Record<NonNullable<Order['vat_number_check']>, string> = {
  format_invalid: 'VAT number: invalid format',
  format_checked: 'VAT number: format checked only',
  vies_confirmed: 'VAT number: confirmed by VIES',
  vies_rejected: 'VAT number: rejected by VIES',
};

export interface OrderDetailViewProps {
  /** The order; undefined until loaded. */
  order: Order | undefined;
  loading: boolean;
  /** No such order (404, or an id that is not a number). */
  notFound?: boolean;
  /** The order could not be loaded for another reason (the container toasts it). */
  failed?: boolean;
  onRetry?: () => void;
  /** Sends the new status; the view shows it as chosen until the order has been reloaded. */
  onStatusChange: (status: OrderStatus) => void;
  /** The status being sent, else null (the selector is disabled meanwhile). */
  pendingStatus?: OrderStatus | null;
  /** The invoices, credit notes and packing slip panel (not shown without). */
  documents?: DocumentsPanelProps;
  /** The timeline with its note form (not shown without). */
  timeline?: OrderTimelineProps;
  /** Sends the carrier and tracking number (the shipment panel is not shown without). */
  onShipmentSave?: ShipmentFormProps['onSave'];
}

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" mb="2" ms="-2">
      <Link href={paths.orders.list}>
        <ArrowLeftIcon />
        Back to Orders
      </Link>
    </Button>
  );
}

/** The order detail of /admin/orders/{id} (docs/product.md §2). */
export function OrderDetailView({
  order,
  loading,
  notFound = false,
  failed = false,
  onRetry,
  onStatusChange,
  pendingStatus = null,
  documents,
  timeline,
  onShipmentSave,
}: OrderDetailViewProps) {
  if (notFound)
    return (
      <>
        <BackLink />
        <PageHeader title="Order not found" />
        <Text color="fg.muted">This order does not exist or has been deleted.</Text>
      </>
    );

  if (!order)
    return (
      <>
        <BackLink />
        <PageHeader title="Order" />
        {failed && !loading ? (
          <Flex direction="column" align="center" gap="3" py="10" borderWidth="1px" rounded="md">
            <Text color="fg.muted">The order could not be loaded.</Text>
            {onRetry && (
              <Button size="sm" variant="outline" onClick={onRetry}>
                Retry
              </Button>
            )}
          </Flex>
        ) : (
          <Flex role="status" align="center" justify="center" gap="3" py="10" color="fg.muted">
            <Spinner size="sm" />
            <Text>Loading order...</Text>
          </Flex>
        )}
      </>
    );

  return (
    <>
      <BackLink />
      <PageHeader
        title={`Order ${order.order_number}`}
        description={`Placed on ${formatDateTime(order.created_at)}`}
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
        </Stack>
        <Stack gap="6" minW="0" gridRow={{ lg: 'span 2' }}>
          <StatusCard order={order} onStatusChange={onStatusChange} pendingStatus={pendingStatus} />
          {documents && <DocumentsPanel {...documents} />}
          {onShipmentSave && <ShipmentForm shipment={order.shipment} onSave={onShipmentSave} />}
          <CustomerCard order={order} />
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
}: {
  order: Order;
  onStatusChange: (status: OrderStatus) => void;
  pendingStatus: OrderStatus | null;
}) {
  const pending = pendingStatus !== null;
  return (
    <Section title="Order Status" testId="order-status-card">
      <Stack gap="4">
        <Detail label="Current status">
          <StatusBadge status={order.status} size="md" data-testid="current-status" />
        </Detail>
        <Field.Root disabled={pending}>
          <Field.Label>Change status</Field.Label>
          <HStack w="full">
            <Select
              size="sm"
              flex="1"
              options={STATUS_OPTIONS}
              value={pendingStatus ?? order.status}
              onChange={(event) => {
                const status = event.target.value as OrderStatus;
                if (status !== order.status) onStatusChange(status);
              }}
            />
            {pending && <Spinner size="sm" aria-label="Updating status" />}
          </HStack>
        </Field.Root>
        <Detail label="Payment Method" testId="payment-method">
          {paymentLabel(order.payment_method)}
        </Detail>
      </Stack>
    </Section>
  );
}

function CustomerCard({ order }: { order: Order }) {
  return (
    <Section title="Customer Information" testId="customer-information">
      <Stack gap="3">
        <Detail label="Name">{customerName(order)}</Detail>
        {order.shipping_address?.email && (
          <Detail label="Email">{order.shipping_address.email}</Detail>
        )}
        <Detail label="Customer Type">
          <Text as="span" textTransform="capitalize">
            {order.customer_type}
          </Text>
        </Detail>
        {order.vat_number && <Detail label="VAT Number">{order.vat_number}</Detail>}
        {order.vat_number && order.vat_number_check && (
          <Text
            fontSize="sm"
            color={order.vat_number_check === 'vies_confirmed' ? 'fg.success' : 'fg.warning'}
            data-testid="vat-number-check"
          >
            {VAT_NUMBER_CHECK_TEXT[order.vat_number_check]}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

function ShippingCard({ order }: { order: Order }) {
  const a = order.shipping_address;
  const lines = [
    a?.company,
    [a?.first_name, a?.last_name].filter(Boolean).join(' '),
    a?.street_address,
    a?.apartment,
    [a?.city, a?.state, a?.postal_code].filter(Boolean).join(', '),
    a?.country,
  ].filter((line): line is string => Boolean(line && line.trim()));
  return (
    <Section title="Shipping Address" testId="shipping-address">
      <Stack gap="0.5" overflowWrap="anywhere">
        {lines.map((line, index) => (
          <Text key={index} fontWeight={index === 0 && a?.company ? 'medium' : undefined}>
            {line}
          </Text>
        ))}
        {a?.phone && (
          <Text color="fg.muted" mt="2">
            {a.phone}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

function ItemsCard({ order }: { order: Order }) {
  const discount = toDecimal(order.discount_amount);
  return (
    <Section title="Order Items" testId="order-items">
      <Stack gap="0" separator={<Separator />}>
        {order.items.map((item) => (
          <ItemLine key={item.id} item={item} />
        ))}
      </Stack>
      <Separator my="4" />
      <Stack gap="2" data-testid="order-totals">
        <TotalLine label="Subtotal (excl. VAT)" value={formatMoney(order.subtotal)} />
        <TotalLine label="VAT Amount" value={formatMoney(order.vat_amount)} />
        <TotalLine label="Shipping" value={formatMoney(order.shipping_amount)} />
        {toDecimal(order.shipping_vat_amount)?.gt(0) && (
          <Text fontSize="xs" color="fg.muted" textAlign="end" data-testid="shipping-vat">
            {`VAT Amount includes ${formatMoney(order.shipping_vat_amount)} on shipping`}
          </Text>
        )}
        {discount?.gt(0) && (
          <TotalLine label="Discount" value={`-${formatMoney(order.discount_amount)}`} />
        )}
        <Separator />
        <TotalLine label="Total" value={formatMoney(order.total_amount)} strong />
        {order.vat_reverse_charge && (
          <Text fontSize="sm" color="fg.muted" data-testid="reverse-charge">
            {REVERSE_CHARGE_NOTE}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

function ItemLine({ item }: { item: OrderItem }) {
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
          Quantity: {item.quantity}
          {item.product_sku && <> · SKU: {item.product_sku}</>}
        </Text>
      </Box>
      <Box textAlign={{ base: 'start', sm: 'end' }} flexShrink={0}>
        <Text fontWeight="medium" data-testid="line-total">
          {formatMoney(item.total_price_incl_vat)}
        </Text>
        <Text fontSize="sm" color="fg.muted" data-testid="unit-price">
          {formatMoney(item.unit_price_incl_vat)} each
        </Text>
      </Box>
    </Flex>
  );
}

function TotalLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex
      justify="space-between"
      gap="4"
      fontWeight={strong ? 'semibold' : undefined}
      fontSize={strong ? 'lg' : undefined}
      data-testid="total-line"
    >
      <Text>{label}</Text>
      <Text whiteSpace="nowrap">{value}</Text>
    </Flex>
  );
}
