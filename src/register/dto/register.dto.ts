import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { NormalizeEmail, Trim } from '../../core/common/validation/transforms';

export class RegisterDto {
  @ApiProperty({ example: 'ada@example.com' })
  @NormalizeEmail()
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'must be a valid email address' })
  email: string;

  @ApiProperty({ minLength: 12, maxLength: 72 })
  @IsString()
  @Length(12, 72, { message: 'must be 12 to 72 characters' })
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

  @ApiPropertyOptional({ minLength: 2, maxLength: 120, description: 'derived from the email local part when omitted' })
  @IsOptional()
  @Trim()
  @IsString()
  @Length(2, 120, { message: 'must be 2 to 120 characters' })
  name?: string;
}
