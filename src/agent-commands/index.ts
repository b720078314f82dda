/** What the agent-commands feature offers the rest of the service; other features import it from here only. */
export * from './agent-command-events';
export * from './agent-commands.module';
export * from './agent-commands.service';
export * from './dto/agent-command.dto';
