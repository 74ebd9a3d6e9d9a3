// The fetch of an import's image URLs: the address guard (every resolved address public), the
// redirects re-checked, the timeout, the size limit and the sniffed type; over fake transports,
// then over node's http against a local server (its loopback allowed for that test only).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchImage,
  isPublicAddress,
  networkFetchDeps,
  type FetchDeps,
  type RawResponse,
} from './image-fetch';
import { PNG } from '../../../../test-support/platform-exports';

describe('isPublicAddress', () => {
  it.each([
    ['93.184.215.14', true],
    ['196.203.76.10', true],
    ['2a00:1450:4007:80c::200e', true],
    ['127.0.0.1', false],
    ['127.1.2.3', false],
    ['10.0.0.8', false],
    ['172.16.5.4', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['224.0.0.251', false],
    ['255.255.255.255', false],
    ['198.18.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['fc00::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:a9fe:a9fe', false],
    ['::ffff:93.184.215.14', true],
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::', false],
    ['2001:db8::1', false],
    ['[::1]', false],
    ['localhost', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

/** A response of fake bytes. */
const response = (
  status: number,
  body: Buffer = Buffer.alloc(0),
  extra: Partial<RawResponse> = {},
): RawResponse => ({
  status,
  location: undefined,
  contentLength: body.length,
  body: Readable.from([body]),
  close: () => {},
  ...extra,
});

/** Fake DNS and server: `hosts` maps a host to its addresses, `pages` a URL to its response. */
function fakeDeps(
  hosts: Record<string, string[]>,
  pages: Record<string, () => RawResponse | Promise<RawResponse>>,
  extra: Partial<FetchDeps> = {},
) {
  const requested: [string, string][] = [];
  const deps: FetchDeps = {
    resolve: (host) => Promise.resolve(hosts[host] ?? []),
    get: (url, address) => {
      requested.push([url.href, address]);
      const page = pages[url.href];
      return Promise.resolve(page ? page() : response(404));
    },
    isAllowed: isPublicAddress,
    timeoutMs: 5_000,
    maxBytes: 1_000,
    ...extra,
  };
  return { deps, requested };
}

const PUBLIC = ['93.184.215.14'];

describe('fetchImage', () => {
  it('fetches an image from a public address, connected to the address checked', async () => {
    const { deps, requested } = fakeDeps(
      { 'cdn.example.com': PUBLIC },
      { 'https://cdn.example.com/a.png': () => response(200, PNG) },
    );
    const image = await fetchImage('https://cdn.example.com/a.png', deps);
    expect([image.extension, image.bytes.equals(PNG)]).toEqual(['png', true]);
    expect(requested).toEqual([['https://cdn.example.com/a.png', '93.184.215.14']]);
  });

  it.each([
    ['ftp://cdn.example.com/a.png', 'Only http and https URLs are fetched, not ftp:'],
    ['file:///etc/passwd', 'Only http and https URLs are fetched, not file:'],
    ['https://user:pw@cdn.example.com/a.png', 'A URL with credentials is not fetched'],
    ['not a url', '"not a url" is not a URL'],
    ['http://127.0.0.1/a.png', '127.0.0.1 is not a public address (127.0.0.1)'],
    [
      'http://169.254.169.254/latest/meta-data/',
      '169.254.169.254 is not a public address (169.254.169.254)',
    ],
    ['http://[::1]/a.png', '::1 is not a public address (::1)'],
    ['http://[::ffff:127.0.0.1]/a.png', '::ffff:7f00:1 is not a public address (::ffff:7f00:1)'],
    [
      'http://internal.example.com/a.png',
      'internal.example.com is not a public address (10.1.2.3)',
    ],
    // One private address among public ones is enough to refuse the host.
    ['http://mixed.example.com/a.png', 'mixed.example.com is not a public address (192.168.0.7)'],
    ['http://nowhere.example.com/a.png', 'nowhere.example.com does not resolve'],
  ])('refuses %s without connecting', async (url, reason) => {
    const { deps, requested } = fakeDeps(
      {
        'cdn.example.com': PUBLIC,
        'internal.example.com': ['10.1.2.3'],
        'mixed.example.com': [...PUBLIC, '192.168.0.7'],
      },
      {},
    );
    await expect(fetchImage(url, deps)).rejects.toThrow(reason);
    expect(requested).toEqual([]);
  });

  it('checks each redirect again: a redirect to a private address is refused', async () => {
    const { deps, requested } = fakeDeps(
      { 'cdn.example.com': PUBLIC, 'other.example.com': PUBLIC, 'evil.example.com': ['127.0.0.1'] },
      {
        'https://cdn.example.com/a.png': () =>
          response(302, undefined, { location: 'https://other.example.com/b.png' }),
        'https://other.example.com/b.png': () =>
          response(301, undefined, { location: 'http://evil.example.com/c.png' }),
      },
    );
    await expect(fetchImage('https://cdn.example.com/a.png', deps)).rejects.toThrow(
      'evil.example.com is not a public address (127.0.0.1)',
    );
    expect(requested.map(([url]) => url)).toEqual([
      'https://cdn.example.com/a.png',
      'https://other.example.com/b.png',
    ]);
  });

  it('follows at most 3 redirects', async () => {
    const { deps } = fakeDeps(
      { 'cdn.example.com': PUBLIC },
      { 'https://cdn.example.com/loop': () => response(302, undefined, { location: '/loop' }) },
    );
    await expect(fetchImage('https://cdn.example.com/loop', deps)).rejects.toThrow(
      'Too many redirects',
    );
  });

  it('refuses an error status, a body past the limit, and what is not an image', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2_000)]);
    const { deps } = fakeDeps(
      { 'cdn.example.com': PUBLIC },
      {
        'https://cdn.example.com/big.png': () => response(200, big),
        // The announced length is missing: the body is cut as it comes.
        'https://cdn.example.com/big-stream.png': () =>
          response(200, big, { contentLength: undefined }),
        'https://cdn.example.com/page.png': () => response(200, Buffer.from('<html></html>')),
        'https://cdn.example.com/doc.png': () => response(200, Buffer.from('%PDF-1.4\n%âãÏÓ\n')),
      },
    );
    const fetch = (path: string) => fetchImage(`https://cdn.example.com/${path}`, deps);
    await expect(fetch('gone.png')).rejects.toThrow('The server answered 404');
    await expect(fetch('big.png')).rejects.toThrow('The image is larger than 1000 bytes');
    await expect(fetch('big-stream.png')).rejects.toThrow('The image is larger than 1000 bytes');
    await expect(fetch('page.png')).rejects.toThrow('Not a JPEG, PNG, GIF or WebP image');
    await expect(fetch('doc.png')).rejects.toThrow(
      'Not a JPEG, PNG, GIF or WebP image (its content is application/pdf)',
    );
  });

  it('gives up after its timeout', async () => {
    const { deps } = fakeDeps(
      { 'cdn.example.com': PUBLIC },
      {},
      {
        timeoutMs: 50,
        // A server that never answers: the request ends when the fetch aborts it.
        get: (_url, _address, signal) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(new Error('aborted')));
          }),
      },
    );
    await expect(fetchImage('https://cdn.example.com/slow.png', deps)).rejects.toThrow(
      'No answer within 0.05 s',
    );
  });
});

