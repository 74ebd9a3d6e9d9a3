// Where a webhook may be sent (#31): http or https, no credentials in the URL, and a host whose
// every address is public (the SSRF rule of the image fetch, catalogue/import-formats/image-fetch.ts,
// whose address list is the one source) unless WEBHOOKS_ALLOW_PRIVATE=true. Checked when an
// endpoint is saved and again before each delivery (a DNS answer may change meanwhile); the
// delivery then connects to the address checked.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../catalogue/import-formats/image-fetch';

/** Why a URL is refused: the 422's message at save, the delivery's error at delivery. */
export class WebhookUrlRefused extends Error {}

/** Every address the host resolves to (a refused one among them refuses the URL). */
const resolve = async (host: string) => (await lookup(host, { all: true })).map((a) => a.address);

/** The address a delivery to `url` connects to, or WebhookUrlRefused saying why none. */
export async function checkedWebhookAddress(
  url: string,
  { allowPrivate }: { allowPrivate: boolean },
): Promise<{ url: URL; address: string }> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new WebhookUrlRefused(`"${url}" is not a URL`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new WebhookUrlRefused(`Only http and https URLs are accepted, not ${target.protocol}`);
  }
  if (target.username || target.password) {
    throw new WebhookUrlRefused('The URL must not carry a user name or password');
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  if (addresses.length === 0) throw new WebhookUrlRefused(`${host} does not resolve`);
  const refused = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a));
  if (refused !== undefined) {
    throw new WebhookUrlRefused(
      `${host} is a private, loopback, link-local or reserved address (${refused}); ` +
        'webhooks go to public addresses unless the server runs with WEBHOOKS_ALLOW_PRIVATE=true',
    );
  }
  return { url: target, address: addresses[0]! };
}
