import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import * as bcrypt from 'bcrypt';
import { AppConfig } from '../core/config/app-config';

const BCRYPT_MAX_BYTES = 72;

/** SPEC.md (Limits): a password is 12 to 72 characters (register, reset, invitations). */
export const PASSWORD_LENGTH = { min: 12, max: 72 } as const;

/**
 * bcrypt for passwords only. bcrypt reads at most 72 bytes; passwords are limited to 72
 * characters, which in UTF-8 can be more bytes. Those (and only those) are first reduced to the
 * base64 SHA-256 of the password, so no character of a long password is silently ignored.
 */
@Injectable()
export class PasswordHasher {
  constructor(private readonly config: AppConfig) {}

  private material(password: string): string {
    return Buffer.byteLength(password, 'utf8') > BCRYPT_MAX_BYTES
      ? createHash('sha256').update(password, 'utf8').digest('base64')
      : password;
  }

  hash(password: string): Promise<string> {
    return bcrypt.hash(this.material(password), this.config.bcryptCost);
  }

  verify(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(this.material(password), hash);
  }
}
