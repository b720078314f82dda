import { html, SafeHtml } from './html';
import { layout } from './layout';

export function loginPage(opts: { error?: string; notice?: string; email?: string; returnTo?: string; ssoUrl?: string } = {}): SafeHtml {
  const sso = opts.ssoUrl ?? (opts.returnTo ? `/users/sso?return_to=${encodeURIComponent(opts.returnTo)}` : '/users/sso');
  return layout(
    { title: 'Log in' },
    html`<section class="panel" aria-labelledby="login-title">
  <h1 id="login-title">Log in</h1>
  ${opts.notice ? html`<p class="notice" role="status">${opts.notice}</p>` : ''}
  ${opts.error ? html`<p class="error" role="alert">${opts.error}${opts.ssoUrl ? html` <a href="${opts.ssoUrl}" id="sso-required-link">Sign in with SSO</a>` : ''}</p>` : ''}
  <form method="post" action="/users/log-in">
    ${opts.returnTo ? html`<input type="hidden" name="return_to" value="${opts.returnTo}">` : ''}
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${opts.email ?? ''}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <p><label style="display:inline;font-weight:normal"><input type="checkbox" name="remember_me" value="true"> Keep me logged in for 14 days</label></p>
    <button type="submit">Log in</button>
  </form>
  <p><a href="${sso}" id="sso-link">Sign in with SSO</a></p>
  <p><a href="/users/forgot-password">Forgot your password?</a></p>
  <p>New here? <a href="/users/register" id="sign-up-link">Create a workspace</a></p>
</section>`,
  );
}

export function forgotPasswordPage(opts: { submitted?: boolean } = {}): SafeHtml {
  const body = opts.submitted
    ? html`<p role="status" id="reset-requested">If your email is in our system, you will receive instructions to reset your password shortly.</p>
  <p><a href="/users/log-in">Back to log in</a></p>`
    : html`<form method="post" action="/users/forgot-password">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required>
    <p><button type="submit">Send reset link</button></p>
  </form>`;
  return layout(
    { title: 'Forgot your password?' },
    html`<section class="panel" aria-labelledby="forgot-title"><h1 id="forgot-title">Forgot your password?</h1>${body}</section>`,
  );
}

export function resetPasswordPage(opts: { token: string; errors?: string[] }): SafeHtml {
  return layout(
    { title: 'Reset password' },
    html`<section class="panel" aria-labelledby="reset-title">
  <h1 id="reset-title">Reset password</h1>
  ${opts.errors?.length ? html`<ul class="error" role="alert">${opts.errors.map((e) => html`<li>${e}</li>`)}</ul>` : ''}
  <form method="post" action="/users/reset-password/${opts.token}">
    <label for="password">New password (12 to 72 characters)</label>
    <input id="password" name="password" type="password" autocomplete="new-password" required minlength="12" maxlength="72">
    <label for="password_confirmation">Confirm new password</label>
    <input id="password_confirmation" name="password_confirmation" type="password" autocomplete="new-password" required>
    <p><button type="submit">Reset password</button></p>
  </form>
</section>`,
  );
}

export function resetDeadEndPage(): SafeHtml {
  return layout(
    { title: 'Reset link invalid' },
    html`<section class="panel" aria-labelledby="dead-title">
  <h1 id="dead-title">This reset link is invalid or has expired</h1>
  <p id="reset-dead-end">Reset links work once and expire after 60 minutes.</p>
  <p><a href="/users/forgot-password">Request a new reset link</a></p>
</section>`,
  );
}
