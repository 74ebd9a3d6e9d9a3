import { Box, Button, Stack } from '@chakra-ui/react';
import { useFormik } from 'formik';
import type { FormEvent } from 'react';
import type { OrderShipment, OrderShipmentUpdate } from '@generated/model';
import { bindText, TextField } from '@/components/form';
import { formatDateTime } from '@/lib/format';
import { toShipmentUpdate, validateShipment } from './order-paperwork';
import { Detail, Section } from './OrderSection';

const SHIPMENT_FIELDS = [
  ['carrier', 'Carrier'],
  ['tracking_number', 'Tracking number'],
] as const;

export interface ShipmentFormProps {
  /** The carrier and tracking number set, else null. */
  shipment: OrderShipment | null;
  /** Sends the trimmed values; the container reports the outcome. */
  onSave: (shipment: OrderShipmentUpdate) => Promise<unknown>;
}

/** The carrier and tracking number of the order, and the form to set or correct them. */
export function ShipmentForm({ shipment, onSave }: ShipmentFormProps) {
  const form = useFormik<OrderShipmentUpdate>({
    initialValues: {
      carrier: shipment?.carrier ?? '',
      tracking_number: shipment?.tracking_number ?? '',
    },
    // The saved values become the form's: it is no longer dirty once the order is reloaded.
    enableReinitialize: true,
    validate: (values) => validateShipment(values).errors,
    onSubmit: async (values) => {
      await onSave(toShipmentUpdate(values));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.setTouched({ carrier: true, tracking_number: true }, false);
    void form.submitForm();
  };

  return (
    <Section title="Shipment" testId="order-shipment">
      <Stack gap="4">
        {shipment && (
          <Stack gap="3" data-testid="shipment-details">
            <Detail label="Carrier">{shipment.carrier}</Detail>
            <Detail label="Tracking number">{shipment.tracking_number}</Detail>
            <Detail label="Updated">{formatDateTime(shipment.updated_at)}</Detail>
          </Stack>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="3">
            {SHIPMENT_FIELDS.map(([name, label]) => (
              <TextField
                key={name}
                label={label}
                required
                maxLength={100}
                disabled={form.isSubmitting}
                {...bindText(form, name)}
              />
            ))}
            <Box>
              <Button type="submit" size="sm" loading={form.isSubmitting}>
                {shipment ? 'Update shipment' : 'Save shipment'}
              </Button>
            </Box>
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}
