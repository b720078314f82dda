/** What the passkeys feature offers the rest of the service; other features import it from here only. */
export * from './dto/passkey.dto';
export * from './passkeys.module';
export * from './passkeys.service';
export { PASSKEYS_PAGE_PATH } from './passkeys.constants';
export { PASSKEY_FORM_ACTIONS, PASSKEY_LOGIN_SCRIPTS, PASSKEY_SCRIPTS, passkeyLoginForm, passkeysSection } from './passkey-pages';
export { answerOf as authenticatorAnswerOf } from './passkeys-page.controller';
