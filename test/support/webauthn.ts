import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for the API-level passkey tests: a P-256 key, "none" attestation, and
 * authenticatorData and clientDataJSON assembled as WebAuthn Level 3 §6.1 and §5.8.1 say. This is
 * test fixture code: it makes what a browser and an authenticator would send; every check of it
 * is the service's (@simplewebauthn/server's).
 */

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

/** The few CBOR shapes (RFC 8949) an attestation object and a COSE key need. */
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? cborHead(0, v) : cborHead(1, -1 - v);
  if (typeof v === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (Buffer.isBuffer(v)) return Buffer.concat([cborHead(2, v.length), v]);
  const parts = [cborHead(5, v.size)];
  for (const [k, val] of v) parts.push(cbor(k), cbor(val));
  return Buffer.concat(parts);
}

/** Flags of authenticatorData: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface Ceremony {
  /** The origin the browser reports in clientDataJSON (default: the test BASE_URL's). */
  origin?: string;
  /** The rp id whose hash starts authenticatorData (default: the options'). */
  rpId?: string;
  /** The challenge signed over (default: the options'). */
  challenge?: string;
  /** The signature counter to report (default: registration 0, each assertion one more than the last). */
  counter?: number;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: { publicKey: KeyObject; privateKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The answer to registration options (what `startRegistration` would return). */
  register(options: { challenge: string; rp: { id?: string } }, c: Ceremony = {}) {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.authDataHead(options.rp.id, c, UP | UV | AT, c.counter ?? 0),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, c)),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'not-a-transport'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to authentication options (what `startAuthentication` would return). */
  assert(options: { challenge: string; rpId?: string }, c: Ceremony = {}) {
    const counter = c.counter ?? ++this.counter;
    const authenticatorData = this.authDataHead(options.rpId, c, UP | UV, counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, c);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), {
      key: this.key.privateKey,
      dsaEncoding: 'der',
    });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private authDataHead(optionsRpId: string | undefined, c: Ceremony, flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(c.rpId ?? optionsRpId ?? new URL(process.env.BASE_URL!).hostname), Buffer.from([flags]), count]);
  }

  private clientData(type: string, optionsChallenge: string, c: Ceremony): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: c.challenge ?? optionsChallenge,
        origin: c.origin ?? new URL(process.env.BASE_URL!).origin,
        crossOrigin: false,
      }),
    );
  }
}
