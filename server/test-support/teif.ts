// E-invoices in tests (#30 part 5): a signing certificate made on the spot (a key, a self-signed
// certificate and their PKCS#12 file, as TEIF_CERT_P12 would hold them) and a fake TTN on
// 127.0.0.1 speaking the protocol of server/src/teif/ttn-client.ts.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { readTeifCertificate, type TeifCertificate } from '../src/config';

export interface TestCertificate {
  /** The .p12 file's bytes and its password. */
  p12: Buffer;
  password: string;
  /** The certificate in PEM (what an independent verifier is given). */
  pem: string;
  /** What config.ts reads from the file. */
  certificate: TeifCertificate;
}

/** A 2048-bit RSA key and a self-signed certificate for "Maison Carthage SARL", in a .p12. */
export function makeTestCertificate(password = 'teif-test-password'): TestCertificate {
  // Node makes the key (forge's pure-JS generation is slow); forge writes the certificate.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  );
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '0a1b2c';
  cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2036-01-01T00:00:00Z');
  const name = [
    { name: 'commonName', value: 'Maison Carthage SARL' },
    { name: 'countryName', value: 'TN' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  return {
    p12,
    password,
    pem: forge.pki.certificateToPem(cert),
    certificate: readTeifCertificate(p12, password),
  };
}

/** What the fake TTN answers a document: accepted, rejected, or down (the socket is cut). */
type FakeTtnMode = 'accept' | 'reject' | 'down';

export interface FakeTtn {
  url: string;
  mode: FakeTtnMode;
  /** Every submission received: its document number header and body. */
  received: { number: string; xml: string }[];
  close(): Promise<void>;
}

export async function startFakeTtn(): Promise<FakeTtn> {
  const fake = { mode: 'accept' as FakeTtnMode, received: [] as FakeTtn['received'] };
  let served = 0;
  const server: Server = createServer((req, res) => {
    if (fake.mode === 'down') {
      req.socket.destroy();
      return;
    }
    let xml = '';
    req.on('data', (chunk: Buffer) => (xml += chunk.toString()));
    req.on('end', () => {
      const number = String(req.headers['x-document-number'] ?? '');
      fake.received.push({ number, xml });
      const body =
        fake.mode === 'accept'
          ? {
              status: 'accepted',
              reference: `TTN-2026-${String(++served).padStart(10, '0')}`,
              qr_code: `https://ttn.example/verify/${number}`,
            }
          : { status: 'rejected', reason: `Matricule fiscal of the buyer unknown (${number})` };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/einvoices`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
