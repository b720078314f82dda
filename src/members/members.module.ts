import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { CommonModule } from '../core/common/common.module';
import { IdentityModule } from '../identity';
import { MailModule } from '../mail';
import { SessionsModule } from '../sessions';
import { InvitationPageController } from './invitation-page.controller';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';
import { MembersPageController } from './members-page.controller';
import { MembersController } from './members.controller';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';

/** A workspace's members and invitations: the JSON routes, the acceptance pages and /app/members (API.md Part 3). */
@Module({
  imports: [CommonModule, AuditModule, MailModule, IdentityModule, SessionsModule],
  controllers: [MembersController, InvitationsController, InvitationPageController, MembersPageController],
  providers: [MembersRepository, InvitationsRepository, MembersService, InvitationsService],
  exports: [MembersService, InvitationsService],
})
export class MembersModule {}
