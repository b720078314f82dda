import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth';
import { PASSKEY_LOGIN_SCRIPT, PASSKEYS_SCRIPT } from './passkeys-script';

/** @simplewebauthn/browser's own bundle (a UMD build defining `SimpleWebAuthnBrowser`), read once from node_modules. */
const WEBAUTHN_BUNDLE = readFileSync(
  join(dirname(require.resolve('@simplewebauthn/browser')), '..', 'dist', 'bundle', 'index.umd.min.js'),
  'utf8',
);

export const WEBAUTHN_ASSET_PATH = '/assets/webauthn.js';
export const PASSKEYS_ASSET_PATH = '/assets/passkeys.js';
export const PASSKEY_LOGIN_ASSET_PATH = '/assets/passkey-login.js';

const JS = 'text/javascript; charset=utf-8';
const CACHE = 'public, max-age=3600';

/** The script files of the passkeys page, from this origin (ADR 0252): no page loads script from anywhere else. */
@ApiTags('pages')
@Controller('assets')
export class PasskeyAssetsController {
  @Public()
  @Get('webauthn.js')
  @Header('content-type', JS)
  @Header('cache-control', CACHE)
  @ApiOperation({
    summary: 'The WebAuthn browser library',
    description:
      "Public: @simplewebauthn/browser's bundled build, as the passkeys page loads it (served from this origin, never a CDN); cacheable for an hour.",
  })
  @ApiProduces('text/javascript')
  @ApiOkResponse({ description: 'the script (text/javascript)' })
  webauthn(): string {
    return WEBAUTHN_BUNDLE;
  }

  @Public()
  @Get('passkeys.js')
  @Header('content-type', JS)
  @Header('cache-control', CACHE)
  @ApiOperation({
    summary: "The passkeys page's script",
    description: 'Public: wires the "Add a passkey" form of the passkeys page to the browser\'s authenticator; cacheable for an hour.',
  })
  @ApiProduces('text/javascript')
  @ApiOkResponse({ description: 'the script (text/javascript)' })
  passkeys(): string {
    return PASSKEYS_SCRIPT;
  }

  @Public()
  @Get('passkey-login.js')
  @Header('content-type', JS)
  @Header('cache-control', CACHE)
  @ApiOperation({
    summary: "The script of the log-in's passkey step",
    description:
      'Public: wires the "Use a passkey" button of the second log-in step (`/users/log-in/mfa`) to the browser\'s authenticator; cacheable for an hour.',
  })
  @ApiProduces('text/javascript')
  @ApiOkResponse({ description: 'the script (text/javascript)' })
  passkeyLogin(): string {
    return PASSKEY_LOGIN_SCRIPT;
  }
}
