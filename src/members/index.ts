/** What the members feature offers the rest of the service; other features import it from here only. */
export * from './dto/invitation.dto';
export * from './dto/member.dto';
export * from './members.module';
