import { Injectable } from '@nestjs/common';
import { ServiceAgentsService } from '../agents';
import { AuditLog } from '../audit';
import { toIso } from '../core/common/iso';
import { isUniqueViolation } from '../core/common/problem/pg-errors';
import { ValidationProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { WorkspaceKeyService } from '../credentials';
import { PasswordHasher, WorkspacesService } from '../identity';
import { SessionsService } from '../sessions';
import { RegisterRepository } from './register.repository';
import type { RegisterResponseDto } from './dto/register-response.dto';
import type { RegisterDto } from './dto/register.dto';

const EMAIL_TAKEN = () => new ValidationProblem({ email: ['has already been taken'] });

/** "ada.lovelace+fleet@x" -> "Ada Lovelace Fleet"; at least 2 characters, at most 120. */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const words = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  const name = words.join(' ').slice(0, 120).trim();
  return name.length >= 2 ? name : local.length >= 2 ? local.slice(0, 120) : `${local || 'user'} user`.trim();
}

/**
 * One request, one transaction: the user (owner), a free active workspace, its default agent and
 * the workspace primary key with a 30-day token, and its `workspace.create` audit event. Either all
 * of it exists afterwards or none.
 */
@Injectable()
export class RegisterService {
  constructor(
    private readonly db: Db,
    private readonly repo: RegisterRepository,
    private readonly passwords: PasswordHasher,
    private readonly workspaces: WorkspacesService,
    private readonly agents: ServiceAgentsService,
    private readonly workspaceKey: WorkspaceKeyService,
    private readonly audit: AuditLog,
    private readonly sessions: SessionsService,
  ) {}

  async register(dto: RegisterDto): Promise<RegisterResponseDto> {
    return (await this.create(dto)).registered;
  }

  /**
   * Sign-up in the browser (`/users/register`, issue 57): the same registration, and the new
   * account's first session (its `member.login` event) in the same transaction, so the browser is
   * signed in exactly when the account exists.
   */
  async registerAndSignIn(
    dto: RegisterDto,
    client: { ip?: string; userAgent?: string },
  ): Promise<{ registered: RegisterResponseDto; session: { token: string; sessionId: string } }> {
    const { registered, session } = await this.create(dto, client);
    if (!session) throw new Error('registration without its session');
    return { registered, session };
  }

  private async create(
    dto: RegisterDto,
    signIn?: { ip?: string; userAgent?: string },
  ): Promise<{ registered: RegisterResponseDto; session?: { token: string; sessionId: string } }> {
    // Hash before the transaction so no row lock or connection is held through bcrypt.
    const passwordHash = await this.passwords.hash(dto.password);
    const name = dto.name ?? nameFromEmail(dto.email);
    try {
      return await this.db.transaction(async (m) => {
        const user = await this.repo.insertUserUnlessEmailTaken(m, dto.email, passwordHash, name);
        if (!user) throw EMAIL_TAKEN();
        const workspace = await this.workspaces.create(m, dto.workspace_name);
        await this.workspaces.addMember(m, workspace.id, user.id, 'owner');
        const agent = await this.agents.create(m, workspace.id, dto.agent_name, {}, { isDefault: true });
        const { apiKey, accessToken } = await this.workspaceKey.generateIn(m, workspace.id);
        // One event for the registration (its agent and primary key are part of it). The route has
        // no principal: the actor is the account just created, as stored.
        await this.audit.record(m, {
          workspaceId: workspace.id,
          action: 'workspace.create',
          actor: { type: 'user', id: user.id, label: user.email },
          target: { type: 'workspace', id: workspace.id, label: workspace.slug },
          changes: AuditLog.changes(null, workspace, ['name', 'slug', 'plan', 'status']),
        });
        const session = signIn
          ? await this.sessions.logIn(m, { id: user.id, email: user.email, workspaceIds: [workspace.id] }, { ...signIn, rememberMe: false })
          : undefined;
        const registered: RegisterResponseDto = {
          user: {
            id: user.id,
            name: user.name,
            email: user.email,
            confirmed_at: toIso(user.confirmed_at),
          },
          api_key: apiKey,
          access_token: accessToken,
          service_agent: { id: agent.id, name: agent.name, status: agent.status, slug: agent.slug },
          workspace: {
            id: workspace.id,
            name: workspace.name,
            status: workspace.status,
            plan: workspace.plan,
            slug: workspace.slug,
          },
        };
        return { registered, session };
      });
    } catch (err) {
      // A concurrent registration of the same email that won the race.
      if (isUniqueViolation(err)) {
        throw EMAIL_TAKEN();
      }
      throw err;
    }
  }
}
