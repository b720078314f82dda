import { Controller, createParamDecorator, Get, Module } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { MachineAuth, OperatorAuth, PartnerAuth, Public, ScimAuth } from './auth-policy';
import { registerParamRequirement, routeViolations, walkRoutes } from './route-walk';

/** A param decorator valid only on operator routes with a role, as @WorkspaceOperator() is. */
const needsRole = () => 'operator with a workspace';
const WorkspaceOperator = createParamDecorator(needsRole);
registerParamRequirement(needsRole, {
  decorator: '@WorkspaceOperator()',
  satisfiedBy: (policy) => policy.kind === 'operator' && policy.role !== undefined,
});

@Controller('sample')
class SampleController {
  @Public()
  @Get('open')
  open() {}

  @MachineAuth('messages:read')
  @Get('machine')
  machine() {}

  @ScimAuth()
  @Get('scim')
  scim() {}

  @PartnerAuth('engagements:read')
  @Get('partner')
  partner() {}

  @Get('undeclared')
  undeclared() {}

  @OperatorAuth({ role: 'admin', person: true })
  @Get('workspace')
  workspace(@WorkspaceOperator() _op: unknown) {}

  /** Would take an operator API token, outside /api/v1/operator/ where tokens are refused. */
  @OperatorAuth({ role: 'admin' })
  @Get('token')
  token() {}

  @OperatorAuth()
  @Get('no-role')
  noRole(@WorkspaceOperator() _op: unknown) {}
}

@Module({ controllers: [SampleController] })
class SampleModule {}

describe('route walk', () => {
  const walk = async () => {
    const ref = await Test.createTestingModule({ imports: [SampleModule] }).compile();
    return walkRoutes(ref.get(ModulesContainer), ref.get(Reflector));
  };

  it('finds each route with its policy', async () => {
    const routes = await walk();
    expect(routes.map((r) => `${r.method} ${r.path} ${r.policy?.kind ?? '-'}`).sort()).toEqual([
      'GET /sample/machine machine',
      'GET /sample/no-role operator',
      'GET /sample/open public',
      'GET /sample/partner partner',
      'GET /sample/scim scim',
      'GET /sample/token operator',
      'GET /sample/undeclared -',
      'GET /sample/workspace operator',
    ]);
  });

  it('fails a route whose auth kind has no registered strategy, one without a policy, a misplaced @WorkspaceOperator() and one taking API tokens off the operator API', async () => {
    const violations = routeViolations(await walk(), ['machine', 'operator', 'partner']);
    expect(violations.sort()).toEqual([
      'GET /sample/no-role (SampleController.noRole): @WorkspaceOperator() does not fit its operator policy',
      'GET /sample/scim (SampleController.scim): no strategy is registered for "scim"',
      'GET /sample/token (SampleController.token): would take an API token outside /api/v1/operator/ (declare person: true)',
      'GET /sample/undeclared (SampleController.undeclared): declares no auth policy',
    ]);
  });

  it('passes once every kind in use is registered and every route is declared', async () => {
    const routes = (await walk()).filter((r) => !['undeclared', 'noRole', 'token'].includes(r.handler));
    expect(routeViolations(routes, ['machine', 'operator', 'partner', 'scim'])).toEqual([]);
  });
});
