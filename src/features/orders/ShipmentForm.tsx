import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import type { FormEvent } from 'react';
import type { OrderShipment, OrderShipmentUpdate, OrderShippingMethod } from '@generated/model';
import { bindText, TextField } from '@/components/form';
import { formatDateTime } from '@/lib/format';
import { toShipmentUpdate, validateShipment } from './order-paperwork';
import { Detail, Section } from './OrderSection';
import { trackingUrl } from './shipping-display';
import { useT } from './messages';

const SHIPMENT_FIELDS = [
  ['carrier', 'carrier'],
  ['tracking_number', 'trackingNumber'],
] as const;

export interface ShipmentFormProps {
  /** The carrier and tracking number set, else null. */
  shipment: OrderShipment | null;
  /**
   * The order's shipping method (#36): its carrier fills the empty form, and its tracking-URL
   * template shows the link the server will build from the number. Null or omitted: none.
   */
  method?: OrderShippingMethod | null | undefined;
  /**
   * Sends the trimmed values; the container reports the outcome. Without it (an admin who may not
   * write orders) the shipment is shown, without the form.
   */
  onSave?: ((shipment: OrderShipmentUpdate) => Promise<unknown>) | undefined;
}

/** The carrier and tracking number of the order, and the form to set or correct them. */
export function ShipmentForm({ shipment, method = null, onSave }: ShipmentFormProps) {
  const t = useT();
  const form = useFormik<OrderShipmentUpdate>({
    initialValues: {
      // The method's carrier until a shipment is set: the one the customer chose to ship with.
      carrier: shipment?.carrier ?? method?.carrier ?? '',
      tracking_number: shipment?.tracking_number ?? '',
    },
    // The saved values become the form's: it is no longer dirty once the order is reloaded.
    enableReinitialize: true,
    validate: (values) => validateShipment(values).errors,
    onSubmit: async (values) => {
      await onSave?.(toShipmentUpdate(values));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.setTouched({ carrier: true, tracking_number: true }, false);
    void form.submitForm();
  };

  return (
    <Section title={t('shipment')} testId="order-shipment">
      <Stack gap="4">
        {shipment && (
          <Stack gap="3" data-testid="shipment-details">
            <Detail label={t('carrier')}>{shipment.carrier}</Detail>
            <Detail label={t('trackingNumber')}>
              <TrackingNumber number={shipment.tracking_number} url={shipment.tracking_url} />
            </Detail>
            <Detail label={t('updated')}>{formatDateTime(shipment.updated_at)}</Detail>
          </Stack>
        )}
        {onSave && (
          <form onSubmit={submit} noValidate>
            <Stack gap="3">
              {SHIPMENT_FIELDS.map(([name, label]) => (
                <TextField
                  key={name}
                  label={t(label)}
                  required
                  maxLength={100}
                  disabled={form.isSubmitting}
                  {...bindText(form, name)}
                />
              ))}
              {method?.tracking_url_template && (
                <TrackingHint
                  template={method.tracking_url_template}
                  number={form.values.tracking_number.trim()}
                />
              )}
              <Box>
                <Button type="submit" size="sm" loading={form.isSubmitting}>
                  {shipment ? t('updateShipment') : t('saveShipment')}
                </Button>
              </Box>
            </Stack>
          </form>
        )}
      </Stack>
    </Section>
  );
}

/**
 * A tracking number, as a link to the carrier's tracking page when the server built one (a new
 * tab: the order stays open; noopener: the carrier's page gets no hold on this one).
 */
export function TrackingNumber({ number, url }: { number: string; url: string | null }) {
  const t = useT();
  return url ? (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      colorPalette="blue"
      variant="underline"
      aria-label={t('trackingLinkLabel', { tracking: number })}
      data-testid="tracking-link"
    >
      <bdi>{number}</bdi>
    </Link>
  ) : (
    <bdi>{number}</bdi>
  );
}

/** The link the method's template will give once saved: the number typed, else the template. */
function TrackingHint({ template, number }: { template: string; number: string }) {
  const t = useT();
  const url = number === '' ? template : trackingUrl(template, number);
  return (
    <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere" data-testid="tracking-hint">
      {t('trackingLinkHint')} <bdi dir="ltr">{url}</bdi>
    </Text>
  );
}
