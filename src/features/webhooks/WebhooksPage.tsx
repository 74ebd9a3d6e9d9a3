import type { WebhookEndpoint, WebhookEndpointUpdate } from '@generated/model';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  updateWebhookEndpoint,
  useListWebhookEndpoints,
} from '@generated/hooks/webhooks/webhooks';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import { WebhooksView } from './WebhooksView';
import { t } from './messages';

/**
 * Webhooks (/admin/webhooks, docs/product.md §10.32, webhooks:manage): loads the endpoints
 * (listWebhookEndpoints), creates (createWebhookEndpoint), edits (updateWebhookEndpoint) and
 * deletes (deleteWebhookEndpoint) them, reloading the list after each.
 */
export function WebhooksPage() {
  const list = useListWebhookEndpoints();
  const reload = () => void list.mutate();

  const onUpdate = async (endpoint: WebhookEndpoint, body: WebhookEndpointUpdate) => {
    // The dialog shows a refusal; a success is toasted here.
    await updateWebhookEndpoint(endpoint.id, body);
    notify.success(t('success'), t('updatedToast', { url: body.url ?? endpoint.url }));
    reload();
  };

  const onDelete = async (endpoint: WebhookEndpoint) => {
    try {
      await deleteWebhookEndpoint(endpoint.id);
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('deleteFailed')));
      return;
    }
    notify.success(t('success'), t('deletedToast', { url: endpoint.url }));
    reload();
  };

  return (
    <WebhooksView
      endpoints={list.data}
      loading={list.isLoading}
      loadError={list.error ? serverMessage(list.error, t('loadFailed')) : null}
      onRetry={reload}
      onCreate={async (body) => {
        const created = await createWebhookEndpoint(body);
        // The list behind the dialog shows the new endpoint while its secret is still in view.
        reload();
        return created;
      }}
      onUpdate={onUpdate}
      onDelete={onDelete}
    />
  );
}
