import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A short public name of a key (6 bytes of its SHA-256), so a ciphertext says which key sealed it. */
const keyId = (key: Buffer) => (hash('sha256', key, 'buffer') as unknown as Buffer).subarray(0, 6).toString('base64url');

/**
 * Encrypts secrets the service must be able to use again (webhook signing secrets), so a database
 * dump alone does not reveal them: AES-256-GCM under SECRETS_ENCRYPTION_KEY, bound to what the
 * secret belongs to (`context`, the GCM additional data), so a ciphertext copied onto another row
 * does not open. The first configured key seals; every configured key opens, which lets operators
 * rotate the key: put the new one first, keep the old one until everything was re-sealed.
 *
 * Sealed form: `v1.<key id>.<iv>.<ciphertext + tag>` (base64url parts).
 */
@Injectable()
export class SecretBox {
  private readonly keys: ReadonlyMap<string, Buffer>;
  private readonly sealing: { id: string; key: Buffer };

  constructor(config: AppConfig) {
    const keys = config.secretsEncryptionKeys;
    if (keys.length === 0) throw new Error('SecretBox needs at least one key');
    this.keys = new Map(keys.map((k) => [keyId(k), k]));
    this.sealing = { id: keyId(keys[0]), key: keys[0] };
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealing.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [VERSION, this.sealing.id, iv.toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plaintext; throws when the form is unknown, the key is not configured or the data was altered. */
  open(sealed: string, context: string): string {
    const [version, id, ivPart, bodyPart, extra] = sealed.split('.');
    if (version !== VERSION || extra !== undefined || !ivPart || !bodyPart) throw new Error('not a sealed secret');
    const key = this.keys.get(id);
    if (!key) throw new Error(`sealed with key ${id}, which is not configured (SECRETS_ENCRYPTION_KEY)`);
    const body = Buffer.from(bodyPart, 'base64url');
    if (body.length < TAG_BYTES) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivPart, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
