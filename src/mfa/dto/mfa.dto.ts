import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../core/common/validation/transforms';

export class ConfirmTotpDto {
  @ApiProperty({ description: 'the 6-digit code the authenticator app shows now', example: '123456', maxLength: 16 })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(16)
  code: string;
}

export class TotpEnrollmentDto {
  @ApiProperty({
    description: 'the base32 seed, shown once, for apps that cannot scan a QR code',
    example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  })
  secret: string;

  @ApiProperty({
    description: 'the `otpauth://totp/...` URI (RFC 6238: SHA-1, 6 digits, 30 s) an authenticator app reads from a QR code',
    example: 'otpauth://totp/Agent%20Network:ops%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Agent%20Network&period=30',
  })
  otpauth_url: string;
}

export class RecoveryCodesDto {
  @ApiProperty({
    type: [String],
    description: 'ten single-use recovery codes, shown once (only their SHA-256 is kept); each stands in for a code once',
    example: ['ABCD-EFGH-2345', 'JKLM-NPQR-6723'],
  })
  recovery_codes: string[];
}
