import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointUpdate,
} from '@generated/model';
import {
  webhookDeliveries as deliveryFixtures,
  webhookEndpoints as fixtures,
} from '../fixtures/webhooks';
import * as crud from './crud';
import { endpoint, json, newId, notFound, now, pagedList, type Call } from './endpoint';

const WHAT = 'Webhook endpoint';
const ENDPOINT_NOT_FOUND = `${WHAT} not found`;
const urlIssue = (msg: string) =>
  json({ detail: [{ loc: ['body', 'url'], msg, type: 'value_error' }] }, 422);

/**
 * The server's first URL rule (services/webhooks/addresses.ts): http or https, no credentials.
 * Which addresses are private needs DNS, which a browser cannot ask: the mocks accept any host.
 */
function urlProblem(url: string): Response | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return urlIssue(`"${url}" is not a URL`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return urlIssue(`Only http and https URLs are accepted, not ${target.protocol}`);
  }
  if (target.username || target.password) {
    return urlIssue('The URL must not carry a user name or password');
  }
  return null;
}

/**
 * An operation on the deliveries of the endpoint :id among `items`, both lists the fixtures
 * unless a story gives others: 404 for an endpoint not there (as the server answers, before
 * looking at a delivery), else what `answer` makes of the endpoint and `deliveries`.
 */
const deliveryOperation = (
  method: 'get' | 'post',
  path: string,
  answer: (found: WebhookEndpoint, deliveries: readonly WebhookDelivery[], call: Call) => Response,
) =>
  crud.withTwoLists(method, path, [fixtures, deliveryFixtures], (items, deliveries, call) => {
    const found = crud.findById(items, call.params.id);
    return found ? answer(found, deliveries, call) : notFound(ENDPOINT_NOT_FOUND);
  });

/** Webhooks (#31): endpoints (the secret answered once), their deliveries and a resend. */
export const webhooks = {
  /** GET /admin/webhooks/: `items` (default: the fixtures), the newest first. */
  list: crud.listOf('/admin/webhooks/', fixtures, (items) => json(items)),
  /** GET /admin/webhooks/{id}: one of `items`, else 404. */
  get: crud.getById('/admin/webhooks/:id', fixtures, WHAT),
  /** POST /admin/webhooks/ (201) with a made-up secret; a non-http(s) URL refused (422). */
  create: endpoint('post', '/admin/webhooks/', () => ({ body }) => {
    const input = body as WebhookEndpointCreate;
    const problem = urlProblem(input.url);
    if (problem) return problem;
    const at = now();
    const created: WebhookEndpointCreated = {
      id: newId(),
      url: input.url,
      description: (input.description ?? '').trim(),
      events: input.events,
      enabled: input.enabled ?? true,
      disabled_at: null,
      failing_since: null,
      created_at: at,
      updated_at: at,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/YP+O6lmJaA=',
    };
    return json(created, 201);
  }),
  /** PATCH /admin/webhooks/{id}: the properties sent; enabling clears the failure dates. */
  update: endpoint(
    'patch',
    '/admin/webhooks/:id',
    (items: readonly WebhookEndpoint[] = fixtures) =>
      ({ params, body }) => {
        const found = crud.findById(items, params.id);
        if (!found) return notFound(ENDPOINT_NOT_FOUND);
        const input = body as WebhookEndpointUpdate;
        const problem = input.url === undefined ? null : urlProblem(input.url);
        if (problem) return problem;
        const reenabled = input.enabled === true && !found.enabled;
        return json({
          ...found,
          ...input,
          ...(input.description === undefined ? {} : { description: input.description.trim() }),
          ...(reenabled ? { disabled_at: null, failing_since: null } : {}),
          updated_at: now(),
        });
      },
  ),
  /** DELETE /admin/webhooks/{id} (204) of one of `items`, else 404. */
  remove: crud.remove('/admin/webhooks/:id', fixtures, WHAT),
  /** POST /admin/webhooks/{id}/rotate-secret: a new made-up secret. */
  rotateSecret: endpoint(
    'post',
    '/admin/webhooks/:id/rotate-secret',
    (items: readonly WebhookEndpoint[] = fixtures) =>
      ({ params }) =>
        crud.findById(items, params.id)
          ? json({ secret: 'whsec_T2xkU2VjcmV0UmVwbGFjZWRCeUFOZXdPbmVYWVo=' })
          : notFound(ENDPOINT_NOT_FOUND),
  ),
  /** GET /admin/webhooks/{id}/deliveries: the endpoint's, filtered by status, paged. */
  deliveries: deliveryOperation(
    'get',
    '/admin/webhooks/:id/deliveries',
    (found, deliveries, { url }) => {
      const status = url.searchParams.get('status');
      return pagedList(
        deliveries.filter(
          (d) => d.endpoint_id === found.id && (status === null || d.status === status),
        ),
        url,
      );
    },
  ),
  /** POST …/deliveries/{deliveryId}/resend: back to pending, as the server's 404s and 409s. */
  resend: deliveryOperation(
    'post',
    '/admin/webhooks/:id/deliveries/:deliveryId/resend',
    (found, deliveries, { params }) => {
      const delivery = deliveries.find(
        (d) => String(d.id) === params.deliveryId && d.endpoint_id === found.id,
      );
      if (!delivery) return notFound('Webhook delivery not found');
      if (!found.enabled) {
        return json(
          { detail: 'The endpoint is disabled: enable it before resending its deliveries' },
          409,
        );
      }
      if (delivery.status === 'pending') {
        return json({ detail: 'The delivery is pending already: it will be sent' }, 409);
      }
      return json({ ...delivery, status: 'pending', next_attempt_at: now() });
    },
  ),
};
