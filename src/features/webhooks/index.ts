import { preload } from 'swr';
import {
  getGetWebhookEndpointKey,
  getListWebhookDeliveriesKey,
  getListWebhookEndpointsKey,
  getWebhookEndpoint,
  listWebhookEndpoints,
} from '@generated/hooks/webhooks/webhooks';
import { preloadFirstPage } from '@/lib/swr/paged-list';
import { endpointIdOf } from './endpoint-id';

// The hook that takes a preloaded request sees its failure; catching only keeps it handled.
const quiet = () => undefined;

/** Starts the endpoints' request (the route table, while the screen's code loads). */
export const preloadWebhooks = () => {
  preload(getListWebhookEndpointsKey(), () => listWebhookEndpoints()).catch(quiet);
};

/** On /admin/webhooks/:id: the endpoint and the first page of its deliveries. */
export function preloadWebhook({ id }: Record<string, string | undefined>): void {
  const endpointId = endpointIdOf(id);
  if (endpointId === null) return;
  preload(getGetWebhookEndpointKey(endpointId), () => getWebhookEndpoint(endpointId)).catch(quiet);
  preloadFirstPage(
    (params: { status?: undefined; skip: number; limit: number }) =>
      getListWebhookDeliveriesKey(endpointId, params),
    { status: undefined },
  );
}
