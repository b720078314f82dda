import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OperatorAuth } from '../auth/auth-policy';
import { html } from '../pages/html';
import { layout, sendPage } from '../pages/layout';
import { CurrentOperator } from '../sessions/operator-auth.strategy';
import type { OperatorPrincipal } from '../sessions/operator-principal';

@ApiTags('pages')
@Controller('app')
export class AppPageController {
  /** The signed-in operator's landing page; no session: 302 to /users/log-in. */
  @OperatorAuth({ page: true })
  @Get()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the workspace overview' })
  home(@CurrentOperator() operator: OperatorPrincipal, @Res() res: Response): void {
    const current = operator.workspaces.find((w) => w.id === operator.workspaceId);
    sendPage(
      res,
      layout(
        { title: 'Overview', signedInAs: operator.email },
        html`<section class="panel" aria-labelledby="welcome">
  <h1 id="welcome">Welcome, ${operator.name}</h1>
  ${current ? html`<p>Workspace <strong id="current-workspace">${current.name}</strong> (${current.role})</p>` : html`<p>You are not a member of any workspace.</p>`}
</section>`,
      ),
    );
  }
}
