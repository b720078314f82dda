import { ApiProperty } from '@nestjs/swagger';
import { SESSION_AUTH_METHODS, type SessionAuthMethod } from '../session.constants';

/** One of the account's sessions (API.md Part 3 "Sessions"). */
export class AccountSessionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'the session of this request (ending it logs this browser out)' }) current: boolean;
  @ApiProperty({ format: 'date-time', description: 'the log-in that started it (kept when the session is reissued)' }) created_at: string;
  @ApiProperty({ format: 'date-time', description: 'the last request seen with it, within a minute' }) last_seen_at: string;
  @ApiProperty({ nullable: true, type: String, description: 'the client address it was started from' }) ip: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'the user agent it was started with (300 characters at most)' })
  user_agent: string | null;
  @ApiProperty({ enum: SESSION_AUTH_METHODS }) auth_method: SessionAuthMethod;
  @ApiProperty({ description: 'a second factor was checked (or the identity provider vouched: SSO)' }) mfa: boolean;
  @ApiProperty({ description: 'started with remember-me' }) remember_me: boolean;
}

export class AccountSessionListDto {
  @ApiProperty({ type: [AccountSessionDto] }) sessions: AccountSessionDto[];
  @ApiProperty() count: number;
}
