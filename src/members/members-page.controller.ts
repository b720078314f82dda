import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSeeOtherResponse,
  ApiTags,
} from '@nestjs/swagger';
import { canManage, OperatorAuth, OPERATOR_ROLES, type OperatorRole } from '../auth';
import { uuidParam } from '../core/common/http/uuid-param';
import { formRefusal } from '../core/common/problem/form-refusal';
import { ValidationProblem } from '../core/common/problem/problem.error';
import { AppValidationPipe } from '../core/common/validation/validation';
import { withoutEmptyFilters } from '../core/listing/form-query';
import { parseList } from '../core/listing/list-query';
import { ApiFormPost } from '../core/openapi/page-docs';
import { sendPage } from '../core/pages/layout';
import { consoleChrome, WorkspaceOperator } from '../sessions';
import { CreateInvitationDto, INVITATION_LIST } from './dto/invitation.dto';
import { MEMBER_LIST } from './dto/member.dto';
import { InvitationsService } from './invitations.service';
import { MEMBERS_PAGE, membersPage } from './member-pages';
import { MembersService } from './members.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';
import type { Response } from 'express';

const pipe = new AppValidationPipe();

/** The refusals of the page's forms, in words (the JSON routes answer the same codes). */
const REASONS: Record<string, string> = {
  already_member: 'That address is a member of this workspace already.',
  insufficient_role: 'Only an owner can make, change or remove an owner.',
  last_owner: 'The workspace must keep at least one owner.',
  scim_managed: 'This membership is provisioned by SCIM: change it in your identity provider.',
  invitation_not_pending: 'That invitation is no longer pending.',
  not_found: 'That member or invitation is not in this workspace.',
};

const refused = ApiConflictResponse({
  description: 'the page again, with why the change was refused (last owner, SCIM, already a member)',
});
const ownersOnly = ApiForbiddenResponse({ description: 'the page again: only an owner makes, changes or removes an owner' });

/**
 * /app/members (API.md Part 3 "Members and invitations"): every member reads the list; owners and
 * admins also get the invite form, the role and remove buttons and the pending invitations. The
 * forms post here and go through the same services as the JSON routes; a refusal renders the
 * page again with its reason and the refusal's status.
 */
@ApiTags('pages')
@Controller(MEMBERS_PAGE.slice(1))
export class MembersPageController {
  constructor(
    private readonly members: MembersService,
    private readonly invitations: InvitationsService,
  ) {}

  @OperatorAuth({ role: 'member', page: true })
  @Get()
  @ApiOperation({
    summary: 'Members page',
    description:
      "Console page of the workspace's members (any member; without a session, a redirect to the log-in page): its members oldest first with role, status, second factor " +
      'and SCIM provisioning, searched (`q`: name or email) and paged (`limit`, `offset`) as `GET /api/v1/operator/members` is. Owners and admins also see the invite form, change-role and remove buttons and the pending invitations with a revoke button.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the members (and, for owners and admins, the forms and pending invitations)' })
  async index(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const notice = query.notice;
    await this.render(res, op, { notice: typeof notice === 'string' ? notice : undefined }, 200, query);
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('invitations')
  @ApiOperation({
    summary: 'Invite someone from the members page',
    description:
      'The invite form (owners and admins), validated as `POST /api/v1/operator/invitations` is. Sent, it redirects back with a notice; a bad address is 422 and ' +
      'a refusal (an admin inviting an owner, an address that is a member already) renders the page again with its reason.',
  })
  @ApiFormPost({
    email: { description: 'the address to invite', required: true },
    role: { description: 'the role it will have; owner only by an owner', enum: OPERATOR_ROLES, required: true },
  })
  @ApiSeeOtherResponse({ description: 'invited; back to the members page' })
  @refused
  @ownersOnly
  async invite(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const form = {
      email: typeof body?.email === 'string' ? body.email : undefined,
      role: typeof body?.role === 'string' ? body.role : undefined,
    };
    await this.act(res, op, 'invited', form, async () => {
      const dto = (await pipe.transform({ ...form }, { type: 'body', metatype: CreateInvitationDto })) as CreateInvitationDto;
      await this.invitations.create(op, dto);
    });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post('invitations/:id/revoke')
  @ApiOperation({
    summary: 'Revoke an invitation from the members page',
    description: 'The revoke button of a pending invitation (owners and admins); then back to the page.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'revoked; back to the members page' })
  @refused
  async revoke(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.act(res, op, 'revoked', undefined, () => this.invitations.revoke(op.workspaceId, id));
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':user_id/role')
  @ApiOperation({
    summary: "Change a member's role from the members page",
    description:
      'The change-role form of a member (owners and admins), with the rules of `PATCH /api/v1/operator/members/:user_id`; then back to the page, or the page with the reason of a refusal.',
  })
  @ApiFormPost({ role: { description: 'the new role', enum: OPERATOR_ROLES, required: true } })
  @ApiSeeOtherResponse({ description: 'changed; back to the members page' })
  @refused
  @ownersOnly
  async changeRole(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('user_id', uuidParam) userId: string,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    await this.act(res, op, 'role_changed', undefined, async () => {
      const role = body?.role;
      if (typeof role !== 'string' || !(OPERATOR_ROLES as readonly string[]).includes(role)) {
        throw new ValidationProblem({ role: [`must be one of ${OPERATOR_ROLES.join(', ')}`] });
      }
      await this.members.changeRole(op, userId, role as OperatorRole);
    });
  }

  @OperatorAuth({ role: 'admin', page: true })
  @Post(':user_id/remove')
  @ApiOperation({
    summary: 'Remove a member from the members page',
    description:
      'The remove button of a member (owners and admins), with the rules of `DELETE /api/v1/operator/members/:user_id`; then back to the page, or the page with the reason of a refusal.',
  })
  @ApiFormPost()
  @ApiSeeOtherResponse({ description: 'removed; back to the members page' })
  @refused
  @ownersOnly
  async remove(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('user_id', uuidParam) userId: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.act(res, op, 'removed', undefined, () => this.members.remove(op, userId));
  }

  /** Runs a form's change: 303 back with `notice`, or the page again with the refusal's reason and status. */
  private async act(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    notice: string,
    form: { email?: string; role?: string } | undefined,
    change: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await change();
    } catch (err) {
      const refusal = formRefusal(err, REASONS);
      if (!refusal) throw err;
      return this.render(res, op, { error: refusal.error, form }, refusal.status);
    }
    res.redirect(303, `${MEMBERS_PAGE}?notice=${notice}`);
  }

  private async render(
    res: Response,
    op: WorkspaceOperatorPrincipal,
    extra: { notice?: string; error?: string; form?: { email?: string; role?: string } },
    status = 200,
    query: Record<string, unknown> = {},
  ): Promise<void> {
    // the member list pages as the REST list does (limit, offset); the pending invitations, few, all at once
    const q = parseList(MEMBER_LIST, withoutEmptyFilters(query));
    const [members, invitations] = await Promise.all([
      this.members.list(op.workspaceId, q),
      canManage(op.role)
        ? this.invitations.list(op.workspaceId, parseList(INVITATION_LIST, { status: 'pending', limit: '200' }))
        : undefined,
    ]);
    sendPage(
      res,
      membersPage({
        chrome: consoleChrome(op),
        role: op.role,
        q,
        members: members.members,
        total: members.pagination.total,
        invitations: invitations?.invitations ?? [],
        ...extra,
      }),
      status,
    );
  }
}
