import { SPEC_ACCESS_TOKEN_TTL_SECONDS } from '../core/config/environment';
import { html, SafeHtml } from '../core/pages/html';
import { layout, type ConsoleChrome } from '../core/pages/layout';
import { formatDuration } from '../core/text/duration';
import { PASSWORD_LENGTH } from '../identity';
import { shownOnceMissing, type TakenSecrets } from '../sessions';
import { DISPLAY_NAME_LENGTH } from './dto/register.dto';
import type { FieldErrors } from '../core/common/problem/problem.error';

export const REGISTER_PAGE = '/users/register';

/** What the form had, sent back with its refusal (never the password). */
export interface SignUpForm {
  email?: string;
  name?: string;
  workspace_name?: string;
  agent_name?: string;
}

const LABELS: Record<string, string> = {
  email: 'Email',
  name: 'Your name',
  password: 'Password',
  workspace_name: 'Workspace name',
  agent_name: 'First service agent',
};

/** The sign-up form (the rules of `POST /api/v1/register`), with the refusal of a previous try. */
export function signUpPage(opts: { form?: SignUpForm; errors?: FieldErrors } = {}): SafeHtml {
  const f = opts.form ?? {};
  const errors = Object.entries(opts.errors ?? {});
  const invalid = (field: string) => (opts.errors?.[field] ? html` aria-invalid="true" aria-describedby="${field}-error"` : '');
  const fieldError = (field: string) =>
    opts.errors?.[field]
      ? html`<span class="error" id="${field}-error">${LABELS[field] ?? field} ${opts.errors[field].join(', ')}</span>`
      : '';
  return layout(
    { title: 'Sign up' },
    html`<section class="panel" aria-labelledby="signup-title">
  <h1 id="signup-title">Create your workspace</h1>
  <p>One step makes your account (its owner), a workspace on the free plan, its first service agent and the workspace primary key, shown to you once.</p>
  ${errors.length ? html`<p class="error" role="alert" id="signup-errors">The account was not created: fix the fields below.</p>` : ''}
  <form method="post" action="${REGISTER_PAGE}" novalidate>
    <label for="email">${LABELS.email}</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${f.email ?? ''}"${invalid('email')}>${fieldError('email')}
    <label for="name">${LABELS.name} <small>(optional, ${DISPLAY_NAME_LENGTH.min} to ${DISPLAY_NAME_LENGTH.max} characters)</small></label>
    <input id="name" name="name" type="text" autocomplete="name" value="${f.name ?? ''}"${invalid('name')}>${fieldError('name')}
    <label for="password">${LABELS.password} <small>(${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters)</small></label>
    <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_LENGTH.min}" maxlength="${PASSWORD_LENGTH.max}"${invalid('password')}>${fieldError('password')}
    <label for="workspace_name">${LABELS.workspace_name}</label>
    <input id="workspace_name" name="workspace_name" type="text" required maxlength="120" value="${f.workspace_name ?? ''}"${invalid('workspace_name')}>${fieldError('workspace_name')}
    <label for="agent_name">${LABELS.agent_name} <small>(a name for the agent your code runs as, such as <code>warehouse-bot</code>)</small></label>
    <input id="agent_name" name="agent_name" type="text" required maxlength="120" value="${f.agent_name ?? ''}"${invalid('agent_name')}>${fieldError('agent_name')}
    <p><button type="submit">Create the workspace</button></p>
  </form>
  <p>Have an account? <a href="/users/log-in">Log in</a></p>
</section>`,
  );
}

export const GETTING_STARTED_PATH = '/app/getting-started';

/**
 * After sign-up: the workspace primary key (once: the page after the sign-up's redirect took it
 * from ShownOnce; a reload shows the page without it, and says so while Redis is down) and the first calls, with this service's address.
 */
export function gettingStartedPage(opts: {
  chrome?: ConsoleChrome;
  baseUrl: string;
  key?: string;
  missing?: TakenSecrets;
  /** an owner or admin of the workspace: the key, enrollment-token and API-token pages are theirs to open */
  manage: boolean;
}): SafeHtml {
  const key = opts.key ?? 'agk_...';
  return layout(
    { title: 'Getting started', chrome: opts.chrome, current: GETTING_STARTED_PATH },
    html`<section class="panel" aria-labelledby="start-title">
  <h1 id="start-title">Getting started</h1>
  ${
    opts.key
      ? html`<h2>Your workspace primary key</h2>
  <p>Copy it now: it is shown this once and stored only as a hash. It carries every machine scope except <code>credentials:write</code>.</p>
  <code class="secret" id="shown-key">${opts.key}</code>`
      : html`${opts.missing?.missing === 'unavailable' ? shownOnceMissing(opts.missing, 'workspace primary key', '') : ''}<p id="key-not-shown">The workspace primary key was shown once, after sign-up. If you did not copy it, ${
          opts.manage
            ? html`generate a new one on the <a href="/app/agents/workspace-key">workspace primary key page</a>.`
            : 'an owner or admin of the workspace can generate a new one.'
        }</p>`
  }
  <h2>1. Exchange the key for an access token</h2>
  <pre><code>curl -sS -X POST ${opts.baseUrl}/api/v1/agent_tokens -H 'x-agent-api-key: ${key}'</code></pre>
  <p>The answer's <code>token</code> is a bearer token for the machine routes, valid for ${formatDuration(SPEC_ACCESS_TOKEN_TTL_SECONDS)}.</p>
  <h2>2. Call a machine route with it</h2>
  <pre><code>curl -sS ${opts.baseUrl}/api/v1/messages -H "authorization: Bearer $TOKEN"</code></pre>
  <h2>3. Enroll a robot</h2>
  <p>${
    opts.manage
      ? html`Issue an enrollment token on the <a href="/app/enrollment-tokens">enrollment tokens page</a>, or with an <a href="/app/settings/api_tokens">API token</a>`
      : 'An owner or admin issues an enrollment token'
  } (<code>POST /api/v1/operator/enrollment_tokens</code>); the robot claims it with <code>POST /api/v1/enrollments/claim</code>.
  The repository's <code>docs/quickstart.md</code> walks it through to a command answered over the robot's socket.</p>
  <p>The <a href="/api/docs">API reference</a> lists every route; <a href="/problems">problem types</a> explain every error.</p>
</section>`,
  );
}
