// The XAdES-BES signature of a TEIF (what TTN asks of an e-invoice: RSA with SHA-256, the signing
// certificate in KeyInfo and in the signed SigningCertificate property), enveloped: a
// ds:Signature closing the root, over the whole document but itself. xadesjs does the XAdES
// part on Node's WebCrypto; @xmldom/xmldom is its DOM.
import { webcrypto } from 'node:crypto';
import { DOMImplementation, DOMParser, XMLSerializer } from '@xmldom/xmldom';
import * as xadesjs from 'xadesjs';
import type { TeifCertificate } from '../config';

let ready = false;
/** xadesjs needs a DOM and a WebCrypto once per process (it keeps them globally). */
function setUp(): void {
  if (ready) return;
  xadesjs.setNodeDependencies({ DOMParser, XMLSerializer, DOMImplementation });
  xadesjs.Application.setEngine('NodeJS', webcrypto);
  ready = true;
}

const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
type XmldomNode = Parameters<XMLSerializer['serializeToString']>[0];

/** The TEIF `xml` with its XAdES-BES signature, made at `signingTime`. */
export async function signTeif(
  xml: string,
  certificate: TeifCertificate,
  signingTime: Date,
): Promise<string> {
  setUp();
  const key = await webcrypto.subtle.importKey(
    'pkcs8',
    certificate.privateKeyPkcs8,
    RSA_SHA256,
    false,
    ['sign'],
  );
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const signature = new xadesjs.SignedXml();
  await signature.Sign(RSA_SHA256, key, doc, {
    x509: [certificate.certificateBase64],
    signingCertificate: certificate.certificateBase64,
    signingTime: { value: signingTime },
    // The whole document (URI ""), without the signature itself, canonicalised (exclusive C14N).
    references: [{ uri: '', hash: 'SHA-256', transforms: ['enveloped', 'exc-c14n'] }],
  });
  // xadesjs types its element with the browser's DOM, which the server's types leave out: it is
  // an @xmldom/xmldom node (setUp), made in this document.
  const element: unknown = signature.GetXml();
  if (!element) throw new Error('xadesjs made no signature element');
  if (!doc.documentElement) throw new Error('Not a TEIF: no root element');
  doc.documentElement.appendChild(element as XmldomNode);
  return new XMLSerializer().serializeToString(doc);
}
