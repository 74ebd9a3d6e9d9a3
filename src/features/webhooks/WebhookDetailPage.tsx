import { useCallback, useState } from 'react';
import { useParams } from 'wouter';
import type {
  ListWebhookDeliveriesParams,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointUpdate,
} from '@generated/model';
import {
  getListWebhookDeliveriesKey,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  useGetWebhookEndpoint,
} from '@generated/hooks/webhooks/webhooks';
import { useServerList, type ServerListState } from '@/components/list-screen';
import { notify, withToasts } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import { endpointIdOf } from './endpoint-id';
import { WebhookDetailView } from './WebhookDetailView';
import { t } from './messages';

/**
 * One webhook endpoint (/admin/webhooks/:id, docs/product.md §10.32, webhooks:manage): the
 * endpoint (getWebhookEndpoint), its deliveries paged and filtered by the server
 * (listWebhookDeliveries), Edit and Enable (updateWebhookEndpoint), Rotate secret
 * (rotateWebhookSecret) and Resend (resendWebhookDelivery), each toasted.
 */
export function WebhookDetailPage() {
  const { id: param } = useParams<{ id: string }>();
  const id = endpointIdOf(param);
  // An id the server cannot hold is not asked for: it is not found, as an unknown one.
  return id === null ? <EndpointNotFound /> : <EndpointPage key={id} id={id} />;
}

const NO_DELIVERIES: ServerListState<WebhookDelivery> = {
  rows: [],
  count: null,
  isLoading: false,
  failed: false,
  reload: () => Promise.resolve(),
  table: {},
};

function EndpointNotFound() {
  const nothing = () => Promise.resolve(null);
  return (
    <WebhookDetailView
      endpoint={undefined}
      endpointError={t('notFound')}
      onRetryEndpoint={() => undefined}
      deliveries={NO_DELIVERIES}
      deliveriesError={null}
      status=""
      onStatusChange={() => undefined}
      onUpdate={nothing}
      onEnable={nothing}
      onRotate={nothing}
      onResend={() => undefined}
      resending={null}
    />
  );
}

function EndpointPage({ id }: { id: number }) {
  const endpoint = useGetWebhookEndpoint(id);
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const keyOf = useCallback(
    (params: ListWebhookDeliveriesParams) => getListWebhookDeliveriesKey(id, params),
    [id],
  );
  const deliveries = useServerList<WebhookDelivery, ListWebhookDeliveriesParams>({
    keyOf,
    params: { status: status || undefined },
    unfiltered: status ? {} : null,
  });
  const reloadDeliveries = deliveries.reload;
  const [resending, setResending] = useState<number | null>(null);

  const onUpdate = async (found: WebhookEndpoint, body: WebhookEndpointUpdate) => {
    // The dialog shows a refusal; a success is toasted here.
    const updated = await updateWebhookEndpoint(found.id, body);
    notify.success(t('success'), t('updatedToast', { url: updated.url }));
    await endpoint.mutate(updated, { revalidate: false });
  };

  const onEnable = async (found: WebhookEndpoint) => {
    let updated: WebhookEndpoint;
    try {
      updated = await updateWebhookEndpoint(found.id, { enabled: true });
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('enableFailed')));
      return;
    }
    notify.success(t('success'), t('enabledToast', { url: updated.url }));
    await endpoint.mutate(updated, { revalidate: false });
  };

  const onRotate = async (found: WebhookEndpoint): Promise<string | null> => {
    try {
      return (await rotateWebhookSecret(found.id)).secret;
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('rotateFailed')));
      return null;
    }
  };

  // The button waits until the list shows the delivery pending again.
  const onResend = useCallback(
    (delivery: WebhookDelivery) => {
      setResending(delivery.id);
      void withToasts(() => resendWebhookDelivery(delivery.endpoint_id, delivery.id), {
        success: t('resentToast', { id: String(delivery.id) }),
        failure: t('resendFailed'),
      })
        .then(() => reloadDeliveries())
        .finally(() => setResending(null));
    },
    [reloadDeliveries],
  );

  return (
    <WebhookDetailView
      endpoint={endpoint.data}
      endpointError={endpoint.error ? serverMessage(endpoint.error, t('endpointLoadFailed')) : null}
      onRetryEndpoint={() => void endpoint.mutate()}
      deliveries={deliveries}
      deliveriesError={
        deliveries.error ? serverMessage(deliveries.error, t('deliveriesLoadFailed')) : null
      }
      status={status}
      onStatusChange={setStatus}
      onUpdate={onUpdate}
      onEnable={onEnable}
      onRotate={onRotate}
      onResend={onResend}
      resending={resending}
    />
  );
}
