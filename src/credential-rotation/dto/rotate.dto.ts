import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { AccessTokenDto, ApiKeyDto } from '../../register';

/** API.md Part 3, "Fleets in the field": 0 to 604800 seconds (7 days), 3600 by default. */
export const GRACE_PERIOD_MAX_SECONDS = 604_800;
export const GRACE_PERIOD_DEFAULT_SECONDS = 3_600;

export class RotateCredentialDto {
  @ApiPropertyOptional({
    minimum: 0,
    maximum: GRACE_PERIOD_MAX_SECONDS,
    default: GRACE_PERIOD_DEFAULT_SECONDS,
    description: 'seconds the old key (and everything minted from it) keeps working; 0 revokes it at once',
  })
  @IsOptional()
  @IsInt({ message: 'must be an integer' })
  @Min(0)
  @Max(GRACE_PERIOD_MAX_SECONDS)
  grace_period_seconds?: number;
}

/** The new key, as every issued key is answered, with its expiry (the old key's lifetime from now, or none). */
export class RotatedApiKeyDto extends ApiKeyDto {
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'when the new key expires; null: never' })
  expires_at: string | null;
}

export class PreviousCredentialDto {
  @ApiProperty({ format: 'uuid', description: 'the key that was rotated (the one the request presented, or the key of its token)' })
  credential_id: string;

  @ApiProperty({
    format: 'date-time',
    description: 'when the old key and every token and socket minted from it stop working (the request time for a grace of 0)',
  })
  expires_at: string;
}

export class RotateCredentialResponseDto {
  @ApiProperty({ description: 'the new agk_ key: same agent, same scopes; shown once' }) api_key: RotatedApiKeyDto;
  @ApiProperty({ description: 'an access token of the new key, with all its scopes; shown once' }) access_token: AccessTokenDto;
  @ApiProperty() previous: PreviousCredentialDto;
}
