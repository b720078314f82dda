import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import {
  CreateSsoConnectionDto,
  SSO_MAX_CONNECTIONS,
  SsoConnectionEnvelopeDto,
  SsoConnectionListDto,
  UpdateSsoConnectionDto,
} from './dto/sso-connection.dto';
import { SsoConnectionsService } from './sso-connections.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

const domainTaken = ApiConflictResponse({
  type: ProblemDto,
  description: 'domain_taken: a domain belongs to another SSO connection (of any workspace)',
});
const issuerRefused = ApiUnprocessableEntityResponse({
  type: ProblemDto,
  description:
    "validation_failed: a bad field; `errors.issuer` when the issuer's discovery document cannot be fetched or names another issuer",
});

/** The workspace's single sign-on connections (API.md Part 3 "Single sign-on (OpenID Connect)"). */
@OperatorResource()
@Controller('api/v1/operator/sso_connections')
export class SsoConnectionsController {
  constructor(private readonly connections: SsoConnectionsService) {}

  @OperatorAuth({ role: 'owner', person: true, recentAuth: true })
  @Post()
  @ApiOperation({
    summary: 'Add an SSO connection',
    description:
      "Owners, with a password or second-factor check in the last 10 minutes (else 403 `reauthentication_required`). The issuer's discovery document " +
      '(`/.well-known/openid-configuration`) is fetched first and must name that issuer (422 `errors.issuer`; https in production, outside production ' +
      'also http on a loopback address). The client secret is sealed at rest and never returned. A domain held by any other connection is 409 ' +
      `\`domain_taken\`. At most ${SSO_MAX_CONNECTIONS} connections a workspace. Audited as \`sso_connection.create\` (the secret only as "[sealed]").`,
  })
  @ApiCreatedResponse({ type: SsoConnectionEnvelopeDto })
  @domainTaken
  @issuerRefused
  async create(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Body() dto: CreateSsoConnectionDto,
  ): Promise<SsoConnectionEnvelopeDto> {
    return { sso_connection: await this.connections.create(op.workspaceId, dto) };
  }

  @OperatorAuth({ role: 'admin', person: true })
  @Get()
  @ApiOperation({
    summary: "List the workspace's SSO connections",
    description: `Owners and admins. \`{ sso_connections, count }\`, oldest first (at most ${SSO_MAX_CONNECTIONS}); never a client secret.`,
  })
  @ApiOkResponse({ type: SsoConnectionListDto })
  async list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal): Promise<SsoConnectionListDto> {
    const sso_connections = await this.connections.list(op.workspaceId);
    return { sso_connections, count: sso_connections.length };
  }

  @OperatorAuth({ role: 'admin', person: true })
  @Get(':id')
  @ApiOperation({
    summary: 'Show an SSO connection',
    description: "Owners and admins. Another workspace's connection, or an id that is not a UUID, is 404.",
  })
  @ApiOkResponse({ type: SsoConnectionEnvelopeDto })
  @ApiNotInWorkspace()
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<SsoConnectionEnvelopeDto> {
    return { sso_connection: await this.connections.show(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'owner', person: true, recentAuth: true })
  @Patch(':id')
  @ApiOperation({
    summary: 'Change an SSO connection',
    description:
      'Owners, with recent authentication. Any field, and `status` (`disabled`: nobody signs in through it and `enforce` stops applying). A changed issuer ' +
      'or client id is checked by discovery again (422 `errors.issuer`); `client_secret` replaces the sealed secret; `domains` replaces the list (409 ' +
      '`domain_taken`). Audited as `sso_connection.update` with the changed fields.',
  })
  @ApiOkResponse({ type: SsoConnectionEnvelopeDto })
  @domainTaken
  @issuerRefused
  @ApiNotInWorkspace()
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() dto: UpdateSsoConnectionDto,
  ): Promise<SsoConnectionEnvelopeDto> {
    return { sso_connection: await this.connections.update(op.workspaceId, id, dto) };
  }

  @OperatorAuth({ role: 'owner', person: true, recentAuth: true })
  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete an SSO connection',
    description:
      'Owners, with recent authentication. 204; its domains are free again and its links to accounts are gone (the accounts and their sessions stay). ' +
      'Audited as `sso_connection.delete`.',
  })
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiNotInWorkspace()
  async remove(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<void> {
    await this.connections.delete(op.workspaceId, id);
  }
}
