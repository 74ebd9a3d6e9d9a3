// A software authenticator for the passkey tests: an ES256 key pair (node:crypto) that answers
// creation options with a 'none' attestation and request options with a signed assertion, byte
// for byte as a browser would pass them on (WebAuthn §6.1 authenticator data, §6.5 attestation
// object, §7 client data). Each answer can be bent (origin, RP ID, challenge, counter) to prove
// the server refuses it.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

interface Bend {
  /** The page's origin in the client data (default: the authenticator's origin). */
  origin?: string;
  /** The RP ID hashed into the authenticator data (default: the options' RP ID). */
  rpId?: string;
  /** The challenge signed (default: the options'). */
  challenge?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const b64url = (bytes: Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array) {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The last signature counter reported. */
  counter = 0;

  constructor(
    /** The page's origin, e.g. PUBLIC_URL's. */
    readonly origin: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** The credential's id as the server stores it (base64url). */
  get id(): string {
    return b64url(this.credentialId);
  }

  /** COSE_Key of the public key: EC2, ES256, P-256, x, y (RFC 9053). */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const encoded = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    return Buffer.from(encoded);
  }

  /** What startRegistration would answer to these creation options (attestation 'none'). */
  register(options: { challenge: string; rp?: unknown }, bend: Bend = {}) {
    const rpId = bend.rpId ?? (options.rp as { id: string }).id;
    this.counter = bend.counter ?? 0;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const authData = authenticatorData(
      rpId,
      FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL,
      this.counter,
      attested,
    );
    const attestationObject = Buffer.from(
      isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, number>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, number>()],
          ['authData', new Uint8Array(authData)],
        ]),
      ),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(
          clientData(
            'webauthn.create',
            bend.challenge ?? options.challenge,
            bend.origin ?? this.origin,
          ),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** What startAuthentication would answer to these request options (a signed assertion). */
  assert(options: { challenge: string; rpId?: unknown }, bend: Bend = {}) {
    const rpId = bend.rpId ?? (options.rpId as string);
    this.counter = bend.counter ?? this.counter + 1;
    const authData = authenticatorData(rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, this.counter);
    const clientDataJSON = clientData(
      'webauthn.get',
      bend.challenge ?? options.challenge,
      bend.origin ?? this.origin,
    );
    // ES256: ECDSA with SHA-256 over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded.
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
