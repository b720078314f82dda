import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { NormalizeEmail, Trim } from '../../core/common/validation/transforms';
import { PASSWORD_LENGTH } from '../../identity';

/** SPEC.md (Limits): a user's display name is 2 to 120 characters. */
export const DISPLAY_NAME_LENGTH = { min: 2, max: 120 } as const;

export class RegisterDto {
  @ApiProperty({ example: 'ada@example.com' })
  @NormalizeEmail()
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'must be a valid email address' })
  email: string;

  @ApiProperty({ minLength: PASSWORD_LENGTH.min, maxLength: PASSWORD_LENGTH.max })
  @IsString()
  @Length(PASSWORD_LENGTH.min, PASSWORD_LENGTH.max, { message: `must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters` })
  password: string;

  @ApiProperty({ example: 'warehouse-bot' })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(120)
  agent_name: string;

  @ApiProperty({ example: 'Acme Robotics' })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(120)
  workspace_name: string;

  @ApiPropertyOptional({
    minLength: DISPLAY_NAME_LENGTH.min,
    maxLength: DISPLAY_NAME_LENGTH.max,
    description: 'derived from the email local part when omitted',
  })
  @IsOptional()
  @Trim()
  @IsString()
  @Length(DISPLAY_NAME_LENGTH.min, DISPLAY_NAME_LENGTH.max, {
    message: `must be ${DISPLAY_NAME_LENGTH.min} to ${DISPLAY_NAME_LENGTH.max} characters`,
  })
  name?: string;
}
