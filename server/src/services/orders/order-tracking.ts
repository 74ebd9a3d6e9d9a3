// The tracking link of an order's shipment (#36): the carrier's page for its tracking number,
// built from the tracking_url_template of the shipping method frozen on the order
// (orders.shipping_method), never from the method as it is now: a template edited or a method
// deleted after the order was placed does not move the link the customer was sent. The order
// detail (orders.ts), its timeline (order-timeline.ts) and the shipped e-mail (order-emails.ts)
// all read it here.
import { json } from '../../api/present';
import { trackingUrl } from '../../domain/shipping';
import type { OrderMethodSnapshot } from '../shipping/quotes';

/** The frozen method's template; null for a flat-rate order or a method without one. */
function frozenTrackingTemplate(frozenMethod: string | null): string | null {
  return json<OrderMethodSnapshot | null>(frozenMethod, null)?.tracking_url_template ?? null;
}

/** The tracking page of this tracking number for the order's frozen method; null without a template. */
export function shipmentTrackingUrl(
  frozenMethod: string | null,
  trackingNumber: string,
): string | null {
  return trackingUrl(frozenTrackingTemplate(frozenMethod), trackingNumber);
}
