import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { OperatorRole } from '../auth';
import { Clock } from '../core/common/clock/clock';
import { randomToken, sha256 } from '../core/common/crypto/secrets';
import { ConflictProblem, ForbiddenProblem, NotFoundProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { Db, type Tx } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { escapeHtml } from '../core/pages/html';
import { formatDurationMs } from '../core/text/duration';
import { PasswordHasher } from '../identity';
import { MailService } from '../mail';
import { nameFromEmail } from '../register';
import { accountActor, SessionsService, type WorkspaceOperatorPrincipal } from '../sessions';
import {
  INVITATION_LIST,
  INVITATION_PATH,
  INVITATION_TTL_MS,
  type CreateInvitationDto,
  type InvitationDto,
  type InvitationListDto,
} from './dto/invitation.dto';
import { InvitationsRepository, type UsableInvitation } from './invitations.repository';
import { MembersRepository } from './members.repository';
import type { ListQuery } from '../core/listing/list-query';

/** The address got an account between the page and the post: the claim is rolled back. */
class AddressTaken extends Error {}

/** A link's token: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a link's page shows (API.md Part 3; ADR 0242). */
export type InvitationView =
  | { state: 'invalid' }
  /** The address has no account: the password form. */
  | { state: 'new_account'; invitation: UsableInvitation }
  /** The address has an account and no browser session: a link to log in that comes back here. */
  | { state: 'log_in'; invitation: UsableInvitation }
  /** The browser is signed in as the invited account: the Accept button. */
  | { state: 'accept'; invitation: UsableInvitation }
  /** Signed in as another account: nothing about the address's account is told. */
  | { state: 'other_account'; invitation: UsableInvitation };

/** Who the browser is signed in as, if anyone (the page's session, never input). */
export interface Visitor {
  userId: string;
  email: string;
}

export type AcceptOutcome = { ok: true; workspaceId: string; session?: { token: string } } | { ok: false; view: InvitationView };

/**
 * Invitations (API.md Part 3 "Members and invitations"; ADR 0242): a single-use link valid 7
 * days whose token is stored as SHA-256 only, mailed through the mail queue from inside the
 * inserting transaction (a Redis failure rolls the invitation back; a failed commit leaves a
 * mailed link that does not work). A new invitation to an address replaces its pending one.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly db: Db,
    private readonly repo: InvitationsRepository,
    private readonly members: MembersRepository,
    private readonly mail: MailService,
    private readonly audit: AuditLog,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async create(op: WorkspaceOperatorPrincipal, dto: CreateInvitationDto): Promise<InvitationDto> {
    if (dto.role === 'owner' && op.role !== 'owner') throw new ForbiddenProblem('insufficient_role');
    const token = randomToken(32);
    const now = this.clock.now();
    const workspace = op.workspaces.find((w) => w.id === op.workspaceId)!;
    return this.db.transaction(async (tx) => {
      await this.repo.lockAddress(tx, op.workspaceId, dto.email);
      if (await this.members.isMemberByEmail(tx, op.workspaceId, dto.email)) throw new ConflictProblem('already_member');
      const replaced = await this.repo.replacePending(tx, op.workspaceId, dto.email);
      const invitation = await this.repo.insert(tx, {
        workspaceId: op.workspaceId,
        email: dto.email,
        role: dto.role,
        tokenHash: sha256(token),
        invitedBy: op.userId,
        expiresAt: new Date(now + INVITATION_TTL_MS),
        now: new Date(now),
      });
      await this.audit.record(tx, {
        workspaceId: op.workspaceId,
        action: 'invitation.create',
        target: { type: 'invitation', id: invitation.id, label: invitation.email },
        changes: { role: [null, invitation.role], ...(replaced ? { replaced_invitation_id: [null, replaced] } : {}) },
      });
      // last, before the commit: a Redis failure here rolls the invitation back (503, nothing left)
      await this.mail.enqueue(this.invitationMail(invitation.email, token, workspace.name, op.email));
      return invitation;
    });
  }

  async list(workspaceId: string, q: ListQuery<typeof INVITATION_LIST.key, true>): Promise<InvitationListDto> {
    const { rows, total } = await this.repo.list(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  /** Revokes a pending invitation (its link stops working): 404 unknown or another workspace's, 409 no longer pending. */
  async revoke(workspaceId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const revoked = await this.repo.revoke(tx, workspaceId, id, this.clock.date());
      if (!revoked) {
        if (await this.repo.find(tx, workspaceId, id)) throw new ConflictProblem('invitation_not_pending');
        throw new NotFoundProblem();
      }
      await this.audit.record(tx, {
        workspaceId,
        action: 'invitation.revoke',
        target: { type: 'invitation', id: revoked.id, label: revoked.email },
        changes: { status: ['pending', 'revoked'] },
      });
    });
  }

  /** What the link's page shows to this visitor. */
  async view(token: string, visitor: Visitor | undefined): Promise<InvitationView> {
    const invitation = TOKEN.test(token) ? await this.repo.usable(sha256(token), this.clock.date()) : undefined;
    if (!invitation) return { state: 'invalid' };
    if (visitor) return { state: visitor.email === invitation.email ? 'accept' : 'other_account', invitation };
    return { state: invitation.has_account ? 'log_in' : 'new_account', invitation };
  }

  /**
   * Accepts into a new, confirmed account with this password, signed in (`auth_method:
   * invitation`). Atomic and single use: the link is claimed first, so of two at once one makes
   * the account and the membership. An address that got an account meanwhile: the log-in page.
   */
  async acceptNewAccount(token: string, password: string, client: { ip?: string; userAgent?: string }): Promise<AcceptOutcome> {
    if (!TOKEN.test(token)) return { ok: false, view: { state: 'invalid' } };
    const hash = await this.passwords.hash(password);
    const now = this.clock.date();
    try {
      return await this.db.transaction(async (tx): Promise<AcceptOutcome> => {
        const claimed = await this.repo.claim(tx, sha256(token), now);
        if (!claimed) return { ok: false, view: { state: 'invalid' } };
        const name = nameFromEmail(claimed.email);
        const userId = await this.repo.insertAccount(tx, { email: claimed.email, passwordHash: hash, name, now });
        if (!userId) throw new AddressTaken(); // rolls the claim back
        const session = await this.sessions.start(tx, userId, client, { method: 'invitation', mfa: false, rememberMe: false });
        await this.join(tx, claimed, userId, { session_id: [null, session.sessionId] });
        return { ok: true, workspaceId: claimed.workspace_id, session };
      });
    } catch (err) {
      if (!(err instanceof AddressTaken)) throw err;
      return { ok: false, view: await this.view(token, undefined) };
    }
  }

  /** Accepts into the signed-in account the invitation is for (the same single-use claim). */
  async acceptExisting(token: string, visitor: Visitor): Promise<AcceptOutcome> {
    const current = await this.view(token, visitor);
    if (current.state !== 'accept') return { ok: false, view: current };
    return this.db.transaction(async (tx): Promise<AcceptOutcome> => {
      // the same token as the view's, so the same address; none: another accept used it meanwhile
      const claimed = await this.repo.claim(tx, sha256(token), this.clock.date());
      if (!claimed) return { ok: false, view: { state: 'invalid' } };
      await this.join(tx, claimed, visitor.userId, null);
      return { ok: true, workspaceId: claimed.workspace_id };
    });
  }

  /** The membership and the `invitation.accept` event, by the accepting account (ADR 0242). */
  private async join(
    tx: Tx,
    claimed: { id: string; workspace_id: string; email: string; role: OperatorRole },
    userId: string,
    extra: Record<string, readonly [unknown, unknown]> | null,
  ): Promise<void> {
    await this.repo.setAcceptedBy(tx, claimed.id, userId);
    const added = await this.repo.insertMembership(tx, claimed.workspace_id, userId, claimed.role);
    await this.audit.record(tx, {
      workspaceId: claimed.workspace_id,
      action: 'invitation.accept',
      target: { type: 'invitation', id: claimed.id, label: claimed.email },
      changes: { status: ['pending', 'accepted'], ...(added ? { role: [null, claimed.role] } : {}), ...extra },
      actor: accountActor({ id: userId, email: claimed.email }),
    });
  }

  private invitationMail(to: string, token: string, workspace: string, inviter: string) {
    const link = `${this.config.baseUrl}${INVITATION_PATH}/${token}`;
    const valid = formatDurationMs(INVITATION_TTL_MS, 'day');
    return {
      to,
      subject: `You are invited to ${workspace} on Agent Network`,
      text: `${inviter} invited you to the workspace ${workspace} on Agent Network.\n\nOpen this link within ${valid} to accept (it works once):\n${link}\n\nIf you did not expect this, ignore this message.\n`,
      html: `<p>${escapeHtml(inviter)} invited you to the workspace <strong>${escapeHtml(workspace)}</strong> on Agent Network.</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a> (the link works once, within ${valid}).</p>
<p>If you did not expect this, ignore this message.</p>`,
    };
  }
}
