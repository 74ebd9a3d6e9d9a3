// Fetching a product image from a URL a platform's export names (import option fetch_images).
// The URL comes from a file anyone may have written, so the server must not be made to reach
// what only it can reach (SSRF):
// - only http and https, no user name or password in the URL;
// - the host resolved (DNS), and EVERY address it gives must be public: no loopback, private,
//   carrier-grade NAT, link-local (169.254.169.254, the clouds' metadata service, is one),
//   unique-local, multicast, reserved or documentation range, IPv4-mapped or NAT64 forms of
//   them. The connection then goes to the address checked (pinned), so a second DNS answer
//   cannot swap it for another (DNS rebinding);
// - redirects are followed by hand, at most 3, each target checked the same way;
// - one timeout for the whole fetch, redirects included, and the upload size limit of an image:
//   the body is cut at the limit;
// - the bytes are sniffed as uploads are (services/platform/uploads.ts): JPEG, PNG, GIF or WebP.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { fileTypeFromBuffer } from 'file-type';

/** Why an image was not fetched: the message the import's job records for its URL. */
export class ImageRefused extends Error {}

const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_V4_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** Whether an IP address is one the server may fetch from: public, unicast. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return !NOT_PUBLIC.check(ip, 'ipv4');
  if (family !== 6) return false;
  // An IPv4-mapped address reaches the IPv4 address it holds.
  const dotted = MAPPED_V4.exec(ip);
  if (dotted) return isPublicAddress(dotted[1]!);
  const hex = MAPPED_V4_HEX.exec(ip);
  if (hex) {
    const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return isPublicAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  if (/^::ffff:0*:/i.test(ip) || /^::(\d+\.){3}\d+$/.test(ip)) return false;
  return !NOT_PUBLIC.check(ip, 'ipv6');
}

/** A response as the fetch reads it. */
export interface RawResponse {
  status: number;
  location: string | undefined;
  contentLength: number | undefined;
  body: AsyncIterable<Uint8Array>;
  /** Stops reading (the rest is not wanted). */
  close(): void;
}

export interface FetchDeps {
  /** The host's addresses (every one of them). */
  resolve(host: string): Promise<string[]>;
  /** A GET of `url` connected to `address` (already checked), ending on `signal`. */
  get(url: URL, address: string, signal: AbortSignal): Promise<RawResponse>;
  /** Whether an address may be fetched from (tests of the transport allow their loopback). */
  isAllowed(address: string): boolean;
  timeoutMs: number;
  maxBytes: number;
}

const IMAGE_FETCH_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

/** The image formats accepted, as uploads accept them (file-type's names): key extension. */
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'jpg',
  png: 'png',
  apng: 'png',
  gif: 'gif',
  webp: 'webp',
};

/** The address to connect to for a URL: its host checked, every address it resolves to too. */
async function checkedAddress(url: URL, deps: FetchDeps): Promise<string> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImageRefused(`Only http and https URLs are fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new ImageRefused('A URL with credentials is not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await deps.resolve(host).catch(() => []);
  if (addresses.length === 0) throw new ImageRefused(`${host} does not resolve`);
  const refused = addresses.find((a) => !deps.isAllowed(a));
  if (refused !== undefined) {
    throw new ImageRefused(`${host} is not a public address (${refused})`);
  }
  return addresses[0]!;
}

/** Reads a body up to `max` bytes; more is refused. */
async function readAtMost(response: RawResponse, max: number): Promise<Buffer> {
  if (response.contentLength !== undefined && response.contentLength > max) {
    response.close();
    throw new ImageRefused(`The image is larger than ${max} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > max) {
      response.close();
      throw new ImageRefused(`The image is larger than ${max} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * The image at `url`: its bytes and the extension of its sniffed format, or ImageRefused saying
 * why not (a rule above, an HTTP status, the timeout, not an image).
 */
export async function fetchImage(
  url: string,
  deps: FetchDeps,
): Promise<{ bytes: Buffer; extension: string }> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new ImageRefused(`"${url}" is not a URL`);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const address = await checkedAddress(target, deps);
      const response = await deps.get(target, address, controller.signal);
      if (response.status >= 300 && response.status < 400 && response.location) {
        response.close();
        if (redirects >= MAX_REDIRECTS) throw new ImageRefused('Too many redirects');
        target = new URL(response.location, target);
        continue;
      }
      if (response.status !== 200) {
        response.close();
        throw new ImageRefused(`The server answered ${response.status}`);
      }
      const bytes = await readAtMost(response, deps.maxBytes);
      const detected = await fileTypeFromBuffer(bytes);
      const extension = detected && IMAGE_TYPES[detected.ext];
      if (!extension) {
        throw new ImageRefused(
          `Not a JPEG, PNG, GIF or WebP image${detected ? ` (its content is ${detected.mime})` : ''}`,
        );
      }
      return { bytes, extension };
    }
  } catch (error) {
    if (controller.signal.aborted) {
      throw new ImageRefused(`No answer within ${deps.timeoutMs / 1000} s`);
    }
    if (error instanceof ImageRefused) throw error;
    throw new ImageRefused(`The fetch failed: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

/** A GET over node:http(s), connected to the checked address (TLS still checks the host name). */
function nodeGet(url: URL, address: string, signal: AbortSignal): Promise<RawResponse> {
  const pinned: LookupFunction = (_host, options, callback) => {
    const family = isIP(address);
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: 'GET',
      lookup: pinned,
      signal,
      headers: { accept: 'image/*' },
    });
    req.on('response', (res: IncomingMessage) => {
      const length = Number(res.headers['content-length']);
      resolve({
        status: res.statusCode ?? 0,
        location: res.headers.location,
        contentLength: Number.isFinite(length) ? length : undefined,
        body: res,
        close: () => res.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The real network: DNS (every address), node's http(s), public addresses only. */
export const networkFetchDeps = (maxBytes: number): FetchDeps => ({
  resolve: async (host) => (await dnsLookup(host, { all: true })).map((a) => a.address),
  get: nodeGet,
  isAllowed: isPublicAddress,
  timeoutMs: IMAGE_FETCH_TIMEOUT_MS,
  maxBytes,
});
