/** What the gateway-rules feature offers the rest of the service; other features import it from here only. */
export * from './approvals.service';
export * from './dto/approval.dto';
export * from './gateway-rules.module';
