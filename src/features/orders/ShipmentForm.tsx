import { Box, Button, Stack } from '@chakra-ui/react';
import { useFormik } from 'formik';
import type { FormEvent } from 'react';
import type { OrderShipment, OrderShipmentUpdate } from '@generated/model';
import { bindText, TextField } from '@/components/form';
import { formatDateTime } from '@/lib/format';
import { toShipmentUpdate, validateShipment } from './order-paperwork';
import { Detail, Section } from './OrderSection';
import { useT } from './messages';

const SHIPMENT_FIELDS = [
  ['carrier', 'carrier'],
  ['tracking_number', 'trackingNumber'],
] as const;

export interface ShipmentFormProps {
  /** The carrier and tracking number set, else null. */
  shipment: OrderShipment | null;
  /**
   * Sends the trimmed values; the container reports the outcome. Without it (an admin who may not
   * write orders) the shipment is shown, without the form.
   */
  onSave?: ((shipment: OrderShipmentUpdate) => Promise<unknown>) | undefined;
}

/** The carrier and tracking number of the order, and the form to set or correct them. */
export function ShipmentForm({ shipment, onSave }: ShipmentFormProps) {
  const t = useT();
  const form = useFormik<OrderShipmentUpdate>({
    initialValues: {
      carrier: shipment?.carrier ?? '',
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
              <bdi>{shipment.tracking_number}</bdi>
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
