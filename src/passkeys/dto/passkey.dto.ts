import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsObject, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../core/common/validation/transforms';
import { PASSKEY_NAME_MAX } from '../passkeys.constants';

/** A passkey as the API shows it: never its public key, credential id or counter. */
export class WebAuthnCredentialDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'YubiKey 5C', maxLength: PASSKEY_NAME_MAX }) name: string;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'the last log-in it completed; null until then' })
  last_used_at: string | null;
}

export class WebAuthnCredentialEnvelopeDto {
  @ApiProperty({ type: WebAuthnCredentialDto }) webauthn_credential: WebAuthnCredentialDto;
}

export class WebAuthnCredentialListDto {
  @ApiProperty({ type: [WebAuthnCredentialDto] }) webauthn_credentials: WebAuthnCredentialDto[];
  @ApiProperty() count: number;
}

export class RegisterWebAuthnCredentialDto {
  @ApiProperty({ example: 'YubiKey 5C', minLength: 1, maxLength: PASSKEY_NAME_MAX, description: 'a name to tell the passkey by' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSKEY_NAME_MAX)
  name: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      "the authenticator's answer to the registration options, as `PublicKeyCredential.toJSON()` (or @simplewebauthn/browser's `startRegistration`) gives it: `{ id, rawId, type, response: { clientDataJSON, attestationObject, transports }, clientExtensionResults }`",
  })
  @IsObject()
  response: Record<string, unknown>;
}

/**
 * The options for `navigator.credentials.create()` (PublicKeyCredentialCreationOptionsJSON), as
 * @simplewebauthn/server generates them; binary values are base64url.
 */
export class WebAuthnRegistrationOptionsDto {
  @ApiProperty({ description: 'base64url, single use, valid 5 minutes, bound to this session' }) challenge: string;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { name: 'Agent Network', id: 'console.example.com' } })
  rp: object;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: '`{ id, name, displayName }`: `id` is an opaque handle of the account (base64url)',
  })
  user: object;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } }) pubKeyCredParams: object[];
  @ApiPropertyOptional() timeout?: number;
  @ApiPropertyOptional() attestation?: string;
  @ApiPropertyOptional({ type: 'array', items: { type: 'object', additionalProperties: true }, description: "the account's passkeys" })
  excludeCredentials?: object[];
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) authenticatorSelection?: object;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) extensions?: object;
  @ApiPropertyOptional({ type: [String] }) hints?: string[];
}
