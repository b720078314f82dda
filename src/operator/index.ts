/** What the operator feature offers the rest of the service; other features import it from here only. */
export * from './operator-agents.service';
export * from './operator.module';
export { CreateServiceAgentDto, IssueApiKeyDto, UpdateServiceAgentDto } from './dto/operator.dto';
