import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth';
import { clientIp, ipBucket } from '../core/common/http/client-ip';
import { AppConfig } from '../core/config/app-config';
import { sendPage } from '../core/pages/layout';
import { forgotPasswordPage, resetDeadEndPage, resetPasswordPage } from '../core/pages/session-pages';
import { PasswordResetService } from './password-reset.service';
import { LOGIN_PATH } from './session.constants';

interface ResetBody {
  password?: unknown;
  password_confirmation?: unknown;
}

@ApiTags('pages')
@Controller('users')
export class PasswordResetController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('forgot-password')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the form to request a reset link' })
  form(@Res() res: Response): void {
    sendPage(res, forgotPasswordPage());
  }

  /** Always the same panel: known or unknown address, throttled or not; the address is never echoed. */
  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the same confirmation panel in every case' })
  async submit(@Req() req: Request, @Res() res: Response, @Body() body: { email?: unknown }): Promise<void> {
    const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (email.length > 0 && email.length <= 254) {
      await this.resets.request(email, ipBucket(clientIp(req, this.config.trustedProxyIps)));
    }
    sendPage(res, forgotPasswordPage({ submitted: true }));
  }

  @Public()
  @Get('reset-password/:token')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'the new-password form, or a dead-end panel for an unusable link' })
  async resetForm(@Param('token') token: string, @Res() res: Response): Promise<void> {
    sendPage(res, (await this.resets.isUsable(token)) ? resetPasswordPage({ token }) : resetDeadEndPage());
  }

  @Public()
  @Post('reset-password/:token')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'redirect to the login page on success; the form with errors otherwise' })
  async reset(@Param('token') token: string, @Body() body: ResetBody, @Res() res: Response): Promise<void> {
    const password = typeof body?.password === 'string' ? body.password : '';
    const confirmation = typeof body?.password_confirmation === 'string' ? body.password_confirmation : '';
    const errors: string[] = [];
    if ([...password].length < 12 || [...password].length > 72) errors.push('Password must be 12 to 72 characters.');
    if (password !== confirmation) errors.push('Password confirmation does not match.');
    if (errors.length > 0) {
      if (!(await this.resets.isUsable(token))) return sendPage(res, resetDeadEndPage());
      return sendPage(res, resetPasswordPage({ token, errors }), 422);
    }
    if (!(await this.resets.reset(token, password))) return sendPage(res, resetDeadEndPage());
    res.redirect(302, `${LOGIN_PATH}?notice=reset`);
  }
}