describe('fetchImage over node:http', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/a.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(PNG);
      } else if (req.url === '/moved') {
        res.writeHead(302, { location: '/a.png' });
        res.end();
      } else if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG);
        res.end(Buffer.alloc(5_000));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://images.test:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const deps = (allowLoopback: boolean): FetchDeps => ({
    ...networkFetchDeps(1_000),
    // images.test resolves to the local server: the connection goes to the address given.
    resolve: () => Promise.resolve(['127.0.0.1']),
    isAllowed: (a) => allowLoopback || isPublicAddress(a),
  });

  it('refuses the loopback as any host resolving to it', async () => {
    await expect(fetchImage(`${base}/a.png`, deps(false))).rejects.toThrow(
      'images.test is not a public address (127.0.0.1)',
    );
  });

  it('fetches, follows a redirect, and cuts a body past the limit', async () => {
    const image = await fetchImage(`${base}/moved`, deps(true));
    expect([image.extension, image.bytes.equals(PNG)]).toEqual(['png', true]);
    await expect(fetchImage(`${base}/huge`, deps(true))).rejects.toThrow(
      'The image is larger than 1000 bytes',
    );
    await expect(fetchImage(`${base}/missing.png`, deps(true))).rejects.toThrow(
      'The server answered 404',
    );
  });
});
