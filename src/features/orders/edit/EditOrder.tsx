import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import type { Order, OrderEditRequest } from '@generated/model';
import { editOrder } from '@generated/hooks/orders/orders';
import { PencilIcon } from '@/components/icons';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import { EditOrderDialog } from './EditOrderDialog';
import { useT } from './messages';

export interface EditOrderProps {
  order: Order;
  /** An invoice is in force (the dialog says a credit note and a new invoice follow). */
  invoiced: boolean;
  /** The order as edited: the detail shows it and reloads its documents and timeline. */
  onEdited: (order: Order) => void;
}

/**
 * 'Edit order' on the order detail (shown while the status table calls the order editable):
 * sends editOrder; a refusal (409, 422) stays in the dialog in the server's words and is toasted.
 */
export function EditOrder({ order, invoiced, onEdited }: EditOrderProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (body: OrderEditRequest) => {
    setSaving(true);
    setError(null);
    try {
      const updated = await editOrder(order.id, body);
      notify.success(t('success'), t('updated'));
      setOpen(false);
      onEdited(updated);
      return true;
    } catch (failure) {
      const message = serverMessage(failure, t('updateFailed'));
      setError(message);
      notify.error(t('error'), message);
      return false;
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <PencilIcon />
        {t('editOrder')}
      </Button>
      <EditOrderDialog
        order={order}
        open={open}
        invoiced={invoiced}
        saving={saving}
        error={error}
        onClose={() => setOpen(false)}
        onSave={save}
      />
    </>
  );
}
