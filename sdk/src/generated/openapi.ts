/**
 * Generated from the service's OpenAPI document by `npm run sdk:generate` (scripts/sdk-openapi.ts,
 * openapi-typescript). Do not edit: test/sdk-openapi.e2e-spec.ts fails when this file is stale.
 */
/* eslint-disable */

export interface paths {
    "/dev/mailbox.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the development mailbox as JSON
         * @description Development only: exists only with the in-memory mail transport (`MAIL_TRANSPORT=memory`, the default outside production) and is 404 in production, with SMTP, or to a client that is not on this machine (loopback; behind a trusted proxy, the forwarded client). No login, never cached: answers `{ messages: [{ to, subject, text, html, sent_at }] }`, the newest 200 messages the service sent (password reset links, webhook-disabled notices), newest first.
         */
        get: operations["MailboxController_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dev/mailbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the development mailbox
         * @description Development only: exists only with the in-memory mail transport (`MAIL_TRANSPORT=memory`, the default outside production) and is 404 in production, with SMTP, or to a client that is not on this machine (loopback; behind a trusted proxy, the forwarded client). No login, never cached: an HTML page showing the newest 200 messages the service sent, newest first, with their recipient, subject, time and body.
         */
        get: operations["MailboxController_html"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scrape Prometheus metrics
         * @description For Prometheus scrapers, with `Authorization: Bearer <METRICS_BEARER_TOKEN>` (neither a workspace key nor an operator session); the token is mandatory in production, and outside production /metrics is open when none is configured. Answers the text exposition format with no-cache headers: process metrics, `http_request_duration_seconds` by method, route template and status, the open connections (`http_open_connections`), and counters of auth failures, rate-limit refusals (the log-in throttles included), enrollment claims, socket connections and disconnections, webhook attempts and disabled subscriptions, payment events, dead jobs and connections closed or refused at the connection limit; and, read when scraped, the readiness checks (`ready`, `ready_check`), the job queues (`queue_jobs`) and the open sockets. 401 `metrics_token_required` or `invalid_metrics_token`, with `WWW-Authenticate: Bearer realm="metrics"`. Not rate limited.
         */
        get: operations["MetricsController_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness probe
         * @description Public, never cached, not rate limited. Answers 200 `{ status: "ok", timestamp }` whenever the web process can answer; it checks no dependency.
         */
        get: operations["HealthController_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness probe
         * @description Public, never cached, not rate limited. Checks the database (`repo`), pending migrations (`migrations`) and that every configured job queue has a running worker of positive concurrency on a reachable Redis (`oban`). Answers 200 with status `ok`, or `degraded` when a check passed slowly; 503 with the same check map when any check failed, a pending migration included. From SIGTERM on, 503 at once with `error: "shutting_down"` (the checks are not run), so a load balancer stops sending to the node while it drains.
         */
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange an API key for an access token
         * @description Public and optional: send an `agk_` API key in the `x-agent-api-key` header or as `api_key` in the body; it is never a Bearer source, and any `Authorization: Bearer` header is a 400. Answers a 30-day access token (`expires_in` 2592000) with every scope of the key, or the subset asked for in `scopes` (asking for more: 403 `insufficient_scopes`). 401 `api_key_required`, `invalid_api_key`, `api_key_expired`, `api_key_archived` or `api_key_revoked`; 403 `ip_not_allowed` from outside the key's `allowed_ips` (the token it would mint inherits them), `service_agent_inactive`, or the workspace refusal (`error` workspace_frozen, workspace_paused, workspace_archived). Counted per client IP by the machine rate limit.
         */
        post: operations["AgentTokensController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's domain events
         * @description An `agk_` key or access token with scope `events:read`. Answers the domain events of the credential's workspace (`{ id, type, data, inserted_at }`), newest first: what webhooks and sockets deliver, for clients that poll. `limit` 1-100 (default 50) and `offset`; `type` (or `filter[type]`, which wins) narrows them, an unknown type is 400 `invalid_type`.
         */
        get: operations["EventsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a user and a new workspace
         * @description Public (no credential; counted per client IP by the machine rate limit). In one transaction it creates the user (owner), a `free` active workspace, its default service agent and the workspace primary key. Answers 201 with the `agk_` key and a 30-day access token (2592000 s) for it, both shown only here; the key lives on the hidden workspace-key agent and carries every machine scope except `credentials:write`. 422 `validation_failed` for a bad field (password 12 to 72 characters, name 2 to 120) or an email already taken.
         */
        post: operations["RegisterController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign-up page
         * @description Public. The sign-up form: email, optional display name, password, workspace name and the name of the first service agent.
         */
        get: operations["RegisterPageController_form"];
        put?: never;
        /**
         * Sign up from the browser
         * @description The sign-up form, validated as `POST /api/v1/register` is (counted per client IP by the machine rate limit, as that route is). In one transaction it creates the account (owner), a free workspace, its first service agent and the workspace primary key, and starts a session (whatever session the browser had ends). Then a redirect to /app/getting-started, which shows the key once. A bad field or an address already taken: the form again, 422, with each field's message.
         */
        post: operations["RegisterPageController_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/getting-started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Getting-started page
         * @description Console page for any signed-in operator: the first calls (exchange the key, call a machine route, enroll a robot) with this service's address. Reached from sign-up with `shown`, it also shows the new workspace primary key, once: the id is good for one view by the session that signed up, for 10 minutes.
         */
        get: operations["RegisterPageController_gettingStarted"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/log-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the log-in form
         * @description Public. Renders the operator log-in form (200, HTML); `notice=reset` or `notice=logged-out` adds the matching notice, and `return_to` (a console path under `/app` or `/admin`; anything else is dropped) is carried into the form. A browser that already has a live session (or a valid remember-me cookie) is redirected (302) to `return_to` or `/app` instead.
         */
        get: operations["LoginController_form"];
        put?: never;
        /**
         * Log in with email and password
         * @description Public; takes a form or a JSON body `{ email, password, remember_me, return_to }`. On success it starts a new 14-day session (ending the one the browser had), sets the `_agent_ops_key` cookie (HttpOnly, SameSite=Lax, Secure in production) and, with `remember_me`, a 14-day remember-me cookie, and answers 302 to `return_to` or `/app`. Every failure (unknown address, wrong password, suspended account, account without a password) gives the same answer, the form again with one generic message (401, HTML) or for a JSON body a 401 problem `invalid_credentials`, so nothing tells whether an account exists. Throttles: 10 failed passwords for one email and client IP within 15 minutes start a 30-minute cooldown (the 10th failure is already refused), and each client IP (IPv6 per /64) has 50 attempts per 15 minutes, a successful log-in giving its attempt back; a throttled attempt is 429 with `retry-after` and a plain-text body. The right password of an account with a second factor (an authenticator app or a passkey) starts no session: a form gets 302 to `/users/log-in/mfa` with the `_agent_ops_mfa` cookie (HttpOnly, SameSite=Lax, 5 minutes), a JSON body the 401 problem `mfa_required` whose `extra.mfa_token` is posted with the code to `POST /users/log-in/mfa`. An address in a domain whose workspace enforces single sign-on (an active SSO connection with `enforce`): every failure, and the right password of a member other than an owner, answer the form with a link to `/users/sso` (401) or for a JSON body the 401 problem `sso_required` with `extra.sso_url`; owners keep password log-in as the way back in.
         */
        post: operations["LoginController_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/log-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out from the console's log-out button
         * @description The form post (no fields) behind the log-out button in the header of every console page; does exactly what `DELETE /users/log-out` does: ends the browser's session if any, clears both cookies and answers 302 to `/users/log-in?notice=logged-out`.
         */
        post: operations["LoginController_logOutForm"];
        /**
         * Log out
         * @description Public (works with or without a session). Ends the browser's session if it has one (the session row is deleted and its live sockets are closed on every node), clears the session and remember-me cookies and answers 302 to `/users/log-in?notice=logged-out`.
         */
        delete: operations["LoginController_logOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the form to request a password reset link
         * @description Public. Renders the form (200, HTML) that asks for the email address of the account whose password was forgotten.
         */
        get: operations["PasswordResetController_form"];
        put?: never;
        /**
         * Request a password reset link
         * @description Public form post. Answers the same confirmation panel (200, HTML) whether or not the address has an account and whether or not the request was throttled, and never echoes the address. For an active account a background job mails a single-use link valid for 60 minutes; links issued earlier stay valid. At most 10 requests per client IP (IPv6 per /64) and 5 per address are acted on within 15 minutes; the others are silently dropped.
         */
        post: operations["PasswordResetController_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/reset-password/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the new-password form of a reset link
         * @description Public; the page the mailed reset link opens. A usable link (unused, less than 60 minutes old, sent to the address the active account still has) renders the new-password form; an unknown, used, expired or otherwise unusable one renders a dead-end panel with a link to request a new one. Both are 200 HTML.
         */
        get: operations["PasswordResetController_resetForm"];
        put?: never;
        /**
         * Set a new password through a reset link
         * @description Public form post of the new-password form. With a usable link and a valid password (12 to 72 characters, confirmation equal) it sets the password, confirms an unconfirmed account, deletes all of the user's reset links and sessions, disconnects their live sockets and answers 302 to `/users/log-in?notice=reset`. An invalid password renders the form again with its errors (422, HTML); an unusable link (unknown, used, expired) renders the dead-end panel (200, HTML).
         */
        post: operations["PasswordResetController_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the signed-in account's sessions
         * @description Any operator with a session cookie: answers `{ sessions, count }`, every live session of the account, newest log-in first, each with `id`, `current` (the session of this request), `created_at` (the log-in; a reissue keeps it), `last_seen_at` (the last request seen with it, within a minute), `ip` and `user_agent` (as it was started), `auth_method` (`password`, `sso`, `invitation` or `reset`), `mfa` (a second factor was checked) and `remember_me`.
         */
        get: operations["AccountSessionsController_list"];
        put?: never;
        post?: never;
        /**
         * End all your other sessions
         * @description Any operator with a session cookie: ends every session of the account but this request's own (their live sockets close with 4401 `session_ended` on every node) and answers 204, also when there was none to end.
         */
        delete: operations["AccountSessionsController_endOthers"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/me/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of your sessions
         * @description Any operator with a session cookie: ends one of the account's own sessions (its row is deleted and its live sockets close with 4401 `session_ended` on every node) and answers 204. Ending the current session is allowed and logs this browser out (both session cookies are cleared). Another account's session, an ended or unknown one, or an id that is not a UUID is 404 `not_found`.
         */
        delete: operations["AccountSessionsController_endOne"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/members/{user_id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End a member's sessions
         * @description Owners and admins of the workspace (session cookie): ends every session of a member of the workspace, everywhere (sessions belong to the account, not to one workspace; each workspace the account is a member of records the `session.end` events). Their live sockets close with 4401 `session_ended` on every node; answers 204. An admin may not end an owner's sessions (403 `insufficient_role`); a user who is not a member of this workspace, or an id that is not a UUID, is 404 `not_found`. Naming yourself ends your own sessions, this browser's included.
         */
        delete: operations["AccountSessionsController_endMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/account/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sessions page
         * @description Console page for any operator (session; none: redirect to the log-in page). Lists the live sessions of the account, newest first, with the current one marked, each with its user agent, IP address, last seen and sign-in times, method, second factor and remember-me, an End button for every other session, and "End all other sessions".
         */
        get: operations["AccountSessionsPageController_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/account/sessions/{id}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a session from the sessions page
         * @description A session's End button: ends it (its sockets close with 4401 on every node) and redirects back to the page. Ending the current session logs this browser out (cookies cleared, redirect to the log-in page). Another account's or an ended session is 404.
         */
        post: operations["AccountSessionsPageController_endOne"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/account/sessions/end-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End all other sessions from the sessions page
         * @description The "End all other sessions" button: ends every session of the account but this one and redirects back to the page.
         */
        post: operations["AccountSessionsPageController_endOthers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Switch the workspace the console acts on
         * @description The header's switcher, shown to an account with several workspaces. `workspace_id` must be one of the account's memberships: the console's pages act on it from then on in this browser (a cookie; the membership is checked on every request, and a removed one falls back to the oldest). JSON routes keep `x-workspace-id`. Redirects to the overview; another workspace is 403 `not_a_member`.
         */
        post: operations["WorkspaceSwitchController_switch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's messages
         * @description A service agent, with an `agk_` key or access token holding `messages:read`, reads the messages of its workspace (all agents), newest first. Answers `{ messages, count }` (no pagination object); `limit` is 1 to 100 (default 50), `offset` 0 to 100000, and a value out of range is 400 `invalid_limit` or `invalid_offset`.
         */
        get: operations["MessagesController_list"];
        put?: never;
        /**
         * Post a message
         * @description A service agent, with an `agk_` key or access token holding `messages:write`, stores a message (`body` of 1 to 10000 characters, optional `channel`) in its workspace, attributed to the calling agent. Answers 201 `{ message }`; 422 `validation_failed` for a bad body. Counted by the machine rate limit, per credential.
         */
        post: operations["MessagesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's tasks
         * @description Service agents, with an `agk_` API key or access token holding `tasks:read`. The tasks of the credential's workspace, newest first, as `{ tasks, count, pagination }`: `limit` 0 to 100 (default 50), `offset` 0 to 10000, and `status` as `?status=` or `?filter[status]=` (the nested value wins). A value out of range or not in the status list is 400 `invalid_limit`, `invalid_offset` or `invalid_status`.
         */
        get: operations["TasksController_list"];
        put?: never;
        /**
         * Create a task
         * @description Service agents, with an `agk_` API key or access token holding `tasks:write`. Creates a task with `title` (1 to 500 characters) and `status` (`pending`, `running`, `done` or `failed`; default `pending`), attributed to the calling credential's service agent, and answers 201 `{ task }`. An invalid body or an unknown field is 422 `validation_failed`; the call counts against the machine rate limit.
         */
        post: operations["TasksController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/me/mfa/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start enrolling an authenticator app (TOTP)
         * @description Needs recent authentication (a password or second-factor check within the last 10 minutes, else 403 `reauthentication_required`: `POST /users/reauthenticate`). Open to a member of a `require_mfa` workspace who has no second factor yet. Answers 201 `{ secret, otpauth_url }` (RFC 6238: SHA-1, 6 digits, 30-second steps): the seed is shown here only and kept sealed with `SECRETS_ENCRYPTION_KEY`. The enrollment is pending, and is no factor, until `POST .../mfa/totp/confirm`; starting again while pending replaces the pending seed. 409 `totp_already_enabled` while an authenticator app is confirmed (remove it first).
         */
        post: operations["MfaController_start"];
        /**
         * Remove the authenticator app
         * @description Needs recent authentication (a password or second-factor check within the last 10 minutes, else 403 `reauthentication_required`: `POST /users/reauthenticate`). Removes the TOTP factor (or a pending enrollment) and every recovery code: 204. Log-in then needs only the password unless the account has a passkey; a member of a `require_mfa` workspace must enroll a factor again before using anything else. 409 `totp_not_enabled` when there is none.
         */
        delete: operations["MfaController_disable"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/me/mfa/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the authenticator app with a current code
         * @description Open to a member of a `require_mfa` workspace who has no second factor yet. Takes `{ code }`, the 6-digit code the app shows now (one step of drift either way is accepted). The pending seed becomes the account's second factor, this session counts as checked with it, and ten recovery codes are issued: 200 `{ recovery_codes }`, shown here only (each works once, in place of a code). A wrong code is 422 `validation_failed` with `errors.code` (still pending); 409 `totp_not_pending` without a pending enrollment, `totp_already_enabled` when already confirmed.
         */
        post: operations["MfaController_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/me/mfa/recovery_codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the recovery codes
         * @description Needs recent authentication (a password or second-factor check within the last 10 minutes, else 403 `reauthentication_required`: `POST /users/reauthenticate`). Issues ten new recovery codes, shown here only; the earlier ones, used or not, stop working. 200 `{ recovery_codes }`. 409 `totp_not_enabled` without a confirmed authenticator app.
         */
        post: operations["MfaController_regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/log-in/mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the second step of a log-in
         * @description Public. With a live `_agent_ops_mfa` cookie (set by a correct password of an account with a second factor, at most 5 minutes ago, in this browser) renders the code form (200, HTML); otherwise 302 to `/users/log-in?notice=mfa-expired`.
         */
        get: operations["MfaLoginController_form"];
        put?: never;
        /**
         * Complete a log-in with a second factor
         * @description Public. A form `{ code }` with the `_agent_ops_mfa` cookie, or JSON `{ mfa_token, code }` (the token from the `mfa_required` problem of a JSON log-in). `code` is the 6-digit code of the authenticator app (each accepted once) or a recovery code (each works once). Instead of `code`, `webauthn_response`: the assertion of one of the account's passkeys (`PublicKeyCredential.toJSON()`, or its JSON text in a form) over the challenge of `GET /users/log-in/mfa/options`, which a wrong or replayed one uses up. Success: the session starts as a password log-in would (with `remember_me` as asked then) and the answer is 302 to the `return_to` of the log-in or `/app`, with the session cookie. A wrong code: the form again (401, HTML) or 401 `invalid_mfa_code`; the 5th wrong code ends the pending log-in. No live pending log-in (older than 5 minutes, another browser, ended by wrong codes, a password reset or a suspension): 302 to the log-in page, or 401 `mfa_step_expired`. Wrong codes count in the per-identity login throttle (429 with `retry-after`, plain text).
         */
        post: operations["MfaLoginController_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/log-in/mfa/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Passkey options for a log-in's second step
         * @description Public. For a live pending log-in (the `_agent_ops_mfa` cookie, or for a JSON client its `mfa_token` in the `x-mfa-token` header, from the same user agent): the options to pass to `navigator.credentials.get()` (JSON; the account's passkeys allowed, rp id BASE_URL's host), with a challenge that is this log-in's only one (asking again replaces it), answerable once within 5 minutes. Then `POST /users/log-in/mfa { webauthn_response }` completes the log-in. No live pending log-in: 401 `mfa_step_expired`.
         */
        get: operations["MfaLoginController_passkeyOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/reauthenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the re-check of recent authentication
         * @description A signed-in operator (session cookie; none: to the log-in page). Renders the password form, and the code form when the account has an authenticator app; `return_to` (a console path) is carried to where the check sends the browser back.
         */
        get: operations["MfaLoginController_reauthForm"];
        put?: never;
        /**
         * Re-check the password or second factor (recent authentication)
         * @description A signed-in operator. A form or JSON with `password`, or `code` (of the authenticator app, or a recovery code) for an account that has one. A correct check renews the session's authentication (routes that need recent authentication pass for 10 minutes; a code also marks the session as checked with a second factor): a form gets 302 to `return_to` or `/app`, JSON 204. A wrong answer: the form again (401, HTML) or 401 `invalid_credentials`; it counts in the per-identity login throttle (429, plain text). JSON with neither or both fields: 422 `validation_failed`.
         */
        post: operations["MfaLoginController_reauthenticate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/account/security": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Account security page
         * @description A signed-in operator (session cookie; none: to the log-in page). Shows whether the authenticator app is on and how many recovery codes are left, with the forms that set it up, replace the recovery codes and turn it off (these need recent authentication: without it the page links to the re-check). Open to a member of a `require_mfa` workspace who has no second factor yet.
         */
        get: operations["SecurityPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/account/security/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up an authenticator app from the security page
         * @description Needs recent authentication (else a redirect to `/users/reauthenticate`). As `POST /api/v1/operator/me/mfa/totp`: answers 201 with the page showing the QR code (inline SVG) and the secret, and the form that confirms it; 409 (the page with the reason) when an app is already on.
         */
        post: operations["SecurityPageController_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/account/security/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the authenticator app from the security page
         * @description As `POST /api/v1/operator/me/mfa/totp/confirm`: with the current `code`, turns the app on and answers 303 to the page, which shows the ten recovery codes once (`?shown=`; a reload shows the page without them; should Redis not hold them, this answer is that page with them, 201). A wrong code: 422, the QR code and the form again.
         */
        post: operations["SecurityPageController_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/account/security/recovery_codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the recovery codes from the security page
         * @description Needs recent authentication (else a redirect to `/users/reauthenticate`). As `POST /api/v1/operator/me/mfa/recovery_codes`: answers 303 to the page, which shows the ten new codes once (`?shown=`, as the confirm form; a reload shows the page without them and replaces nothing).
         */
        post: operations["SecurityPageController_regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/account/security/totp/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn off the authenticator app from the security page
         * @description Needs recent authentication (else a redirect to `/users/reauthenticate`). As `DELETE /api/v1/operator/me/mfa/totp`: 303 back to the page with a notice.
         */
        post: operations["SecurityPageController_disable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/me/webauthn/registration_options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start registering a passkey
         * @description Any operator with a session authenticated in the last 10 minutes (else 403 `reauthentication_required`): answers the options to pass to `navigator.credentials.create()` (rp id: the host of BASE_URL; rp name "Agent Network"; the user handle an opaque id of the account; the account's passkeys excluded; resident key and user verification preferred; ES256, EdDSA or RS256; no attestation). Its challenge is kept server-side for 5 minutes, for this session only, and can be answered once; asking again replaces it. 503 `redis_unavailable` when Redis cannot be reached.
         */
        post: operations["PasskeysController_registrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/me/webauthn/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the operator's passkeys
         * @description Any operator with a session: `{ webauthn_credentials: [{ id, name, inserted_at, last_used_at }], count }`, oldest first (20 at most).
         */
        get: operations["PasskeysController_list"];
        put?: never;
        /**
         * Register a passkey
         * @description Any operator with a recently authenticated session: verifies `response`, the authenticator's answer to this session's registration options (origin BASE_URL's, rp id its host), and stores the passkey as a second factor of the account: 201 `{ webauthn_credential: { id, name, inserted_at, last_used_at } }`. The challenge is used up by this request whatever its outcome. 422 `webauthn_challenge_invalid` when no challenge is pending for this session (never asked, answered already, or older than 5 minutes); 422 `webauthn_verification_failed` when the response does not verify; 409 `webauthn_credential_exists` for an authenticator registered already; 409 `webauthn_credential_limit` beyond 20 passkeys; 422 `validation_failed` for a missing or longer than 100 characters `name` or a `response` that is not an object.
         */
        post: operations["PasskeysController_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/me/webauthn/credentials/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a passkey
         * @description Any operator with a recently authenticated session: removes one of their passkeys and answers 204; it no longer completes a log-in. 404 `not_found` for another account's passkey, an unknown id or one that is not a UUID.
         */
        delete: operations["PasskeysController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/account/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Passkeys page
         * @description Console page for any operator (session; none: redirect to the log-in page): the account's passkeys with a Remove button each, and the form that adds one. It loads /assets/webauthn.js and /assets/passkeys.js, this origin's scripts only (its CSP adds `script-src 'self'; connect-src 'self'`).
         */
        get: operations["PasskeysPageController_index"];
        put?: never;
        /**
         * Add a passkey from the passkeys page
         * @description The page's add form, sent by its script once the authenticator answered: `name` and `response` (the answer's JSON), verified as `POST /api/v1/operator/me/webauthn/credentials` verifies them. Added: 303 to the account security page (`/app/account/security`), which shows the passkeys too. Refused (no pending challenge, an answer that does not verify, a bad name, a passkey added already, too many): the page again with what went wrong (422 or 409). A session not authenticated in the last 10 minutes is sent to the re-check page.
         */
        post: operations["PasskeysPageController_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/account/passkeys/{id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a passkey from the passkeys page
         * @description A Remove button of the passkeys page: removes the passkey, then 303 to the account security page. Another account's or an unknown passkey: 404.
         */
        post: operations["PasskeysPageController_remove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/webauthn.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The WebAuthn browser library
         * @description Public: @simplewebauthn/browser's bundled build, as the passkeys page loads it (served from this origin, never a CDN); cacheable for an hour.
         */
        get: operations["PasskeyAssetsController_webauthn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/passkeys.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The passkeys page's script
         * @description Public: wires the "Add a passkey" form of the passkeys page to the browser's authenticator; cacheable for an hour.
         */
        get: operations["PasskeyAssetsController_passkeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/passkey-login.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The script of the log-in's passkey step
         * @description Public: wires the "Use a passkey" button of the second log-in step (`/users/log-in/mfa`) to the browser's authenticator; cacheable for an hour.
         */
        get: operations["PasskeyAssetsController_passkeyLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Workspace overview page
         * @description The console home for any signed-in operator (session cookie; none: redirect to the log-in page). Shows the current workspace and the operator's role, its service agents with their API keys by prefix, state and last use, and links to the other console pages (the key and webhook pages for owners and admins only).
         */
        get: operations["AppPageController_home"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/agents/workspace-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Workspace primary key page
         * @description Console page for owners and admins. Shows the workspace primary key by prefix (never its secret) with its scopes, creation and last use, and offers to generate one, or to rotate or delete the current one through a confirmation step.
         */
        get: operations["AppPageController_keyPage"];
        put?: never;
        /**
         * Generate or rotate the workspace primary key
         * @description The key page's form (owners and admins). With no key in place it generates one; with `confirm=yes` from the confirmation step it rotates, revoking the current key and every token minted from it. The new `agk_` key carries every machine scope except `credentials:write`; the answer is a 303 to the key page, which shows it once (`?shown=`, for this session, within 10 minutes; a reload shows its prefix only and rotates nothing). Should Redis not hold it, this answer shows it itself (201). A key in place without `confirm=yes` is left alone and the browser is sent to the confirmation step.
         */
        post: operations["AppPageController_rotate"];
        /**
         * Delete the workspace primary key without confirmation
         * @description Owners and admins (operator session). Revokes the workspace primary key and every token minted from it at once, with no confirmation step, then redirects to the key page; with no key in place it changes nothing.
         */
        delete: operations["AppPageController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/agents/workspace-key/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm rotating or deleting the workspace primary key
         * @description Console page for owners and admins: the confirmation step of `?action=rotate` or `?action=delete`, saying that the key and every access token minted from it stop working at once, with the button that posts `confirm=yes`. Without a key, or with another action, it redirects to the key page.
         */
        get: operations["AppPageController_confirm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/agents/workspace-key/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete the workspace primary key
         * @description The deletion form of the confirmation step (owners and admins). With `confirm=yes` it revokes the primary key and every token minted from it, then redirects to the key page; without it, the browser is sent to the confirmation step.
         */
        post: operations["AppPageController_deleteForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service agents page
         * @description Console page for any member of the workspace (operator session; none: redirect to the log-in page). Lists the service agents newest first by name, slug and status, each with its keys by prefix and state, with the query of `GET /api/v1/operator/service_agents` (`q` searches name and slug, `filter[status]`, `limit`, `offset`; its 400s alike; no total). Owners and admins also get the form that creates an agent.
         */
        get: operations["AgentsPageController_index"];
        put?: never;
        /**
         * Create a service agent from the agents page
         * @description The new-agent form (owners and admins), validated as `POST /api/v1/operator/service_agents` is (`scopes` comma-separated; blank: every machine scope); then to the agent's page. A refusal (a bad scope, the quota reached) renders the page again with its reason and the typed values.
         */
        post: operations["AgentsPageController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service agent page
         * @description Console page for any member of the workspace: a service agent and its keys by prefix, scopes, state, expiry and last use (never a secret, except once: `?shown=` after issuing one, for the session that issued it). Owners and admins get the issue form, archive and revoke buttons (each confirmed before it posts), rename and deactivate. 404 for an agent of another workspace or the hidden workspace-key agent.
         */
        get: operations["AgentsPageController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/agents/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an API key from the agent's page
         * @description The issue form (owners and admins), validated as `POST /api/v1/operator/service_agents/:id/api_keys` is (`scopes` and `allowed_ips` comma-separated). Answers a 303 to the agent's page, which shows the new key once (`?shown=`, this session only; a reload shows its prefix only); should Redis not hold it, this answer shows it itself (201). A refusal renders the page again with its reason and the typed values.
         */
        post: operations["AgentsPageController_issueKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/agents/{id}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rename, deactivate or reactivate a service agent from its page
         * @description The agent page's rename form and its (confirmed) deactivate and reactivate buttons (owners and admins), as `PATCH /api/v1/operator/service_agents/:id`; then back to the agent's page. A refusal (a blank name) renders the page again with its reason and the typed name.
         */
        post: operations["AgentsPageController_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api-keys/{credential_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive an API key from its agent's page
         * @description The confirmed archive button (owners and admins), as `POST /api/v1/operator/api_keys/:credential_id/archive`; then back to the agent's page.
         */
        post: operations["AgentsPageController_archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api-keys/{credential_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key from its agent's page
         * @description The confirmed revoke button (owners and admins), as `POST /api/v1/operator/api_keys/:credential_id/revoke`; then back to the agent's page.
         */
        post: operations["AgentsPageController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/console.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The console's script
         * @description Public: adds Copy buttons beside the values a console page offers to copy and shows times in the reader's local time on hover; every page works without it. Cacheable for an hour.
         */
        get: operations["ConsoleAssetsController_script"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhooks page
         * @description Console page for owners and admins (operator session; none: redirect to the log-in page). Lists the workspace's webhook subscriptions with their URL, event types and status, with the query of `GET /api/v1/operator/webhook_subscriptions` (`status`, `limit`, `offset`; its 400s alike), and the form that adds one.
         */
        get: operations["WebhooksPageController_index"];
        put?: never;
        /**
         * Add a webhook subscription from the webhooks page
         * @description The webhooks page's form (owners and admins), validated as the JSON body of the REST route is. Answers 303 to the new subscription's page, which shows its `whsec_` signing secret once (`?shown=`; a reload shows the page without it); should Redis not hold the secret, this answer is that page with it (201). An invalid URL or event type selection, or a 21st subscription in the workspace, gives 422: the form again with what to fix.
         */
        post: operations["WebhooksPageController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook subscription page
         * @description Console page for owners and admins. Shows one subscription with the forms that edit, enable or disable, rotate the secret of and delete it, and its 30 most recent deliveries (`?status=` pending, succeeded or failed filters them), each with a retry button. 404 for a subscription of another workspace.
         */
        get: operations["WebhooksPageController_show"];
        put?: never;
        /**
         * Edit a webhook subscription from its page
         * @description The settings form of the subscription page (owners and admins): URL, description and event types, validated as the REST update is. Saved, it redirects back to the subscription; 422 renders the form again with what to fix.
         */
        post: operations["WebhooksPageController_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/webhooks/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable or disable a webhook subscription
         * @description The enable/disable button of the subscription page (owners and admins). `status=active` enables it and forgets its failure streak (deliveries missed meanwhile are not sent); any other value disables it, and its pending deliveries end as failed. Then back to the subscription.
         */
        post: operations["WebhooksPageController_setStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/webhooks/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook subscription's signing secret
         * @description The rotate button of the subscription page (owners and admins). Mints a new `whsec_` secret and answers 303 to the subscription's page, which shows it once (`?shown=`; a reload shows the page without it and rotates nothing; should Redis not hold it, this answer is that page with it, 201); for 24 hours deliveries carry signatures by both the old and the new secret, so receivers can switch without losing one.
         */
        post: operations["WebhooksPageController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/webhooks/{id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a webhook subscription
         * @description The delete button of the subscription page (owners and admins). Deletes the subscription and its deliveries, then redirects to the webhooks page.
         */
        post: operations["WebhooksPageController_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/webhooks/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a webhook delivery
         * @description The retry button of a delivery on the subscription page (owners and admins). Queues a new attempt of that delivery now, whatever its status or its subscription's, then redirects back to the subscription. 404 for a delivery that is not the subscription's.
         */
        post: operations["WebhooksPageController_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the signed-in operator and their workspaces
         * @description Any operator with a session cookie, whatever their role: answers `{ user, workspaces, workspace_id }`, where `workspaces` lists every membership with its id, name, slug, plan, status and role, and `workspace_id` is the workspace this request acts on (`x-workspace-id`, else the oldest membership; null without one). `user.platform_admin` says whether the operator may use the platform administration routes. 401 `session_required` without a session; 403 `not_a_member` when `x-workspace-id` names a workspace the user is not a member of.
         */
        get: operations["OperatorController_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/service_agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's service agents
         * @description Any member of the workspace (session cookie): answers `{ service_agents, count }`, a page of the service agents of the workspace with their status and scopes, newest first, and how many are in the page. `limit` (default 100, max 500) and `offset` page it; `status` (`active` or `inactive`) filters it. There is no total: a page shorter than `limit` is the last. The hidden agent that holds the workspace primary key never appears.
         */
        get: operations["OperatorController_list"];
        put?: never;
        /**
         * Create a service agent
         * @description Owners and admins of the workspace (session cookie): creates an active agent named `name` whose keys may carry `scopes` (default: every machine scope). Answers 201 `{ service_agent }`; the agent has no key until one is issued. 429 `agent_quota_reached` when the plan's agent quota is reached (free 10, team 100, enterprise no limit); 422 `validation_failed` for a bad body.
         */
        post: operations["OperatorController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/service_agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename, deactivate or reactivate a service agent
         * @description Owners and admins of the workspace (session cookie): changes `name` and/or `status` (`active` or `inactive`) and answers `{ service_agent }`. Deactivating refuses the agent's keys and tokens at once on every node (403 `service_agent_inactive`) and closes its sockets. 404 `not_found` for an agent of another workspace or the hidden workspace-key agent.
         */
        patch: operations["OperatorController_update"];
        trace?: never;
    };
    "/api/v1/operator/service_agents/{id}/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an API key for a service agent
         * @description Owners and admins of the workspace (session cookie): issues an `agk_` key for the agent with `scopes` (a subset of the agent's, default all of them), an optional future `expires_at` (default: never) and optional `allowed_ips` (up to 20 CIDRs, answered in canonical form): the key, and every access and socket token minted from it, is then refused from any other client address with 403 `ip_not_allowed`, and such a use opens a `disallowed_ip` security violation. Answers 201 `{ api_key }`; the key is shown in this response only, and only the SHA-256 of its secret is stored. 422 `validation_failed` for scopes beyond the agent's or an `expires_at` in the past; 404 `not_found` for an agent of another workspace or the hidden workspace-key agent.
         */
        post: operations["OperatorController_issueKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/api_keys/{credential_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive an API key
         * @description Owners and admins of the workspace (session cookie): a usable key becomes `archived` and is refused from then on (401 `api_key_archived`), with the access tokens minted from it, on every node. Answers `{ api_key }` without the secret; a key that is not usable is answered unchanged. 404 `not_found` for a key of another workspace or the workspace primary key.
         */
        post: operations["OperatorController_archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/api_keys/{credential_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description Owners and admins of the workspace (session cookie): a usable or archived key becomes `revoked` for good, with the access tokens minted from it, on every node, and `api_key.revoked` is recorded. Answers `{ api_key }` without the secret; a key already revoked is answered unchanged. 404 `not_found` for a key of another workspace or the workspace primary key.
         */
        post: operations["OperatorController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the workspace's settings
         * @description Any member: answers `{ workspace: { id, name, slug, plan, status, require_mfa } }` for the workspace the request acts on.
         */
        get: operations["OperatorWorkspaceController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the workspace's policy
         * @description Owners only: `{ require_mfa?: boolean }` answers `{ workspace }`. With `require_mfa`, a member without a second factor (TOTP or a passkey) can, after log-in, only enroll one: other operator routes answer 403 `mfa_enrollment_required` and pages redirect to `/app/account/security`; an SSO session satisfies the policy. An owner without a second factor of their own cannot turn it on (409 `mfa_not_enabled`), so the policy never shuts out the one who set it. The change applies from the next request on every node, and writes a `workspace.update` audit event.
         */
        patch: operations["OperatorWorkspaceController_update"];
        trace?: never;
    };
    "/app/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Workspace settings page
         * @description Console page for any member of the workspace (operator session; none: redirect to the log-in page): the workspace's name, slug, plan, status and second-factor policy; owners get the form that changes the policy.
         */
        get: operations["WorkspaceSettingsPageController_show"];
        put?: never;
        /**
         * Change the workspace's policy from the settings page
         * @description The policy form (owners only), as `PATCH /api/v1/operator/workspace` (`require_mfa` `true` or `false`); then back to the settings page. An owner without a second factor cannot turn it on: the page again with 409 and the reason.
         */
        post: operations["WorkspaceSettingsPageController_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/webhook_subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's webhook subscriptions
         * @description Owners and admins (session cookie). The workspace's subscriptions newest first, without secrets, as `{ webhook_subscriptions, count, pagination }`: `limit` 1 to 100 (default 50), `offset` 0 to 10000, and `status` (active or disabled) as `?status=` or `?filter[status]=` (the nested value wins). A bad value is 400 `invalid_limit`, `invalid_offset` or `invalid_status`.
         */
        get: operations["WebhookSubscriptionsController_list"];
        put?: never;
        /**
         * Create a webhook subscription
         * @description Owners and admins (session cookie). Subscribes `url` to `event_types` (known event types, or `["*"]` for every type, also those added later) and answers 201 with the subscription and its signing secret (`whsec_...`), shown only here: each event is POSTed as JSON signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with exponential backoff for 24 hours, and a subscription failing for 3 days (both by default) or answered 410 is disabled. The URL must be http(s) without credentials or fragment, and under the production URL policy https only, resolving to public addresses only; a refused URL, an unknown event type or a 21st subscription of the workspace is 422 `validation_failed`, and a host that cannot be resolved right now 503 `dns_unavailable` with `retry-after`.
         */
        post: operations["WebhookSubscriptionsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/webhook_subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook subscription
         * @description Owners and admins (session cookie). The subscription without its secret, with why it is disabled (`operator`, `failing` or `gone`), since when its deliveries have been failing and until when the previous secret still signs. An unknown id, one of another workspace or one that is not a UUID is 404 `not_found`.
         */
        get: operations["WebhookSubscriptionsController_show"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook subscription
         * @description Owners and admins (session cookie). Deletes the subscription with its deliveries and answers 204; deliveries still queued are not sent. An unknown id, one of another workspace or one that is not a UUID is 404 `not_found`.
         */
        delete: operations["WebhookSubscriptionsController_delete"];
        options?: never;
        head?: never;
        /**
         * Update a webhook subscription
         * @description Owners and admins (session cookie). Changes what the body gives of `url` (checked as at creation), `event_types`, `description` (null clears it) and `status`. `disabled` stops deliveries at once, the pending ones ending as failed; `active` re-enables and forgets past failures, but deliveries missed meanwhile are not sent (retry them one by one). 404 `not_found`, 422 `validation_failed` and 503 `dns_unavailable` as on create.
         */
        patch: operations["WebhookSubscriptionsController_update"];
        trace?: never;
    };
    "/api/v1/operator/webhook_subscriptions/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret of a webhook subscription
         * @description Owners and admins (session cookie). Mints a new secret, shown only in this 200 answer with the subscription; for the next 24 hours deliveries are signed by both the new and the previous secret (two space-separated signatures in `webhook-signature`), so the receiver can switch without losing a delivery. 404 `not_found` for an unknown id.
         */
        post: operations["WebhookSubscriptionsController_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/webhook_subscriptions/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the deliveries of a webhook subscription
         * @description Owners and admins (session cookie). One delivery per event and subscription, newest first, as `{ deliveries, count, pagination }`, each with its status (`pending`, `succeeded` or `failed`), attempts, last response status and error, and when the next attempt is due: `limit` 1 to 100 (default 30), `offset` 0 to 10000, `status` as `?status=` or `?filter[status]=`. 404 `not_found` for an unknown subscription; a bad value is 400 `invalid_limit`, `invalid_offset` or `invalid_status`.
         */
        get: operations["WebhookSubscriptionsController_listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/webhook_subscriptions/{id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook delivery with its attempts
         * @description Owners and admins (session cookie). The delivery with every recorded attempt, oldest first (number, whether it was a manual retry, start, duration, response status, error). 404 `not_found` when the subscription or the delivery is unknown, not the workspace's, or not a UUID.
         */
        get: operations["WebhookSubscriptionsController_showDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/webhook_subscriptions/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a webhook delivery now
         * @description Owners and admins (session cookie). Re-sends one delivery at once, whatever its status and even for a disabled subscription: a new attempt with the same `webhook-id`. Answers 202 with the delivery, pending until the attempt is recorded; if that attempt fails within the retry window (24 hours by default) of an active subscription, the automatic retries resume. 404 `not_found` for an unknown subscription or delivery.
         */
        post: operations["WebhookSubscriptionsController_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every workspace of the platform
         * @description Platform admins only: an operator session whose email is in `PLATFORM_ADMIN_EMAILS` and confirmed (anyone else 403 `platform_admin_required`). Answers every workspace with its status and plan, newest first, paged by `limit` (1-500, default 100) and `offset` (0-100000).
         */
        get: operations["AdminController_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/workspaces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show one workspace
         * @description Platform admins only (anyone else 403 `platform_admin_required`): the workspace with its status and plan, or 404 `not_found` for an unknown or non-UUID id.
         */
        get: operations["AdminController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a workspace's status or plan
         * @description Platform admins only: sets `status` (active, frozen, paused, archived) and/or `plan` (free, team, enterprise) and answers the workspace, or 404 `not_found`. A status change takes effect on machine traffic at once on every node: a frozen, paused or archived workspace is refused there with 403. Setting a status also ends a pause made by the payment provider, so a later paid invoice leaves the workspace alone.
         */
        patch: operations["AdminController_update"];
        trace?: never;
    };
    "/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Platform administration page
         * @description The console page of platform admins (operator session; anyone else 403, no session: redirect to the log-in page). Lists every workspace with its status and plan, newest first and paged by `limit` and `offset` as the JSON list is, with a form per workspace to freeze, pause, archive or reactivate it and to change its plan, and a link to the marketplace partners.
         */
        get: operations["AdminController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/workspaces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a workspace's status or plan from the admin page
         * @description The form of the platform administration page (platform admins only). Takes `status` and/or `plan` (an empty field changes nothing) with the same effect as `PATCH /api/v1/admin/workspaces/{id}`, then redirects back to `/admin`. 422 `validation_failed` for a value outside the lists, 404 `not_found` for an unknown workspace.
         */
        post: operations["AdminController_pageUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/enrollment_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's enrollment tokens
         * @description Operator session, any member of the workspace. Answers the tokens newest first with their prefix, state (usable, claimed, exhausted, revoked, expired) and claim count, never the secret; `limit` 1-100 (default 50) and `offset`.
         */
        get: operations["EnrollmentTokensController_list"];
        put?: never;
        /**
         * Issue an enrollment token
         * @description Operator session, owners and admins. Mints an `age_` token that devices claim at `POST /api/v1/enrollments/claim`: single-use by default, a fleet token with `max_claims` above 1, valid `expires_in` seconds (default 86400, at most 2592000), optionally limited to a serial allowlist and naming a cohort, default tags and the scopes of the credentials each claim gets. The token is shown in this answer only; 422 `validation_failed` for a cohort that does not exist.
         */
        post: operations["EnrollmentTokensController_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/enrollment_tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an enrollment token
         * @description Operator session, owners and admins. Every later claim of the token is refused with 409 `enrollment_revoked`; revoking twice changes nothing. Answers the token; 404 `not_found` for a token of another workspace.
         */
        post: operations["EnrollmentTokensController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/robots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's robots
         * @description Operator session, any member of the workspace. Answers the robots newest first; `limit` 1-100 (default 50) and `offset`; `status` (or `filter[status]`, which wins) is pending, active or retired, anything else 400 `invalid_status`.
         */
        get: operations["RobotsController_list"];
        put?: never;
        /**
         * Pre-register a robot
         * @description Operator session, owners and admins. Records a `pending` robot by `serial_number`; a later claim of a fleet enrollment token with that serial binds it. It counts toward the plan's robot quota (429 `robot_quota_reached`); 422 `validation_failed` when the serial is already taken in the workspace.
         */
        post: operations["RobotsController_preRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/robots/{id}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retire a robot
         * @description Operator session, owners and admins. Decommissions the robot: later claims of its serial get 410 `robot_decommissioned`, and the service agent bound to it is deactivated, so its credentials are refused at once. Retiring again changes nothing; answers the robot with status `retired`, or 404 `not_found`.
         */
        post: operations["RobotsController_retire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/robots/{id}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a robot for re-provisioning
         * @description Operator session, owners and admins. Puts an active robot back to `pending`, bound to no agent: the service agent a claim bound it to is deactivated, every key of that agent is revoked (so its access tokens end too) and its sockets are closed with 4401, on every node within a second; the robot's claim is released (kept as history), so the next claim of its serial succeeds and binds the robot to a new agent. Records `robot.reset` (and `api_key.revoked` for each key). A pending robot is answered as it is; 409 `robot_retired` for a retired robot (retirement is final); 404 `not_found` for a robot of another workspace.
         */
        post: operations["RobotsController_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/cohorts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's cohorts
         * @description Operator session, any member of the workspace. Answers the cohorts newest first; `limit` 1-500 (default 100) and `offset`.
         */
        get: operations["CohortsController_list"];
        put?: never;
        /**
         * Create a cohort
         * @description Operator session, owners and admins. Creates a named group of robots; a robot joins it when it claims with an enrollment token naming the cohort. 422 `validation_failed` when the name is already taken in the workspace (ignoring case).
         */
        post: operations["CohortsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/cohorts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a cohort and its robots
         * @description Operator session, any member of the workspace. Answers the cohort with a page of its member robots, newest first, paged by `limit` (1-500, default 100) and `offset`. 404 `not_found` for a cohort of another workspace.
         */
        get: operations["CohortsController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enrollments/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim an enrollment token
         * @description Public: the `age_` enrollment token in the body is the proof; counted per client IP by the machine rate limit. Creates a service agent and, given a `serial_number`, binds the pending robot pre-registered with it (or creates the robot) in the token's cohort with its default tags; answers the agent's own `agk_` API key and 30-day access token, shown only here. 400 `serial_number_required` (fleet token), `serial_not_allowed` or `serial_already_claimed`; 401 `invalid_enrollment_token`; 403 when the workspace is frozen, paused or archived; With a `claim_id`, a retry with the same token, `claim_id` and serial within 24 hours is a replay while no credential of the earlier answer has been used: 201 with the same agent and robot, fresh credentials and header `idempotent-replayed: true`; the earlier answer's credentials are revoked and nothing is counted. 409 `enrollment_claimed` (also for a replay whose earlier answer was used, or older than 24 hours), `enrollment_exhausted`, `enrollment_revoked` or `claim_id_conflict` (the claim_id was used with another serial); 410 `enrollment_expired` or `robot_decommissioned`; 429 `agent_quota_reached` or `robot_quota_reached`. A refused claim creates nothing and keeps the token's remaining claims.
         */
        post: operations["EnrollmentClaimController_claim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/robots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Robots page
         * @description Console page for any member of the workspace (operator session; none: redirect to the log-in page). Lists the robots newest first by name, serial, status and cohort, with the query of `GET /api/v1/operator/robots` (`q` searches serial and name, `filter[status]`, `limit`, `offset`; its 400s alike). Owners and admins also get the pre-register form and the reset and retire buttons, each confirmed before it posts.
         */
        get: operations["FleetPageController_robotsIndex"];
        put?: never;
        /**
         * Pre-register a robot from the robots page
         * @description The pre-register form (owners and admins), validated as `POST /api/v1/operator/robots` is; then back to the robots page. A refusal (a serial taken, the quota reached) renders the page again with its reason and the typed values.
         */
        post: operations["FleetPageController_preRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/robots/{id}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retire a robot from the robots page
         * @description The confirmed retire button (owners and admins), as `POST /api/v1/operator/robots/:id/retire`; then back to the robots page.
         */
        post: operations["FleetPageController_retire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/robots/{id}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a robot from the robots page
         * @description The confirmed reset button (owners and admins), as `POST /api/v1/operator/robots/:id/reset`; then back to the robots page. A retired robot renders the page again with 409 and its reason.
         */
        post: operations["FleetPageController_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/enrollment-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Enrollment tokens page
         * @description Console page for any member of the workspace. Lists the `age_` tokens by prefix, state, claims and cohort with the query of `GET /api/v1/operator/enrollment_tokens` (`q` searches the prefix); never a secret, except once: `?shown=` after issuing one, for the session that issued it. Owners and admins get the issue form and revoke buttons.
         */
        get: operations["FleetPageController_tokensIndex"];
        put?: never;
        /**
         * Issue an enrollment token from its page
         * @description The issue form (owners and admins), validated as `POST /api/v1/operator/enrollment_tokens` is (`default_tags` and `serial_allowlist` comma-separated). Answers a 303 to the tokens page, which shows the new token once (`?shown=`, this session only; a reload shows its prefix only); should Redis not hold it, this answer shows it itself (201). A refusal renders the page again with its reason and the typed values.
         */
        post: operations["FleetPageController_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/enrollment-tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an enrollment token from its page
         * @description The confirmed revoke button (owners and admins), as `POST /api/v1/operator/enrollment_tokens/:id/revoke`; then back to the tokens page.
         */
        post: operations["FleetPageController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/cohorts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cohorts page
         * @description Console page for any member of the workspace. Lists the cohorts with their robot counts, with the query of `GET /api/v1/operator/cohorts` (`q` searches the name); owners and admins get the form that creates one.
         */
        get: operations["FleetPageController_cohortsIndex"];
        put?: never;
        /**
         * Create a cohort from the cohorts page
         * @description The new-cohort form (owners and admins), validated as `POST /api/v1/operator/cohorts` is; then to the cohort's page. A refusal (a name taken) renders the page again with its reason.
         */
        post: operations["FleetPageController_createCohort"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/cohorts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cohort page
         * @description Console page for any member of the workspace: a cohort and its robots, with the query of `GET /api/v1/operator/cohorts/:id` (`q` searches serial and name, `limit`, `offset`). 404 for a cohort of another workspace.
         */
        get: operations["FleetPageController_cohort"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/socket_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint a socket token for the websocket
         * @description Service agents, with an `agk_` API key or access token (Bearer or `x-agent-api-key`) holding `sockets:connect`. Mints a 600-second token bound to the calling credential for the websocket at `/socket` (sent as the `socket_token` connection parameter, usable for several connections until it expires); it carries the socket scopes the credential holds (`sockets:connect`, `events:read`, `agent_commands:read`) and is shown only in this 200 answer. Without `sockets:connect` the answer is 403 with the detail `The token does not have sufficient scope`, a frozen, paused or archived workspace is 403 with `error` `workspace_frozen`, `workspace_paused` or `workspace_archived`, and the call counts against the machine rate limit (429 with `retry-after`).
         */
        post: operations["SocketTokensController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/agent_commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's agent commands
         * @description Operator session, any member of the workspace. Answers the commands of every agent of the workspace, newest first, with their status and result; `limit` 1-100 (default 25), no offset; `status` (or `filter[status]`) narrows them to pending, delivered, succeeded or failed.
         */
        get: operations["AgentCommandsController_list"];
        put?: never;
        /**
         * Send a command to a service agent
         * @description Operator session, any member of the workspace. Stores a command (`name`, optional JSON `payload` up to 32768 bytes) for a visible service agent and pushes it at once to the agent's live sockets on whichever node holds them; until the agent reports a result it is handed out again with every `ready`. Answers the command with status `pending`. 404 `not_found` when the agent is unknown, hidden or in another workspace; 409 `service_agent_inactive` when it is inactive.
         */
        post: operations["AgentCommandsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Commands page
         * @description Console page for any member of the workspace (operator session; none: redirect to the log-in page). Lists the agent commands newest first by name, agent, status and result, with the query of `GET /api/v1/operator/agent_commands` (`filter[status]`, `limit` up to 100; no offset, its 400s alike), and the form that sends one.
         */
        get: operations["AgentCommandsPageController_index"];
        put?: never;
        /**
         * Send a command from the commands page
         * @description The send form (any member), validated as `POST /api/v1/operator/agent_commands` is (`payload` a JSON object as text; blank: {}); then back to the commands page. A refusal (an inactive agent, a bad payload) renders the page again with its reason and the typed values.
         */
        post: operations["AgentCommandsPageController_send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asyncapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The AsyncAPI document of the WebSocket
         * @description AsyncAPI 2.6: the /socket channel, every message a client sends and receives, close codes and limits.
         */
        get: operations["AsyncApiController_document"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List SCIM Users
         * @description The identity provider, with the workspace's SCIM token (`Authorization: Bearer scim_...`). A ListResponse of the workspace's SCIM Users (provisioned, or linked by email to an existing account) in creation order: `startIndex` is 1-based (below 1 reads as 1), `count` defaults to 50 (above 100 reads as 100, negative as 0). `filter` supports `userName eq`, `emails.value eq` (also `emails[type eq "work"].value eq`) and `externalId eq` with a quoted string (JSON escapes such as `\\` and `\"`), applied exactly: userName and emails compared case-insensitively, externalId exactly. A filter that cannot be parsed (an unterminated string, an escape JSON does not have, a NUL, unbalanced parentheses or brackets, a missing operator or value, more after a complete filter, `filter` given twice) is 400 `invalidFilter`, never the unfiltered list; any other filter (another attribute or operator, `and`/`or`/`not`, an unquoted value) is ignored: the unfiltered list.
         */
        get: operations["ScimUsersController_list"];
        put?: never;
        /**
         * Provision a SCIM User
         * @description SCIM token; body as `application/scim+json` or `application/json`, unknown attributes and nulls ignored. Links the User to the account whose email is its login email (the primary email, else the first, else `userName`) or creates a SCIM-managed account without a password (its owner sets one through forgot-password), with a membership in the workspace that `active: false` suspends. Answers 201 with the User, its `meta` and a `Location` header; a `userName` or login email another SCIM User of the workspace already has is 409 `uniqueness`, a missing `userName` or a value of the wrong type 400 `invalidValue`, a body that is not an object 400 `invalidSyntax`, and suspending the workspace owner's membership 403. Every write, refused or not, goes to the sync log.
         */
        post: operations["ScimUsersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a SCIM User
         * @description SCIM token. The User with that id in the token's workspace; an unknown id, one of another workspace or one that is not a UUID is 404.
         */
        get: operations["ScimUsersController_get"];
        /**
         * Replace a SCIM User
         * @description SCIM token. Replaces every writable attribute (`userName`, `name`, `displayName`, `emails`, `active`, `externalId`, the enterprise extension): one the body omits is cleared, and `active` defaults to true. `active: false` suspends the workspace membership and, for an account this workspace's SCIM created, the account too (sessions ended, live sockets closed, reset links invalidated, log-in refused); `active: true` reinstates, and a changed login email of such an account becomes its log-in email. 404 for an unknown id, 409 `uniqueness`, 400 `invalidValue` or `invalidSyntax`, and 403 for the workspace owner's membership, as on create.
         */
        put: operations["ScimUsersController_replace"];
        post?: never;
        /**
         * Deprovision a SCIM User
         * @description SCIM token. Removes the SCIM User, its membership in the workspace and its group memberships, and answers 204; a SCIM-managed account left without any membership is suspended (sessions ended, live sockets closed). A later GET is 404, as is an unknown id; the workspace owner's membership cannot be removed (403).
         */
        delete: operations["ScimUsersController_delete"];
        options?: never;
        head?: never;
        /**
         * Update a SCIM User with PATCH operations
         * @description SCIM token; a PatchOp message as Okta and Entra send it: op names in any case, `"True"`/`"False"` strings for booleans, path-less `replace` with dotted keys (`name.givenName`), value-path filters (`emails[type eq "work"].value`). The operations are applied to the current User and the result is stored as a replace (with the same effects of `active`) and answered (200). A read-only path is 400 `mutability`, a `remove` without a path 400 `noTarget`, a malformed message 400 `invalidSyntax`; 404, 409 and 403 as for a replace.
         */
        patch: operations["ScimUsersController_patch"];
        trace?: never;
    };
    "/scim/v2/Groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List SCIM Groups
         * @description The identity provider, with the workspace's SCIM token. A ListResponse of the workspace's Groups in creation order, paged like Users (`startIndex` 1-based, `count` default 50, at most 100), members included unless `excludedAttributes=members`. `filter` is ignored unless the deployment sets `SCIM_GROUP_FILTERS=true`, which turns on `displayName eq` (any case) and `externalId eq` (exactly) with a quoted string, applied exactly; then a filter that cannot be parsed is 400 `invalidFilter`, as on Users, and any other filter is ignored.
         */
        get: operations["ScimGroupsController_list"];
        put?: never;
        /**
         * Create a SCIM Group
         * @description SCIM token; body as `application/scim+json` or `application/json`. Creates the Group with `displayName` (required), `externalId` and `members` (User ids of this workspace; unknown or foreign ids are skipped) and answers 201 with it, its `meta` and a `Location` header. A `displayName` already used in the workspace is 409 `uniqueness`, a missing one 400 `invalidValue`, a body that is not an object 400 `invalidSyntax`; every write, refused or not, goes to the sync log.
         */
        post: operations["ScimGroupsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a SCIM Group
         * @description SCIM token. The Group with that id in the token's workspace, with its members unless `excludedAttributes=members`; an unknown id, one of another workspace or one that is not a UUID is 404.
         */
        get: operations["ScimGroupsController_get"];
        /**
         * Replace a SCIM Group
         * @description SCIM token. Replaces `displayName`, `externalId` and `members` (omitted members: none); when an operator mapped the group to a role, the members who joined or left get their roles recomputed. 404 for an unknown id, 409 `uniqueness` for a `displayName` already used, 400 `invalidValue` or `invalidSyntax` for a bad body.
         */
        put: operations["ScimGroupsController_replace"];
        post?: never;
        /**
         * Delete a SCIM Group
         * @description SCIM token. Deletes the Group and answers 204; its members lose the role it granted (their roles are recomputed from their other groups). An unknown id is 404.
         */
        delete: operations["ScimGroupsController_delete"];
        options?: never;
        head?: never;
        /**
         * Update a SCIM Group with PATCH operations
         * @description SCIM token; a PatchOp message. `members` add, remove and replace (value arrays, or `members[value eq "<id>"]` for a remove) insert and delete membership rows rather than rewriting the list; other operations change `displayName` or `externalId`. Answers the Group (200); 404 for an unknown id, 409 `uniqueness`, 400 `mutability`, `noTarget`, `invalidValue` or `invalidSyntax` for operations that cannot apply.
         */
        patch: operations["ScimGroupsController_patch"];
        trace?: never;
    };
    "/scim/v2/ServiceProviderConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the SCIM service provider configuration
         * @description SCIM token. What this SCIM service supports (RFC 7643 section 5): PATCH and filtering (at most 100 results a page); bulk, sorting, ETags and password change are not supported. The authentication scheme is the workspace's SCIM bearer token.
         */
        get: operations["ScimDiscoveryController_serviceProviderConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/ResourceTypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the SCIM resource types
         * @description SCIM token. A ListResponse of the two resource types, User (with the enterprise User extension) and Group, with their endpoints and schemas.
         */
        get: operations["ScimDiscoveryController_resourceTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/ResourceTypes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a SCIM resource type
         * @description SCIM token. One resource type by its id, `User` or `Group`; any other id is 404.
         */
        get: operations["ScimDiscoveryController_resourceType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Schemas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the SCIM schemas
         * @description SCIM token. A ListResponse of the User, enterprise User and Group schemas, listing every attribute the resources return (`userName` and the Group's `displayName` required), from the same definitions the resources are built on.
         */
        get: operations["ScimDiscoveryController_schemas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Schemas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a SCIM schema
         * @description SCIM token. One schema by its URN, e.g. `urn:ietf:params:scim:schemas:core:2.0:User`; any other id is 404.
         */
        get: operations["ScimDiscoveryController_schema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/scim_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's SCIM tokens
         * @description Owners and admins (session cookie). The live (unrevoked) SCIM tokens of the workspace, newest first, without their secrets, each with `last_used_at` (written at most once a minute per token). Paged with `limit` (1 to 100, default 50) and `offset` (0 to 10000); a value out of range is 400 `invalid_limit` or `invalid_offset`.
         */
        get: operations["ScimOperatorController_listTokens"];
        put?: never;
        /**
         * Create a SCIM token
         * @description Owners and admins (session cookie). Creates a SCIM token (`scim_...`) for the workspace's identity provider and answers 201 with it, the only time the token is shown; only its SHA-256 is stored and it never expires (rotate by creating a new one and revoking the old). An invalid `name` (1 to 120 characters, default `SCIM token`) or any other field is 422 `validation_failed`.
         */
        post: operations["ScimOperatorController_createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/scim_tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a SCIM token
         * @description Owners and admins (session cookie). Revokes the token at once: the next SCIM request made with it is 401. Answers 204; an unknown, already revoked or other workspace's token, or an id that is not a UUID, is 404 `not_found`.
         */
        delete: operations["ScimOperatorController_revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/scim_groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the SCIM groups and the roles they grant
         * @description Owners and admins (session cookie). The groups the identity provider pushed to `/scim/v2/Groups`, newest first, each with its member count and the workspace role it grants (`admin`, `member` or null). Paged with `limit` (1 to 100, default 50) and `offset` (0 to 10000); a value out of range is 400 `invalid_limit` or `invalid_offset`.
         */
        get: operations["ScimOperatorController_listGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/scim_groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Map a SCIM group to a workspace role
         * @description Owners and admins (session cookie). Sets the role (`admin`, `member`, or null for none) the group grants its members and recomputes their roles in the same transaction: a member gets the highest role of its mapped groups (else `member`), and the workspace owner is never demoted. Answers the group; an unknown or other workspace's group is 404 `not_found`, a `role` outside those values 422 `validation_failed`.
         */
        patch: operations["ScimOperatorController_mapGroup"];
        trace?: never;
    };
    "/api/v1/operator/scim_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the SCIM sync log
         * @description Owners and admins (session cookie). Every SCIM write and refused write of the workspace, newest first: operation, resource type and id, `externalId`, success or failure, the status the identity provider was answered and why a write was refused. Paged with `limit` (1 to 200, default 50) and `offset` (0 to 10000), filtered by `status`, `resource_type` and `operation` (top-level or `filter[...]`, the nested form winning); a bad value is 400 `invalid_<parameter>`.
         */
        get: operations["ScimOperatorController_listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the SCIM administration page
         * @description Console page for the workspace's owners and admins (session cookie): the live SCIM tokens (up to 100, newest first, with when each was last used), the 20 latest entries of the SCIM sync log, the SCIM base URL and the forms to create and revoke tokens. Without a session it redirects (302) to the log-in page; a member is refused with 403 `insufficient_role`.
         */
        get: operations["ScimAdminPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/admin/scim_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a SCIM token from the administration page
         * @description Form post for owners and admins: creates a SCIM token (`scim_...`) for the workspace's identity provider and answers 303 to `/app/admin`, which shows the token once (`?shown=`; a reload shows the page without it; should Redis not hold it, this answer is that page with it, 201). Only its SHA-256 is stored and it never expires (rotate by creating a new one and revoking the old). A blank `name` gets the default; one longer than 120 characters or holding control characters, or any other field, is 422 `validation_failed`.
         */
        post: operations["ScimAdminPageController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/admin/scim_tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a SCIM token from the administration page
         * @description Form post (no fields) for owners and admins: revokes the token at once, so the next SCIM request made with it is 401, and answers 303 back to `/app/admin`. An unknown, already revoked or other workspace's token, or an id that is not a UUID, is 404 `not_found`.
         */
        post: operations["ScimAdminPageController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ingest a trace with its spans
         * @description Service agents, with an `agk_` API key or access token holding `traces:write`. Stores a trace (`name`, `status` ok or error, `started_at`, `duration_ms`, `attributes`, and `trace_id`, generated when omitted) with up to 1000 spans, attributed to the calling credential's service agent, and answers 201 `{ trace }` with its `span_count`. A `trace_id` already ingested in the workspace is 409 `trace_id_taken`; an invalid body (a duplicate `span_id`, a `parent_span_id` naming no span of the trace, more than 1000 spans, an unknown field) is 422 `validation_failed`, and a body over 1 MiB is 413.
         */
        post: operations["TracesController_ingest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/traces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a trace with its spans
         * @description Service agents, with an `agk_` API key or access token holding `traces:read`. The trace of the credential's workspace with that record id (the `id`, not the `trace_id`), with its spans; an unknown id, one of another workspace or one that is not a UUID is 404 `not_found`.
         */
        get: operations["TracesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's traces
         * @description Any member of the workspace (session cookie). Its traces newest first, without spans, as `{ traces, count, pagination }`: `limit` 1 to 100 (default 50), `offset` 0 to 10000. Only the nested filters `filter[status]` (ok or error) and `filter[service_agent_id]` are read, a top-level `?status=` is ignored; a bad value is 400 `invalid_<parameter>`.
         */
        get: operations["OperatorTracesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/traces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a trace with its spans
         * @description Any member of the workspace (session cookie). The trace with its spans; an unknown id, one of another workspace or one that is not a UUID is 404 `not_found`.
         */
        get: operations["OperatorTracesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the traces page
         * @description Console page for any member of the workspace (session cookie): its traces newest first, with a filter form for status and service agent (`filter[status]`, `filter[service_agent_id]`; an empty field means any) and Newer/Older links (`limit`, `offset`). Without a session it redirects (302) to the log-in page; a bad filter or paging value is 400 `invalid_<parameter>`.
         */
        get: operations["TracesPageController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/traces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a trace and the waterfall of its spans
         * @description Console page for any member of the workspace (session cookie): one trace with the waterfall of its spans. Without a session it redirects (302) to the log-in page; an unknown id, one of another workspace or one that is not a UUID is 404.
         */
        get: operations["TracesPageController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/eval_suites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's eval suites
         * @description An `agk_` key or access token with scope `eval_suites:read`. Answers the suites of the credential's workspace, newest first; `limit` 1-100 (default 50) and `offset`.
         */
        get: operations["EvalSuitesController_list"];
        put?: never;
        /**
         * Create an eval suite
         * @description An `agk_` key or access token with scope `eval_suites:write`. Stores a suite of the credential's workspace: a `name`, an optional description and up to 1000 `cases` (each an `input` and an optional `expected`, any JSON). Answers the suite.
         */
        post: operations["EvalSuitesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/eval_suites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show an eval suite
         * @description An `agk_` key or access token with scope `eval_suites:read`. Answers the suite with its cases; 404 `not_found` for a suite of another workspace.
         */
        get: operations["EvalSuitesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/eval_runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's eval runs
         * @description An `agk_` key or access token with scope `eval_runs:read`. Answers the runs of the credential's workspace, newest first; `limit` 0-100 (default 50) and `offset` 0-10000; only the nested filters `filter[status]` and `filter[eval_suite_id]` are read.
         */
        get: operations["EvalRunsController_list"];
        put?: never;
        /**
         * Start an eval run
         * @description An `agk_` key or access token with scope `eval_runs:write`. Creates a `queued` run of an eval suite of the workspace, recorded as the calling agent's, with optional initial `metrics`. 422 `validation_failed` when the suite is not the workspace's.
         */
        post: operations["EvalRunsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/eval_runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show an eval run
         * @description An `agk_` key or access token with scope `eval_runs:read`. Answers the run with its status, score and metrics; 404 `not_found` for a run of another workspace.
         */
        get: operations["EvalRunsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Report an eval run's progress or result
         * @description An `agk_` key or access token with scope `eval_runs:write`. Moves the run queued -> running -> passed, failed or errored, with an optional `score` (0 to 1) and `metrics` merged into its own; any other move is 409 `invalid_transition`. Reaching a final status records `eval_run.completed`; answers the run, or 404 `not_found`.
         */
        patch: operations["EvalRunsController_update"];
        trace?: never;
    };
    "/api/v1/operator/eval_suites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's eval suites (operator)
         * @description Operator session, any member of the workspace. Answers the eval suites with their cases, newest first; `limit` 1-100 (default 50) and `offset`.
         */
        get: operations["OperatorEvalsController_listSuites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/eval_runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's eval runs (operator)
         * @description Operator session, any member of the workspace. Answers the eval runs newest first; `limit` 0-100 (default 50) and `offset` 0-10000; only the nested filters `filter[status]` and `filter[eval_suite_id]` are read, a top-level `status` is ignored.
         */
        get: operations["OperatorEvalsController_listRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/eval_runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Eval runs page
         * @description Console page for any member of the workspace (operator session; none: redirect to the log-in page). Shows the eval runs with their status and score, newest first, with a form that filters them by `filter[status]`; `limit` and `offset` page them as the JSON list does.
         */
        get: operations["EvalsPageController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/observability/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the workspace's observability data
         * @description Any member of the workspace (session cookie): full-text search of its traces, messages, agent commands, security violations and events, with `q` in web-search syntax (words, "a phrase", -not, or) and an optional `kind`. Answers `{ hits, count }`, best match first, each hit with its kind, id, title and a snippet that marks the matches; `limit` is 1 to 50 (default 20), with no offset. 400 `invalid_q` when `q` is not 1 to 200 characters, `invalid_kind` or `invalid_limit`.
         */
        get: operations["SearchController_find"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search page
         * @description The console's search form over the workspace's traces, messages, agent commands, security violations and events, and its hits when `q` is given. Any member (session cookie; without one, a redirect to the log-in page). A bad query re-renders the form with the reason, with status 400.
         */
        get: operations["SearchPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service index
         * @description Public. An API client gets a JSON index of where things are: the API reference and OpenAPI document, the problem type pages, the console and the probes. A browser (asking for HTML before JSON) gets the landing page: what the service is, with links to sign up, log in and the documentation.
         */
        get: operations["DocsController_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/problems": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the problem types
         * @description Public HTML page listing every problem type the service answers with, by HTTP status, each linking to its own page.
         */
        get: operations["DocsController_problems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/problems/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Explain a problem type
         * @description Public HTML page at the URL every problem body names as its `type`: what the problem means and what to do about it. 404 `not_found` for an unknown slug.
         */
        get: operations["DocsController_problem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/favicon.ico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The service's icon
         * @description Public: the 16x16 mark of the service as SVG, for browsers asking for `/favicon.ico`; cacheable for a day.
         */
        get: operations["DocsController_favicon"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a payment provider's event
         * @description Called by the payment provider only, signed as Stripe signs: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under PAYMENTS_WEBHOOK_SECRET, at most 5 minutes from our clock. `customer.subscription.created` and `.updated` set the workspace plan from the price's `metadata.plan`, `customer.subscription.deleted` returns it to `free`, `invoice.payment_failed` pauses an active workspace and `invoice.paid` reactivates one a payment paused. Each event id applies once: a repeat, an older event, or an unknown workspace, type or plan is answered 200 and changes nothing. 400 `missing_signature`, `invalid_signature`, `signature_expired` or `invalid_event`; 404 when no signing secret is configured; not rate limited.
         */
        post: operations["PaymentsController_receive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow_targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's workflow targets
         * @description A service agent, with an `agk_` key or access token holding `workflow_targets:read`: answers `{ workflow_targets, count, pagination }`, the live targets of its workspace without their secrets, newest first.
         */
        get: operations["WorkflowTargetsController_list"];
        put?: never;
        /**
         * Create a workflow target
         * @description A service agent, with an `agk_` key or access token holding `workflow_targets:write`, registers a URL that replays are POSTed to (in production: https, resolving to public addresses only). Answers 201 `{ workflow_target }` with its `whsec_` signing secret, shown in this response only; replays are signed with it as Standard Webhooks are. 422 `validation_failed` for a bad name or URL.
         */
        post: operations["WorkflowTargetsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow_targets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a workflow target
         * @description A service agent, with an `agk_` key or access token holding `workflow_targets:write`, deletes a target of its workspace: 204, and replays still queued for it fail (`workflow target deleted`). 404 `not_found` for a target of another workspace or one already deleted.
         */
        delete: operations["WorkflowTargetsController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/replays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a trace to a workflow target
         * @description A service agent, with an `agk_` key or access token holding `replays:write`, queues a replay of a stored trace (`trace_id`, the trace's record id) to `workflow_target_id`, or to the workspace's newest target when none is named. Answers 202 `{ replay }`; a job then POSTs `{ id, type: "trace.replay", created, data: { trace } }` to the target, signed as webhooks are, in up to 3 attempts, and records the outcome on the replay. 422 `validation_failed` for a trace or target not of this workspace, or when the workspace has no workflow target.
         */
        post: operations["ReplaysController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/workflow_targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's workflow targets
         * @description Any member of the workspace (session cookie): answers `{ workflow_targets, count, pagination }`, the live targets without their secrets, newest first.
         */
        get: operations["OperatorReplaysController_listTargets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/replays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's replays
         * @description Any member of the workspace (session cookie): answers `{ replays, count, pagination }`, newest first, each with its status, attempts, the target's last HTTP status and last error. Filter by `status` or `filter[status]` (the nested one wins); a bad value is 400 `invalid_status`.
         */
        get: operations["OperatorReplaysController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/security_violations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's security violations
         * @description Any member of the workspace (session cookie): answers `{ security_violations, count, pagination }`, newest first. Violations are opened by a gateway deny (medium) and by a revoked or archived key, or a retired robot's credential, being presented (high); repeats in the same hour count on one unresolved violation. Only the nested `filter[status]`, `filter[severity]` and `filter[kind]` are read (a top-level `?status=` is ignored); a bad value is 400 `invalid_<name>`.
         */
        get: operations["SecurityViolationsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/security_violations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a security violation
         * @description Any member of the workspace (session cookie): answers `{ security_violation }` with its detail, occurrences and who acknowledged or resolved it. 404 `not_found` for a violation of another workspace.
         */
        get: operations["SecurityViolationsController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Acknowledge or resolve a security violation
         * @description Owners and admins of the workspace (session cookie) move a violation with `{ status }`: open → acknowledged → resolved, or open → resolved; the change records who made it and when. Answers `{ security_violation }`; 409 `invalid_transition` for any other move; 404 `not_found` for a violation of another workspace; 422 `validation_failed` for an unknown status.
         */
        patch: operations["SecurityViolationsController_update"];
        trace?: never;
    };
    "/app/security-violations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Security violations page
         * @description The console page of the workspace's security violations, newest first, for any member (session cookie; without one, a redirect to the log-in page), with the query of `GET /api/v1/operator/security_violations` (`filter[status]`, `filter[severity]`, `filter[kind]`, `limit`, `offset`; its 400s alike). Owners and admins also get acknowledge and resolve buttons.
         */
        get: operations["SecurityViolationsPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/security-violations/{id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge a security violation from the page
         * @description The acknowledge button of /app/security-violations, for owners and admins (session cookie): an open violation becomes `acknowledged`, then a 303 redirect back to the page. Any other move is a 409 error page; a violation of another workspace a 404 error page.
         */
        post: operations["SecurityViolationsPageController_acknowledge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/security-violations/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a security violation from the page
         * @description The resolve button of /app/security-violations, for owners and admins (session cookie): an open or acknowledged violation becomes `resolved`, then a 303 redirect back to the page. A violation already resolved is a 409 error page; one of another workspace a 404 error page.
         */
        post: operations["SecurityViolationsPageController_resolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/audit_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's audit events
         * @description Owners and admins (session cookie): answers `{ audit_events, count, next_cursor }`, newest first. `limit` (default 50, max 200); `cursor` is the `next_cursor` of the page before (opaque; a bad one is 400 `invalid_cursor`). Pages follow the commit order of the changes: an event shows once its transaction, and every transaction older than it, has ended, so pages never skip or repeat while events are written. Filters: `filter[action]` (exact, or `prefix.*`), `filter[actor_id]`, `filter[target_id]`, `filter[since]`, `filter[until]` (ISO 8601, inclusive; 400 `invalid_since` / `invalid_until`).
         */
        get: operations["AuditEventsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/audit_events/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export audit events as NDJSON
         * @description Owners and admins (session cookie): every event of the range (`since`, `until`: ISO 8601, inclusive, both optional), oldest first, one JSON object a line (`application/x-ndjson`), streamed: memory stays constant whatever the range. docs/audit.md shows how to recompute the hash chain from an export.
         */
        get: operations["AuditEventsController_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/audit_events/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the workspace's audit chain
         * @description Owners and admins (session cookie): recomputes every sealed event's hash and link from the first kept event. Answers `{ verified: true, events, head }` (the count of sealed events checked and the newest one's hash) or `{ verified: false, first_mismatch_id }` for an edited, deleted or reordered event. Events are sealed within 10 seconds of their commit.
         */
        get: operations["AuditEventsController_verify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit log page
         * @description The console page of the workspace's audit events, newest first in commit order, for owners and admins (session cookie; without one, a redirect to the log-in page; a member gets the 403 page). A filter form (`filter[action]` exact or `prefix.*`, `filter[actor_id]`, `filter[target_id]`, `filter[since]`, `filter[until]`; an empty field means any), an Older link (`cursor`, the list's `next_cursor`), a link to the NDJSON export of the same time range, and, with `verify=1`, the chain's verification (it reads every kept event, so only when asked). A bad filter or cursor re-renders the form with the reason, with status 400.
         */
        get: operations["AuditPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/gateway_rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's gateway rules
         * @description Operator session, owners and admins. Answers every rule of the workspace (at most 500) in the order checks apply them: ascending priority, ties oldest first.
         */
        get: operations["GatewayRulesController_list"];
        put?: never;
        /**
         * Create a gateway rule
         * @description Operator session, owners and admins. A rule matches actions by glob (`*` any run of characters, `?` one) and decides `allow`, `deny` or `require_approval`; checks apply the first matching rule by ascending `priority` (ties: the older first) and see a change at once (at most 30 seconds late should a node miss the news). 409 `gateway_rule_limit_reached` at 500 rules a workspace.
         */
        post: operations["GatewayRulesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/gateway_rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a gateway rule
         * @description Operator session, owners and admins. Answers the rule; 404 `not_found` for a rule of another workspace.
         */
        get: operations["GatewayRulesController_show"];
        put?: never;
        post?: never;
        /**
         * Delete a gateway rule
         * @description Operator session, owners and admins. Deletes the rule (204); 404 `not_found` for a rule of another workspace.
         */
        delete: operations["GatewayRulesController_delete"];
        options?: never;
        head?: never;
        /**
         * Change a gateway rule
         * @description Operator session, owners and admins. Changes what is given of `action`, `effect`, `priority` and `description` (null clears it); checks see the change at once. Answers the rule; 404 `not_found` for a rule of another workspace.
         */
        patch: operations["GatewayRulesController_update"];
        trace?: never;
    };
    "/api/v1/gateway/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the gateway whether an action is allowed
         * @description An `agk_` key or access token with scope `gateway:check`, before the agent acts. The first rule of the workspace whose glob matches `action` (ascending priority, ties oldest first) decides; with none, the action is allowed. A `deny` opens (or counts on) a medium security violation; `require_approval` answers the agent's pending approval for this action and resource, the same one while it stays pending, which expires after 24 hours.
         */
        post: operations["GatewayCheckController_check"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show an approval a gateway check asked for
         * @description Any `agk_` key or access token of the workspace with scope `gateway:check`: poll it after a `require_approval` decision. Answers the approval with its status (pending, approved, denied, expired); 404 `not_found` for an approval of another workspace.
         */
        get: operations["GatewayCheckController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's approvals
         * @description Operator session, any member of the workspace. Answers the approvals newest first; `limit` 1-100 (default 50) and `offset`; only the nested filters `filter[status]` and `filter[service_agent_id]` are read, a top-level `status` is ignored.
         */
        get: operations["ApprovalsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show an approval
         * @description Operator session, any member of the workspace. Answers the approval; 404 `not_found` for an approval of another workspace.
         */
        get: operations["ApprovalsController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending approval
         * @description Operator session, owners and admins. Decides a pending approval once, recording `approval.decided` and who decided; answers the approved approval. 409 `approval_not_pending` when it was already decided or has expired (24 hours after the check).
         */
        post: operations["ApprovalsController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/approvals/{id}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deny a pending approval
         * @description Operator session, owners and admins. Decides a pending approval once, recording `approval.decided` and who decided; answers the denied approval. 409 `approval_not_pending` when it was already decided or has expired (24 hours after the check).
         */
        post: operations["ApprovalsController_deny"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Approvals page
         * @description Console page for any member of the workspace (operator session; none: redirect to the log-in page). Shows the approvals newest first, each naming its agent, with the query of `GET /api/v1/operator/approvals` (`filter[status]`, `filter[service_agent_id]`, `limit`, `offset`; its 400s alike; the older `?status=pending` still means `filter[status]=pending`); owners and admins get approve and deny buttons on each pending one.
         */
        get: operations["ApprovalsPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending approval from the approvals page
         * @description The approve button of the approvals page (owners and admins). Decides the approval once, then redirects to the pending approvals; 409 `approval_not_pending` when it was already decided or has expired.
         */
        post: operations["ApprovalsPageController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/approvals/{id}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deny a pending approval from the approvals page
         * @description The deny button of the approvals page (owners and admins). Decides the approval once, then redirects to the pending approvals; 409 `approval_not_pending` when it was already decided or has expired.
         */
        post: operations["ApprovalsPageController_deny"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/gateway-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gateway rules page
         * @description Console page for owners and admins (operator session; none: redirect to the log-in page): every rule of the workspace in the order checks apply them (ascending priority, ties oldest first), as `GET /api/v1/operator/gateway_rules` answers them, with the forms that create, edit and (confirmed) delete one.
         */
        get: operations["GatewayRulesPageController_index"];
        put?: never;
        /**
         * Create a gateway rule from its page
         * @description The new-rule form (owners and admins), validated as `POST /api/v1/operator/gateway_rules` is; then back to the rules page. A refusal renders the page again with its reason and the typed values.
         */
        post: operations["GatewayRulesPageController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/gateway-rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gateway rule page
         * @description Console page for owners and admins: a rule's edit form. 404 for a rule of another workspace.
         */
        get: operations["GatewayRulesPageController_show"];
        put?: never;
        /**
         * Change a gateway rule from its page
         * @description The rule's edit form (owners and admins), as `PATCH /api/v1/operator/gateway_rules/:id` (a blank description clears it); then back to the rules page. A refusal renders the form again with its reason and the typed values.
         */
        post: operations["GatewayRulesPageController_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/gateway-rules/{id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a gateway rule from its page
         * @description The confirmed delete button (owners and admins), as `DELETE /api/v1/operator/gateway_rules/:id`; then back to the rules page.
         */
        post: operations["GatewayRulesPageController_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/batch_operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's batch operations
         * @description Operator session, any member of the workspace. Answers the operations with their progress counts, newest first; `limit` 1-100 (default 25) and `offset`; `status` and `action` filter (plain or `filter[...]`, the nested one winning).
         */
        get: operations["BatchOperationsController_list"];
        put?: never;
        /**
         * Start a batch operation
         * @description Operator session, owners and admins. Applies one `action` (retire_robots, tag_robots, send_agent_command, create_ota_update, revoke_api_keys) to up to 10000 `target_ids` (robots; service agents for send_agent_command; credentials for revoke_api_keys) or to a `cohort_id` (its robots, or their agents for send_agent_command; not for revoke_api_keys), with the action's `params`. Answers 202 with the queued operation; a worker applies it in chunks and records each target's outcome. 422 `validation_failed` when both or neither of `target_ids` and `cohort_id` are given, the cohort does not exist, or `params` do not fit the action.
         */
        post: operations["BatchOperationsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/batch_operations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a batch operation and its targets
         * @description Operator session, any member of the workspace. Answers the operation with a page of its targets in the order they are applied, each with its status and error code, paged by `target_limit` (1-500, default 100) and `target_offset`. 404 `not_found` for an operation of another workspace.
         */
        get: operations["BatchOperationsController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/batch_operations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a batch operation
         * @description Operator session, owners and admins. Stops a queued or running operation after the chunk in progress: the targets left are marked skipped (`cancelled`). Answers the cancelled operation; 409 `invalid_transition` once it has finished.
         */
        post: operations["BatchOperationsController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/batch-operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Batch operations page
         * @description Console page for any member of the workspace (operator session; none: redirect to the log-in page). Shows the batch operations newest first with their action, status and progress, with the query of `GET /api/v1/operator/batch_operations` (`status`, `action`, `limit`, `offset`; its 400s alike); owners and admins get a cancel button on the unfinished ones, confirmed before it posts.
         */
        get: operations["BatchOperationsPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/batch-operations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Batch operation page
         * @description Console page for any member of the workspace. Shows one operation, its progress and a page of its targets with their outcome, robots by name (`target_limit`, `target_offset` as the JSON route takes them); owners and admins get a button that cancels it while it is queued or running. 404 for an operation of another workspace.
         */
        get: operations["BatchOperationsPageController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/batch-operations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a batch operation from its page
         * @description The cancel form of the batch operation page (owners and admins). Stops the operation after the chunk in progress, the targets left being skipped, then redirects back to its page; 409 `invalid_transition` once it has finished.
         */
        post: operations["BatchOperationsPageController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/ota-updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's OTA updates
         * @description Any member of the workspace (session cookie): answers `{ ota_updates, count, pagination }`, newest first. Only the nested `filter[status]`, `filter[update_type]` and `filter[robot_id]` are read (a top-level `?status=` is ignored); a bad value is 400 `invalid_<name>`.
         */
        get: operations["OtaUpdatesController_list"];
        put?: never;
        /**
         * Create an OTA update for a robot or a cohort
         * @description Owners and admins of the workspace (session cookie). With `robot_id`: creates a pending update and pushes its `ota_update` agent command to the robot's agent, answering 201 `{ ota_update }`. With `cohort_id` instead: answers 202 `{ batch_operation }`, a `create_ota_update` batch operation that makes one update per robot of the cohort (at most 10000 robots). 409 `ota_update_in_progress` (the robot already has an open update), `robot_retired`, `robot_not_enrolled` or `service_agent_inactive`; 404 `not_found` for a robot of another workspace; 422 `validation_failed` for a bad body, both or neither of `robot_id` and `cohort_id`, or an unknown cohort.
         */
        post: operations["OtaUpdatesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/ota-updates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show an OTA update
         * @description Any member of the workspace (session cookie): answers `{ ota_update }` with its status, detail and agent command. 404 `not_found` for an update of another workspace.
         */
        get: operations["OtaUpdatesController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/ota-updates/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an OTA update
         * @description Owners and admins of the workspace (session cookie): an open update (pending, downloading or installing) becomes `cancelled`, its agent command is finished so it is not handed out again, and `ota_update.updated` is recorded. Answers `{ ota_update }`; 409 `invalid_transition` once it has finished; 404 `not_found` for an update of another workspace.
         */
        post: operations["OtaUpdatesController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ota_updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the calling robot's OTA updates
         * @description A robot's service agent, with an `agk_` key or access token holding `ota_updates:read`: answers `{ ota_updates, count, pagination }`, the updates addressed to the calling agent only, newest first. Only the nested `filter[status]`, `filter[update_type]` and `filter[robot_id]` are read; a bad value is 400 `invalid_<name>`.
         */
        get: operations["OtaUpdatesMachineController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ota_updates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Report progress on an OTA update
         * @description A robot's service agent, with an `agk_` key or access token holding `ota_updates:write`, moves one of its updates forward only (pending → downloading → installing → succeeded | failed) with an optional `detail`, and answers `{ ota_update }`. Repeating the current status is accepted (a retried report, or a new detail while the update is open); a final status finishes the update's `ota_update` agent command, and every change records `ota_update.updated`. 409 `invalid_transition` for a step backwards or an update that has finished; 404 `not_found` for an update of another robot.
         */
        patch: operations["OtaUpdatesMachineController_report"];
        trace?: never;
    };
    "/app/ota-updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OTA updates page
         * @description The console page of the workspace's OTA updates, newest first, for any member (session cookie; without one, a redirect to the log-in page), with the query of `GET /api/v1/operator/ota_updates` (`filter[status]`, `filter[update_type]`, `filter[robot_id]`, `limit`, `offset`; its 400s alike); each names its robot. Owners and admins also get a cancel button on each open update, confirmed before it posts.
         */
        get: operations["OtaUpdatesPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/ota-updates/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an OTA update from the page
         * @description The page's cancel form, for owners and admins (session cookie): the open update becomes `cancelled` and its agent command is finished, then a 303 redirect back to /app/ota-updates. An update that has finished is a 409 error page, one of another workspace a 404 error page.
         */
        post: operations["OtaUpdatesPageController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/data_requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's data requests
         * @description Operator session, workspace owners only. Answers the data requests with their status, newest first; `limit` 1-200 (default 50) and `offset`; `status` and `kind` filter (plain or `filter[...]`, the nested one winning).
         */
        get: operations["DataRequestsController_list"];
        put?: never;
        /**
         * Request an export or erasure of personal data
         * @description Operator session, workspace owners only. Asks for an `export` (a JSON document of everything the service holds about the subject) or an `erasure` (anonymising or removing it) of an operator, service agent or robot of the workspace; a worker runs it in the background. Answers 202 with the pending request; 422 `validation_failed` when the subject is not the workspace's, or asks to erase the workspace owner.
         */
        post: operations["DataRequestsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/data_requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a data request
         * @description Operator session, workspace owners only. Answers the request with its status and, for a completed export, until when its document can be downloaded. 404 `not_found` for a request of another workspace.
         */
        get: operations["DataRequestsController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/data_requests/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a data export's document
         * @description Operator session, workspace owners only. Streams a completed export as a JSON attachment, `{ data_request, sections: { <section>: [records] } }`, never cached. 409 `not_an_export` for an erasure, 409 `data_request_not_ready` until it has completed; 410 `download_expired` 7 days after it completed, or once its document was deleted by an erasure of its subject.
         */
        get: operations["DataRequestsController_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/data-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Data requests page
         * @description Console page for the owners of the workspace (a person: an operator session). Lists the exports and erasures newest first, each naming its subject, with the query of `GET /api/v1/operator/data_requests` (`filter[status]`, `filter[kind]`, `limit`, `offset`; its 400s alike), a download link for a completed export, and the form that asks for one.
         */
        get: operations["DataRequestsPageController_index"];
        put?: never;
        /**
         * Ask for a data request from its page
         * @description The new-request form (owners), validated as `POST /api/v1/operator/data_requests` is; an erasure also needs `confirm_erasure=yes` (it cannot be undone), else 422. Then back to the page; a refusal renders it again with its reason and the typed values.
         */
        post: operations["DataRequestsPageController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the marketplace partners
         * @description Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): answers `{ partners, count, pagination }`, every partner (active and suspended), newest first, with its scopes, current key prefix and last use.
         */
        get: operations["AdminPartnersController_list"];
        put?: never;
        /**
         * Create a marketplace partner and its key
         * @description Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): creates an active partner with `name` and `scopes` (`engagements:read`, `engagement_tokens:write`). Answers 201 `{ partner, partner_key }`: the `mpk_` key is in this response only, and only the SHA-256 of its secret is stored. 422 `validation_failed` for a bad name or an empty or unknown scope.
         */
        post: operations["AdminPartnersController_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/partners/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a marketplace partner
         * @description Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): answers `{ partner }` with its status, scopes, current key prefix and last use. 404 `not_found` for an unknown id.
         */
        get: operations["AdminPartnersController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename a partner or change its scopes
         * @description Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): changes `name` and/or `scopes` and answers `{ partner }`. Narrowed scopes bind the partner's keys at once on every node. 404 `not_found` for an unknown id; 422 `validation_failed` for a bad name or an empty or unknown scope.
         */
        patch: operations["AdminPartnersController_update"];
        trace?: never;
    };
    "/api/v1/admin/partners/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a partner's key
         * @description Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): issues a new `mpk_` key, shown in this response only (`{ partner, partner_key }`). The old key keeps working for `grace_period_seconds` (0 to 604800, default 0: it stops at once); when it stops, the engagement tokens it minted stop with it. 404 `not_found` for an unknown id; 422 `validation_failed` for a grace period out of range.
         */
        post: operations["AdminPartnersController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/partners/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a partner
         * @description Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): the partner's key and every engagement token under it are refused at once on every node (403 `partner_suspended`). Idempotent; answers `{ partner }`. 404 `not_found` for an unknown id.
         */
        post: operations["AdminPartnersController_suspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/partners/{id}/reinstate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reinstate a suspended partner
         * @description Platform admins only (session cookie of a user listed in PLATFORM_ADMIN_EMAILS whose email is confirmed; anyone else 403 `platform_admin_required`): the partner becomes active again, and its unexpired key and the engagement tokens under it are accepted again. Idempotent; answers `{ partner }`. 404 `not_found` for an unknown id.
         */
        post: operations["AdminPartnersController_reinstate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Marketplace partners page
         * @description The platform admin page of the partners, with status, scopes, last use, and forms to issue, edit, rotate, suspend and reinstate. Platform admins only (session cookie; without one a redirect to the log-in page, anyone else a 403 page). Pages with `limit` and `offset` as the REST list does.
         */
        get: operations["AdminPartnersController_page"];
        put?: never;
        /**
         * Create a partner from the page
         * @description The issue form of /admin/partners, for platform admins (session cookie): creates an active partner with the ticked scopes. Answers 303 to the page, which shows the new `mpk_` key once (`?shown=`; a reload shows the page without it; should Redis not hold it, this answer is that page with it, 201). A bad field is a 422 error page.
         */
        post: operations["AdminPartnersController_pageIssue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/partners/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Edit a partner from the page
         * @description The edit form of a partner on /admin/partners, for platform admins (session cookie): sets the ticked scopes (at least one; narrowed scopes bind its keys at once) and the name when one is given, then a 303 redirect back to the page. An unknown partner is a 404 error page, a bad field a 422 error page.
         */
        post: operations["AdminPartnersController_pageUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/partners/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a partner's key from the page
         * @description The rotate form of a partner on /admin/partners, for platform admins (session cookie): issues a new `mpk_` key; the old one works for `grace_period_seconds` more (0 to 604800, default 0). Answers 303 to the page, which shows the new key once (`?shown=`, as the issue form). An unknown partner is a 404 error page, a bad grace period a 422 error page.
         */
        post: operations["AdminPartnersController_pageRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/partners/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a partner from the page
         * @description The suspend button of /admin/partners, for platform admins (session cookie): the partner's key and every engagement token under it are refused at once (403 `partner_suspended`), then a 303 redirect back to the page. An unknown partner is a 404 error page.
         */
        post: operations["AdminPartnersController_pageSuspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/partners/{id}/reinstate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reinstate a partner from the page
         * @description The reinstate button of /admin/partners, for platform admins (session cookie): the partner becomes active again, then a 303 redirect back to the page. An unknown partner is a 404 error page.
         */
        post: operations["AdminPartnersController_pageReinstate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the partners the workspace may engage
         * @description Owners and admins of the workspace (session cookie): answers `{ partners, count, pagination }`, the active marketplace partners (id and name only), newest first, to pick one to grant an engagement to.
         */
        get: operations["OperatorEngagementsController_listPartners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/engagements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's engagements
         * @description Owners and admins of the workspace (session cookie): answers `{ engagements, count, pagination }`, the workspace's engagements (active and revoked), newest first.
         */
        get: operations["OperatorEngagementsController_list"];
        put?: never;
        /**
         * Grant an engagement to a partner
         * @description Owners and admins of the workspace (session cookie): grants the active partner `partner_id` an engagement in this workspace with `scopes` (default: every engagement scope), under which the partner mints engagement tokens. Answers 201 `{ engagement }`; 409 `engagement_exists` when the partner already has an active engagement here; 422 `validation_failed` for a bad body or a partner that is unknown or suspended.
         */
        post: operations["OperatorEngagementsController_grant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/engagements/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an engagement
         * @description Owners and admins of the workspace (session cookie): the engagement becomes `revoked` and every token minted under it is refused at once on every node (401 `engagement_revoked`). Idempotent: a revoked engagement is answered unchanged. Answers `{ engagement }`; 404 `not_found` for an engagement of another workspace.
         */
        post: operations["OperatorEngagementsController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/engagements/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an engagement's events
         * @description Owners and admins of the workspace (session cookie): answers `{ engagement_events, count, pagination }`, the events the partner's runtime posted under the engagement, newest first (limit 1 to 100, default 50). 404 `not_found` for an engagement of another workspace.
         */
        get: operations["OperatorEngagementsController_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/engagements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Engagements page
         * @description The console page of the workspace's newest 100 engagements, with a form to grant one to an active partner and a revoke button on each active one. Owners and admins of the workspace (session cookie); without a session, a redirect to the log-in page.
         */
        get: operations["OperatorEngagementsController_page"];
        put?: never;
        /**
         * Grant an engagement from the page
         * @description The grant form of /app/engagements, for owners and admins (session cookie): grants the chosen active partner an engagement with the ticked scopes, then a 303 redirect back to the page. A partner that already has an active engagement here is a 409 error page; a bad field, or a partner that is unknown or suspended, a 422 error page.
         */
        post: operations["OperatorEngagementsController_pageGrant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/engagements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Engagement events page
         * @description The console page of one engagement and its newest 50 events. Owners and admins of the workspace (session cookie); without a session, a redirect to the log-in page. An engagement of another workspace is a 404 error page.
         */
        get: operations["OperatorEngagementsController_eventsPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/engagements/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an engagement from the page
         * @description The revoke button of /app/engagements, for owners and admins (session cookie): every token minted under the engagement is refused at once, then a 303 redirect back to the page. Idempotent; an engagement of another workspace is a 404 error page.
         */
        post: operations["OperatorEngagementsController_pageRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner/engagements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the partner's active engagements
         * @description A marketplace partner, with `Authorization: Bearer mpk_...` holding `engagements:read`: answers `{ engagements, count, pagination }`, the partner's active engagements across workspaces, newest first. Refusals: 401 `invalid_token` (also for any credential that is not an `mpk_` key) or `partner_key_expired`; 403 `partner_suspended` or a missing scope; from the 31st 401/403 answer to one address within 60 s, 429 until the window ends.
         */
        get: operations["PartnerController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner/engagements/{id}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint an engagement token
         * @description A marketplace partner, with `Authorization: Bearer mpk_...` holding `engagement_tokens:write`, mints a token for the runtime of one of its active engagements: `expires_in` defaults to 86400 s and is clamped to 604800 s (the effective value is returned), `scopes` only narrow the engagement's. Answers 201 `{ engagement_token }`, shown once (only its SHA-256 is stored); it works only while the engagement, the partner and the key that minted it are valid. 404 `not_found` for an engagement that is not this partner's or not active; 422 `validation_failed` for a non-positive or non-integer `expires_in` or scopes beyond the engagement's; 403 when the workspace is frozen, paused or archived. Refusals: 401 `invalid_token` (also for any credential that is not an `mpk_` key) or `partner_key_expired`; 403 `partner_suspended` or a missing scope; from the 31st 401/403 answer to one address within 60 s, 429 until the window ends.
         */
        post: operations["PartnerController_mint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/engagements/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the engagement's events
         * @description A partner runtime, with an engagement token of this very engagement holding `engagement_events:read`: answers `{ engagement_events, count, pagination }`, newest first (limit 1 to 100, default 50). Refusals: 401 `invalid_token`, `token_expired`, `engagement_revoked` or `partner_key_expired`; 403 `partner_suspended`, `forbidden` (a token of another engagement), a missing scope or a refused workspace; from the 31st 401/403 answer to one address within 60 s, 429 until the window ends.
         */
        get: operations["EngagementEventsController_list"];
        put?: never;
        /**
         * Post an engagement event
         * @description A partner runtime, with an engagement token of this very engagement holding `engagement_events:write`, records an event (`kind` of 1 to 100 characters, optional JSON object `payload` of at most 64 KiB) in the engagement's workspace. Answers 202 `{ engagement_event }`; 422 `validation_failed` for a bad body. Refusals: 401 `invalid_token`, `token_expired`, `engagement_revoked` or `partner_key_expired`; 403 `partner_suspended`, `forbidden` (a token of another engagement), a missing scope or a refused workspace; from the 31st 401/403 answer to one address within 60 s, 429 until the window ends.
         */
        post: operations["EngagementEventsController_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credentials/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the calling key
         * @description Service agents, with an `agk_` API key or an access token exchanged from one (Bearer or `x-agent-api-key`) holding `credentials:write`. Issues a new `agk_` key for the same agent with the old key's scopes (an old key that expires gives the new one the same lifetime from now), and a 30-day access token of it, both shown only here. The old key, and every access token and socket minted from it, keep working until `previous.expires_at`: `grace_period_seconds` from now (0 to 604800, default 3600), or the old key's own expiry if that is sooner; with 0 the old key is revoked at once. Every node honours the end. Records `api_key.rotated` (and `api_key.revoked` for a grace of 0). 409 `credential_rotated` when the key was already rotated (a retry of a rotation whose answer was lost: the old key still works until its end, and an operator can issue a new key); 422 `validation_failed` for a bad body; 503 when PostgreSQL is unreachable, and then nothing was rotated.
         */
        post: operations["CredentialRotationController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's members
         * @description Any member (session cookie). `{ members, count, pagination }`, oldest membership first: each with its account (`id`, `email`, `name`), role, status (`suspended` when SCIM suspended the membership or the account), whether the account has a second factor (`mfa_enabled`), `sso` (whether the account signed in through one of this workspace's SSO connections) and whether SCIM provisioned it (`scim_managed`). `limit` 1 to 200 (default 50), `offset` 0 to 10000; a bad one is 400.
         */
        get: operations["MembersController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description Owners and admins (session cookie). Deletes the membership (204): the account is refused this workspace from its next request, its operator sockets close with 4401 on every node, and an account left without any workspace has every session ended. Only an owner removes an owner (403 `insufficient_role`); the last owner cannot be removed (409 `last_owner`); a SCIM-provisioned membership is 409 `scim_managed`. Not a member here: 404.
         */
        delete: operations["MembersController_remove"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Owners and admins (session cookie). `{ role }` (owner, admin or member) answers 200 `{ member }`; the same role changes nothing. Only an owner makes or unmakes an owner (403 `insufficient_role`). Demoting the last owner is 409 `last_owner` (two owners demoting each other at once leave one), and a SCIM-provisioned membership is 409 `scim_managed`. An account that is not a member here, or a user_id that is not a UUID, is 404.
         */
        patch: operations["MembersController_update"];
        trace?: never;
    };
    "/api/v1/operator/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's invitations
         * @description Owners and admins (session cookie). `{ invitations, count, pagination }`, newest first, without tokens; `status` (pending, accepted, revoked, replaced) as `?status=` or `?filter[status]=`. `limit` 1 to 200 (default 50), `offset` 0 to 10000; a bad value is 400.
         */
        get: operations["InvitationsController_list"];
        put?: never;
        /**
         * Invite someone to the workspace
         * @description Owners and admins (session cookie). `{ email, role }` answers 201 `{ invitation }` (status pending) and mails the address a link `/users/invitations/<token>` that works once, within 7 days; only its SHA-256 is stored. The answer is the same whether or not the address has an account. Only an owner invites an owner (403 `insufficient_role`). An address that is a member already is 409 `already_member`; a pending invitation to the same address is replaced (status `replaced`, its link stops working): inviting again is how a link is resent. Redis unreachable: 503 `redis_unavailable` and no invitation.
         */
        post: operations["InvitationsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an invitation
         * @description Owners and admins (session cookie). Revokes a pending invitation (204): its link stops working. One accepted, revoked or replaced already is 409 `invitation_not_pending`; an unknown id, another workspace's or one that is not a UUID is 404.
         */
        delete: operations["InvitationsController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show an invitation's acceptance page
         * @description Public; the page the mailed link opens. A usable link (pending, less than 7 days old) renders, for a browser without a session, the new-account password form when the address has no account, or a link to log in that comes back here when it has one; a browser signed in as the invited account gets the Accept button; one signed in as another account a page saying the invitation is for another address. An unknown, used, revoked, replaced or expired link renders one page saying it is not valid (404).
         */
        get: operations["InvitationPageController_show"];
        put?: never;
        /**
         * Accept an invitation
         * @description Public form post of the acceptance page. Without a session, for an address without an account: `password` and `password_confirmation` (12 to 72 characters, equal, as the reset form) create a confirmed account with the membership, sign it in (the `_agent_ops_key` cookie, a session with `auth_method: invitation`) and answer 302 to `/app`; a bad password renders the form again (422). Signed in as the invited account (no fields): adds the membership and answers 302 to `/app`. A link works once: of two accepts at once one joins, the other gets the not-valid page (404). Anything else renders the page as GET does.
         */
        post: operations["InvitationPageController_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members page
         * @description Console page of the workspace's members (any member; without a session, a redirect to the log-in page): its members oldest first with role, status, second factor and SCIM provisioning, searched (`q`: name or email) and paged (`limit`, `offset`) as `GET /api/v1/operator/members` is. Owners and admins also see the invite form, change-role and remove buttons and the pending invitations with a revoke button.
         */
        get: operations["MembersPageController_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/members/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite someone from the members page
         * @description The invite form (owners and admins), validated as `POST /api/v1/operator/invitations` is. Sent, it redirects back with a notice; a bad address is 422 and a refusal (an admin inviting an owner, an address that is a member already) renders the page again with its reason.
         */
        post: operations["MembersPageController_invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/members/invitations/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an invitation from the members page
         * @description The revoke button of a pending invitation (owners and admins); then back to the page.
         */
        post: operations["MembersPageController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/members/{user_id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a member's role from the members page
         * @description The change-role form of a member (owners and admins), with the rules of `PATCH /api/v1/operator/members/:user_id`; then back to the page, or the page with the reason of a refusal.
         */
        post: operations["MembersPageController_changeRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/members/{user_id}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a member from the members page
         * @description The remove button of a member (owners and admins), with the rules of `DELETE /api/v1/operator/members/:user_id`; then back to the page, or the page with the reason of a refusal.
         */
        post: operations["MembersPageController_remove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/api_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's operator API tokens
         * @description Owners and admins (session cookie). The unrevoked tokens, newest first, without their secrets, each with `last_used_at` (written in batches, within seconds of a use); an expired token stays listed until revoked. `limit` 1 to 100 (default 50), `offset` 0 to 10000; a bad one is 400.
         */
        get: operations["ApiTokensController_list"];
        put?: never;
        /**
         * Create an operator API token
         * @description Owners and admins (session cookie, authenticated in the last 10 minutes, else 403 `reauthentication_required`). `{ name, role: admin|member, expires_at?, allowed_ips? }` answers 201 `{ api_token }` with `token` (`aot_<prefix>.<secret>`), the only time it is shown; only the SHA-256 of the secret is stored. The token is `Authorization: Bearer aot_...` on `/api/v1/operator/*` routes, acting on this workspace with its role; routes that need a person refuse it 403 `person_required`, other planes 401. A role above your own is 403 `insufficient_role`. `allowed_ips` holds up to 20 IPv4 or IPv6 CIDRs (a bare address is a /32 or /128; host bits set, or anything else, is 422): requests from other addresses are 403 `ip_not_allowed`. A past `expires_at` is 422. Writes an `api_token.create` audit event.
         */
        post: operations["ApiTokensController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/api_tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an operator API token
         * @description Owners and admins (session cookie). Revokes the token at once on every node: its next request is 401 `api_token_revoked`. Answers 204 and writes an `api_token.revoke` audit event; an unknown, already revoked or other workspace's token, or an id that is not a UUID, is 404.
         */
        delete: operations["ApiTokensController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/settings/api_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API tokens page
         * @description Console page of the workspace's operator API tokens (owners and admins; without a session, a redirect to the log-in page): the unrevoked tokens with role, allowed addresses, expiry and last use, each with a revoke button (paged by `limit` and `offset` as the JSON list is), and the create form.
         */
        get: operations["ApiTokensPageController_index"];
        put?: never;
        /**
         * Create an API token from the API tokens page
         * @description The create form (owners and admins, authenticated in the last 10 minutes, else a redirect to the re-check page), validated as `POST /api/v1/operator/api_tokens` is; `allowed_ips` is a comma- or space-separated list. Answers 303 to the page, which shows the new token's secret once (`?shown=`; a reload shows the page without it; should Redis not hold it, this answer is that page with it, 201); a refusal renders the page again with its reason (422 for a bad field).
         */
        post: operations["ApiTokensPageController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/settings/api_tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API token from the API tokens page
         * @description The revoke button of a token (owners and admins), with the rules of `DELETE /api/v1/operator/api_tokens/:id`; then back to the page.
         */
        post: operations["ApiTokensPageController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/sso_connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's SSO connections
         * @description Owners and admins. `{ sso_connections, count }`, oldest first (at most 50); never a client secret.
         */
        get: operations["SsoConnectionsController_list"];
        put?: never;
        /**
         * Add an SSO connection
         * @description Owners, with a password or second-factor check in the last 10 minutes (else 403 `reauthentication_required`). The issuer's discovery document (`/.well-known/openid-configuration`) is fetched first and must name that issuer (422 `errors.issuer`; https in production, outside production also http on a loopback address). The client secret is sealed at rest and never returned. A domain held by any other connection is 409 `domain_taken`. At most 50 connections a workspace. Audited as `sso_connection.create` (the secret only as "[sealed]").
         */
        post: operations["SsoConnectionsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/sso_connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show an SSO connection
         * @description Owners and admins. Another workspace's connection, or an id that is not a UUID, is 404.
         */
        get: operations["SsoConnectionsController_show"];
        put?: never;
        post?: never;
        /**
         * Delete an SSO connection
         * @description Owners, with recent authentication. 204; its domains are free again and its links to accounts are gone (the accounts and their sessions stay). Audited as `sso_connection.delete`.
         */
        delete: operations["SsoConnectionsController_remove"];
        options?: never;
        head?: never;
        /**
         * Change an SSO connection
         * @description Owners, with recent authentication. Any field, and `status` (`disabled`: nobody signs in through it and `enforce` stops applying). A changed issuer or client id is checked by discovery again (422 `errors.issuer`); `client_secret` replaces the sealed secret; `domains` replaces the list (409 `domain_taken`). Audited as `sso_connection.update` with the changed fields.
         */
        patch: operations["SsoConnectionsController_update"];
        trace?: never;
    };
    "/users/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the single sign-on form
         * @description Public. A work-email field; its domain decides the SSO connection (`POST /users/sso`). `return_to` (a console path) is carried on.
         */
        get: operations["SsoLoginController_form"];
        put?: never;
        /**
         * Start single sign-on by address
         * @description Public; a form or JSON `{ email, return_to }`. The address's domain names the active SSO connection holding it: 302 to the provider's authorization endpoint (authorization code flow, PKCE S256, `state`, `nonce`, scope `openid email profile`) with the `_agent_ops_sso` cookie (HttpOnly, SameSite=Lax, 10 minutes, path /users/sso) that binds the sign-in to this browser. A domain without an active connection: the form again with one generic message (404; the same for every such address). The provider unreachable: a 503 page.
         */
        post: operations["SsoLoginController_byAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The identity provider returns here
         * @description Public; the redirect URI of every connection (`${BASE_URL}/users/sso/callback`). Needs the `_agent_ops_sso` cookie of the browser that started the sign-in and its `state` (once: a replay is refused). The code is exchanged and the ID token verified (signature by the JWKS, iss, aud, exp with a minute of tolerance, nonce). The address is the `email` claim (or the connection's fallback claim), its domain one of the connection's, and `email_verified` not false. The member of the connection's workspace with that address (or, with just-in-time provisioning, a new one) gets a session (`auth_method: sso`) and a 302 to `return_to` or /app. A failed check or a provider error is a 400 page; an account that is not a member, a suspended one, or an address outside the domains a 403 page; the provider unreachable a 503 page. A test sign-in shows its report instead.
         */
        get: operations["SsoLoginController_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/sso/{connection_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start single sign-on through one connection
         * @description Public. As `POST /users/sso`, for a known connection (a bookmark, an identity-provider tile). An unknown or disabled connection: the SSO form with the generic message (404).
         */
        get: operations["SsoLoginController_byConnection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/settings/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Single sign-on settings page
         * @description Owners. The workspace's SSO connections, the redirect URI to register at the provider, forms to add, edit, test and delete connections.
         */
        get: operations["SsoSettingsPageController_index"];
        put?: never;
        /**
         * Add an SSO connection from the page
         * @description Owners, recent authentication; as `POST /api/v1/operator/sso_connections`. 303 back, or the page with the refusal.
         */
        post: operations["SsoSettingsPageController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/settings/sso/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change an SSO connection from the page
         * @description Owners, recent authentication; as `PATCH /api/v1/operator/sso_connections/:id`.
         */
        post: operations["SsoSettingsPageController_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/settings/sso/{id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete an SSO connection from the page
         * @description Owners, recent authentication; as `DELETE /api/v1/operator/sso_connections/:id`.
         */
        post: operations["SsoSettingsPageController_remove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/settings/sso/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test sign-in through an SSO connection
         * @description Owners. Runs the whole sign-in at the provider (also for a disabled connection); the callback shows what the provider asserted and what a sign-in would do, in this owner's browser session, and signs nobody in.
         */
        post: operations["SsoSettingsPageController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API reference
         * @description This document rendered as a browsable reference (Swagger UI), with every operation, schema and security scheme. No authentication.
         */
        get: operations["ApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs-json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenAPI document
         * @description This OpenAPI 3 document as JSON, the source of the SDK's types. No authentication. The WebSocket is described by the AsyncAPI document at /api/asyncapi.json.
         */
        get: operations["OpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/socket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open the WebSocket
         * @description Upgrades to the WebSocket whose messages the AsyncAPI document at /api/asyncapi.json describes. A service agent authenticates with a socket token in the `socket_token` query parameter (POST /api/v1/socket_tokens, scope `sockets:connect`, valid 600 s); an operator's browser with its session cookie. A plain GET without `Upgrade: websocket` is 404.
         */
        get: operations["OpenSocket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ProblemDto: {
            /** @example http://localhost:4000/problems/unauthorized */
            type: string;
            /** @example Unauthorized */
            title: string;
            /** @example 401 */
            status: number;
            /**
             * @description machine-readable code or message
             * @example invalid_api_key
             */
            detail: string;
            /**
             * @description top-level code on workspace refusals
             * @example workspace_frozen
             */
            error?: string;
            /** @description on rate limits: the x-request-id */
            request_id?: string;
            /**
             * @example {
             *       "retry_after_seconds": 12
             *     }
             */
            extra?: Record<string, unknown>;
            /**
             * @description on 422 validation problems: messages by field
             * @example {
             *       "email": [
             *         "must be an email"
             *       ]
             *     }
             */
            errors?: Record<string, unknown>;
        };
        HealthResponseDto: {
            /** @example ok */
            status: string;
            /** Format: date-time */
            timestamp: string;
        };
        RepoCheckDto: {
            /**
             * @description `degraded` when the ping took longer than 500 ms
             * @enum {string}
             */
            status: "ok" | "degraded" | "error";
            /**
             * @description how long the database ping took, when it answered
             * @example 3
             */
            latency_ms?: number;
            /** @enum {string} */
            error?: "database_unreachable" | "shutting_down";
        };
        MigrationsCheckDto: {
            /** @enum {string} */
            status: "ok" | "degraded" | "error";
            /** @description migrations not applied yet; null when they could not be read */
            pending: number | null;
            /** @enum {string} */
            error?: "migrations_unknown" | "shutting_down";
        };
        JobsCheckDto: {
            /** @enum {string} */
            status: "ok" | "degraded" | "error";
            /** @description every job queue, by name: its status and the workers of this node on it */
            queues: {
                [key: string]: {
                    /** @enum {string} */
                    status: "ok" | "degraded" | "error";
                    concurrency: number;
                };
            };
            /** @enum {string} */
            error?: "redis_unreachable" | "shutting_down";
        };
        ReadyChecksDto: {
            /** @description PostgreSQL answers a ping */
            repo: components["schemas"]["RepoCheckDto"];
            /** @description no migration is pending */
            migrations: components["schemas"]["MigrationsCheckDto"];
            /** @description the job queues (the interface keeps the name `oban`): Redis reachable, a worker on each queue */
            oban: components["schemas"]["JobsCheckDto"];
        };
        ReadyResponseDto: {
            /**
             * @description any check in error: `error` (503); any slow check: `degraded` (200)
             * @enum {string}
             */
            status: "ok" | "degraded" | "error";
            /**
             * @description the node is draining after SIGTERM: 503 at once, every check `error` with the same code and not run
             * @enum {string}
             */
            error?: "shutting_down";
            /** Format: date-time */
            timestamp: string;
            checks: components["schemas"]["ReadyChecksDto"];
        };
        /**
         * @description subset of the credential's scopes
         * @enum {string}
         */
        MachineScope: "traces:write" | "traces:read" | "eval_runs:read" | "eval_runs:write" | "eval_suites:read" | "eval_suites:write" | "gateway:check" | "replays:write" | "workflow_targets:read" | "workflow_targets:write" | "agent_commands:read" | "events:read" | "sockets:connect" | "credentials:write" | "messages:read" | "messages:write" | "tasks:read" | "tasks:write" | "ota_updates:read" | "ota_updates:write";
        TokenExchangeDto: {
            /** @description agk_<prefix>.<secret>; alternative to the x-agent-api-key header */
            api_key?: string;
            /** @description subset of the credential's scopes */
            scopes?: components["schemas"]["MachineScope"][];
        };
        TokenResponseDto: {
            /** @description 30-day access token */
            token: string;
            scopes: string[];
            /** Format: uuid */
            credential_id: string;
            /** @example 2592000 */
            expires_in: number;
            /** Format: uuid */
            service_agent_id: string;
            /** Format: uuid */
            workspace_id: string;
        };
        DomainEventDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            type: "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "api_key.rotated" | "api_key.expiring" | "enrollment_token.expiring" | "enrollment_token.exhausted" | "robot.reset" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned" | "audit_event.created";
            /** @description what the event is about, by type (docs/webhooks.md) */
            data: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            inserted_at: string;
        };
        PaginationDto: {
            limit: number;
            offset: number;
            /** @description items matching, across all pages */
            total: number;
            has_more: boolean;
        };
        DomainEventListDto: {
            events: components["schemas"]["DomainEventDto"][];
            /** @description number of events in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        RegisterDto: {
            /** @example ada@example.com */
            email: string;
            password: string;
            /** @example warehouse-bot */
            agent_name: string;
            /** @example Acme Robotics */
            workspace_name: string;
            /** @description derived from the email local part when omitted */
            name?: string;
        };
        RegisteredUserDto: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            /** Format: date-time */
            confirmed_at: string | null;
        };
        ApiKeyDto: {
            /** @enum {string} */
            type: "api_key";
            /** @description agk_<prefix>.<secret>; shown once */
            key: string;
            scopes: string[];
            /** Format: uuid */
            credential_id: string;
            /** Format: uuid */
            service_agent_id: string;
        };
        AccessTokenDto: {
            /** @enum {string} */
            type: "bearer";
            /** @description 30-day bearer token; shown once */
            token: string;
            scopes: string[];
            /** Format: uuid */
            credential_id: string;
            /** @example 2592000 */
            expires_in: number;
            /** Format: uuid */
            service_agent_id: string;
        };
        ServiceAgentSummaryDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "inactive";
            slug: string;
        };
        WorkspaceSummaryDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "frozen" | "paused" | "archived";
            /** @example free */
            plan: string;
            slug: string;
        };
        RegisterResponseDto: {
            user: components["schemas"]["RegisteredUserDto"];
            /** @description the workspace primary key, on the hidden workspace-key agent */
            api_key: components["schemas"]["ApiKeyDto"];
            access_token: components["schemas"]["AccessTokenDto"];
            /** @description the default service agent (visible, no credential of its own) */
            service_agent: components["schemas"]["ServiceAgentSummaryDto"];
            workspace: components["schemas"]["WorkspaceSummaryDto"];
        };
        AccountSessionDto: {
            /** Format: uuid */
            id: string;
            /** @description the session of this request (ending it logs this browser out) */
            current: boolean;
            /**
             * Format: date-time
             * @description the log-in that started it (kept when the session is reissued)
             */
            created_at: string;
            /**
             * Format: date-time
             * @description the last request seen with it, within a minute
             */
            last_seen_at: string;
            /** @description the client address it was started from */
            ip: string | null;
            /** @description the user agent it was started with (300 characters at most) */
            user_agent: string | null;
            /** @enum {string} */
            auth_method: "password" | "sso" | "invitation" | "reset";
            /** @description a second factor was checked (or the identity provider vouched: SSO) */
            mfa: boolean;
            /** @description started with remember-me */
            remember_me: boolean;
        };
        AccountSessionListDto: {
            sessions: components["schemas"]["AccountSessionDto"][];
            count: number;
        };
        CreateMessageDto: {
            body: string;
            channel?: string;
        };
        MessageDto: {
            /** Format: uuid */
            id: string;
            body: string;
            channel: string | null;
            /** Format: uuid */
            service_agent_id: string;
            /** Format: date-time */
            inserted_at: string;
        };
        MessageEnvelopeDto: {
            message: components["schemas"]["MessageDto"];
        };
        MessageListDto: {
            messages: components["schemas"]["MessageDto"][];
            /** @description number of messages in this response */
            count: number;
        };
        CreateTaskDto: {
            title: string;
            /**
             * @default pending
             * @enum {string}
             */
            status?: "pending" | "running" | "done" | "failed";
        };
        TaskDto: {
            /** Format: uuid */
            id: string;
            title: string;
            /** @enum {string} */
            status: "pending" | "running" | "done" | "failed";
            /** Format: uuid */
            service_agent_id: string;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        TaskEnvelopeDto: {
            task: components["schemas"]["TaskDto"];
        };
        TaskListDto: {
            tasks: components["schemas"]["TaskDto"][];
            /** @description number of tasks in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        TotpEnrollmentDto: {
            /**
             * @description the base32 seed, shown once, for apps that cannot scan a QR code
             * @example JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP
             */
            secret: string;
            /**
             * @description the `otpauth://totp/...` URI (RFC 6238: SHA-1, 6 digits, 30 s) an authenticator app reads from a QR code
             * @example otpauth://totp/Agent%20Network:ops%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Agent%20Network&period=30
             */
            otpauth_url: string;
        };
        ConfirmTotpDto: {
            /**
             * @description the 6-digit code the authenticator app shows now
             * @example 123456
             */
            code: string;
        };
        RecoveryCodesDto: {
            /**
             * @description ten single-use recovery codes, shown once (only their SHA-256 is kept); each stands in for a code once
             * @example [
             *       "ABCD-EFGH-2345",
             *       "JKLM-NPQR-6723"
             *     ]
             */
            recovery_codes: string[];
        };
        WebAuthnRegistrationOptionsDto: {
            /** @description base64url, single use, valid 5 minutes, bound to this session */
            challenge: string;
            /**
             * @example {
             *       "name": "Agent Network",
             *       "id": "console.example.com"
             *     }
             */
            rp: {
                [key: string]: unknown;
            };
            /** @description `{ id, name, displayName }`: `id` is an opaque handle of the account (base64url) */
            user: {
                [key: string]: unknown;
            };
            pubKeyCredParams: {
                [key: string]: unknown;
            }[];
            timeout?: number;
            attestation?: string;
            /** @description the account's passkeys */
            excludeCredentials?: {
                [key: string]: unknown;
            }[];
            authenticatorSelection?: {
                [key: string]: unknown;
            };
            extensions?: {
                [key: string]: unknown;
            };
            hints?: string[];
        };
        RegisterWebAuthnCredentialDto: {
            /**
             * @description a name to tell the passkey by
             * @example YubiKey 5C
             */
            name: string;
            /** @description the authenticator's answer to the registration options, as `PublicKeyCredential.toJSON()` (or @simplewebauthn/browser's `startRegistration`) gives it: `{ id, rawId, type, response: { clientDataJSON, attestationObject, transports }, clientExtensionResults }` */
            response: {
                [key: string]: unknown;
            };
        };
        WebAuthnCredentialDto: {
            /** Format: uuid */
            id: string;
            /** @example YubiKey 5C */
            name: string;
            /** Format: date-time */
            inserted_at: string;
            /**
             * Format: date-time
             * @description the last log-in it completed; null until then
             */
            last_used_at: string | null;
        };
        WebAuthnCredentialEnvelopeDto: {
            webauthn_credential: components["schemas"]["WebAuthnCredentialDto"];
        };
        WebAuthnCredentialListDto: {
            webauthn_credentials: components["schemas"]["WebAuthnCredentialDto"][];
            count: number;
        };
        MeUserDto: {
            /** Format: uuid */
            id: string;
            email: string;
            name: string;
            platform_admin: boolean;
        };
        MeWorkspaceDto: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @enum {string} */
            plan: "free" | "team" | "enterprise";
            /** @enum {string} */
            status: "active" | "frozen" | "paused" | "archived";
            /** @enum {string} */
            role: "owner" | "admin" | "member";
        };
        MeDto: {
            user: components["schemas"]["MeUserDto"];
            workspaces: components["schemas"]["MeWorkspaceDto"][];
            /**
             * Format: uuid
             * @description the workspace this request acts on
             */
            workspace_id: string | null;
        };
        ServiceAgentDto: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @enum {string} */
            status: "active" | "inactive";
            scopes: string[];
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ServiceAgentListDto: {
            service_agents: components["schemas"]["ServiceAgentDto"][];
            /** @description the number of agents in this page (API.md: keyed lists); a page shorter than `limit` is the last */
            count: number;
        };
        CreateServiceAgentDto: {
            name: string;
            /** @description the scopes this agent's keys may carry; default: every machine scope */
            scopes?: components["schemas"]["MachineScope"][];
        };
        ServiceAgentEnvelopeDto: {
            service_agent: components["schemas"]["ServiceAgentDto"];
        };
        UpdateServiceAgentDto: {
            name?: string;
            /** @enum {string} */
            status?: "active" | "inactive";
        };
        IssueApiKeyDto: {
            /** @description subset of the agent's scopes; default: all of them */
            scopes?: components["schemas"]["MachineScope"][];
            /**
             * Format: date-time
             * @description must be in the future; default: never expires
             */
            expires_at?: string;
            /**
             * @description up to 20 IPv4 or IPv6 CIDRs (a bare address is a /32 or /128); requests with the key, and with the access and socket tokens minted from it, from other addresses are 403 `ip_not_allowed`. Default: any address
             * @example [
             *       "203.0.113.0/24",
             *       "2001:db8::/32"
             *     ]
             */
            allowed_ips?: string[];
        };
        IssuedApiKeyDto: {
            /** @enum {string} */
            type: "api_key";
            /** @description agk_<prefix>.<secret>; shown once */
            key: string;
            scopes: string[];
            /** Format: uuid */
            credential_id: string;
            /** Format: uuid */
            service_agent_id: string;
            /** Format: date-time */
            expires_at: string | null;
            /** @description canonical CIDRs the key and its tokens may be used from; empty: any address */
            allowed_ips: string[];
        };
        IssuedApiKeyEnvelopeDto: {
            api_key: components["schemas"]["IssuedApiKeyDto"];
        };
        ApiKeySummaryDto: {
            /** Format: uuid */
            credential_id: string;
            /** @description agk_<prefix>, the public part only */
            prefix: string;
            scopes: string[];
            /** @enum {string} */
            status: "usable" | "expired" | "archived" | "revoked";
            /** Format: uuid */
            service_agent_id: string;
            /** Format: date-time */
            expires_at: string | null;
            /** @description canonical CIDRs the key and its tokens may be used from; empty: any address */
            allowed_ips: string[];
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            inserted_at: string;
        };
        ApiKeySummaryEnvelopeDto: {
            api_key: components["schemas"]["ApiKeySummaryDto"];
        };
        WorkspaceSettingsDto: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @enum {string} */
            plan: "free" | "team" | "enterprise";
            /** @enum {string} */
            status: "active" | "frozen" | "paused" | "archived";
            /** @description the owner's policy: members must have a second factor (an SSO session satisfies it) */
            require_mfa: boolean;
        };
        WorkspaceSettingsEnvelopeDto: {
            workspace: components["schemas"]["WorkspaceSettingsDto"];
        };
        UpdateWorkspaceDto: {
            /** @enum {string} */
            status?: "active" | "frozen" | "paused" | "archived";
            /** @enum {string} */
            plan?: "free" | "team" | "enterprise";
        };
        WebhookPayloadDto: {
            /**
             * Format: uuid
             * @description the event id (the same in every delivery of this event)
             */
            id: string;
            /** @enum {string} */
            type: "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "api_key.rotated" | "api_key.expiring" | "enrollment_token.expiring" | "enrollment_token.exhausted" | "robot.reset" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned" | "audit_event.created";
            /**
             * Format: date-time
             * @description when the event was recorded, ISO 8601 UTC with milliseconds
             */
            created: string;
            /** @description what the event is about, by type (docs/webhooks.md) */
            data: {
                [key: string]: unknown;
            };
        };
        /**
         * @description the event types to receive, or ["*"] for every type (also those added later)
         * @enum {string}
         */
        WebhookEventTypeSelection: "*" | "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "api_key.rotated" | "api_key.expiring" | "enrollment_token.expiring" | "enrollment_token.exhausted" | "robot.reset" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned" | "audit_event.created";
        CreateWebhookSubscriptionDto: {
            /**
             * @description http(s) URL without credentials or fragment; in production https only, and it must not resolve to a private, loopback or link-local address
             * @example https://hooks.example.com/agent-network
             */
            url: string;
            /**
             * @description the event types to receive, or ["*"] for every type (also those added later)
             * @example [
             *       "robot.claimed",
             *       "robot.retired"
             *     ]
             */
            event_types: components["schemas"]["WebhookEventTypeSelection"][];
            description?: string | null;
        };
        WebhookSubscriptionWithSecretDto: {
            /** Format: uuid */
            id: string;
            url: string;
            description: string | null;
            event_types: components["schemas"]["WebhookEventTypeSelection"][];
            /** @enum {string} */
            status: "active" | "disabled";
            /**
             * @description why it is disabled
             * @enum {string|null}
             */
            disabled_reason: "operator" | "failing" | "gone" | null;
            /**
             * Format: date-time
             * @description first failed attempt since the last success
             */
            failing_since: string | null;
            /**
             * Format: date-time
             * @description until then deliveries are signed by the previous secret too
             */
            previous_secret_expires_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description shown once: whsec_ and base64 of 32 random bytes
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYq=
             */
            secret: string;
        };
        WebhookSubscriptionSecretEnvelopeDto: {
            webhook_subscription: components["schemas"]["WebhookSubscriptionWithSecretDto"];
        };
        WebhookSubscriptionDto: {
            /** Format: uuid */
            id: string;
            url: string;
            description: string | null;
            event_types: components["schemas"]["WebhookEventTypeSelection"][];
            /** @enum {string} */
            status: "active" | "disabled";
            /**
             * @description why it is disabled
             * @enum {string|null}
             */
            disabled_reason: "operator" | "failing" | "gone" | null;
            /**
             * Format: date-time
             * @description first failed attempt since the last success
             */
            failing_since: string | null;
            /**
             * Format: date-time
             * @description until then deliveries are signed by the previous secret too
             */
            previous_secret_expires_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookSubscriptionListDto: {
            webhook_subscriptions: components["schemas"]["WebhookSubscriptionDto"][];
            /** @description number of subscriptions in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        WebhookSubscriptionEnvelopeDto: {
            webhook_subscription: components["schemas"]["WebhookSubscriptionDto"];
        };
        UpdateWebhookSubscriptionDto: {
            url?: string;
            /**
             * @description the event types to receive, or ["*"] for every type (also those added later)
             * @example [
             *       "robot.claimed",
             *       "robot.retired"
             *     ]
             */
            event_types?: components["schemas"]["WebhookEventTypeSelection"][];
            /**
             * @description active re-enables (and forgets past failures); disabled stops deliveries
             * @enum {string}
             */
            status?: "active" | "disabled";
            /** @description null clears it */
            description?: string | null;
        };
        WebhookDeliveryDto: {
            /**
             * Format: uuid
             * @description also the webhook-id header of every attempt
             */
            id: string;
            /** Format: uuid */
            subscription_id: string;
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            event_type: "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "api_key.rotated" | "api_key.expiring" | "enrollment_token.expiring" | "enrollment_token.exhausted" | "robot.reset" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned" | "audit_event.created";
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            /** @description attempts made so far */
            attempts: number;
            /** @description the last attempt's HTTP status, if the receiver answered */
            response_status: number | null;
            /** @description why the last attempt failed */
            last_error: string | null;
            /**
             * Format: date-time
             * @description pending only: when the next attempt is due
             */
            next_attempt_at: string | null;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookDeliveryListDto: {
            deliveries: components["schemas"]["WebhookDeliveryDto"][];
            /** @description number of deliveries in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        WebhookDeliveryAttemptDto: {
            /** @description 1 for the first attempt */
            number: number;
            /** @description asked for with retry */
            manual: boolean;
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            response_status: number | null;
            error: string | null;
        };
        WebhookDeliveryWithAttemptsDto: {
            /**
             * Format: uuid
             * @description also the webhook-id header of every attempt
             */
            id: string;
            /** Format: uuid */
            subscription_id: string;
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            event_type: "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "api_key.rotated" | "api_key.expiring" | "enrollment_token.expiring" | "enrollment_token.exhausted" | "robot.reset" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned" | "audit_event.created";
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            /** @description attempts made so far */
            attempts: number;
            /** @description the last attempt's HTTP status, if the receiver answered */
            response_status: number | null;
            /** @description why the last attempt failed */
            last_error: string | null;
            /**
             * Format: date-time
             * @description pending only: when the next attempt is due
             */
            next_attempt_at: string | null;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description every recorded attempt, oldest first */
            attempt_history: components["schemas"]["WebhookDeliveryAttemptDto"][];
        };
        WebhookDeliveryDetailEnvelopeDto: {
            delivery: components["schemas"]["WebhookDeliveryWithAttemptsDto"];
        };
        WebhookDeliveryEnvelopeDto: {
            delivery: components["schemas"]["WebhookDeliveryDto"];
        };
        AdminWorkspaceDto: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @enum {string} */
            status: "active" | "frozen" | "paused" | "archived";
            /** @enum {string} */
            plan: "free" | "team" | "enterprise";
        };
        AdminWorkspaceListDto: {
            workspaces: components["schemas"]["AdminWorkspaceDto"][];
            /** @description number of workspaces in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        AdminWorkspaceEnvelopeDto: {
            workspace: components["schemas"]["AdminWorkspaceDto"];
        };
        IssueEnrollmentTokenDto: {
            /**
             * @description 1: single-use; more: a fleet token
             * @default 1
             */
            max_claims?: number;
            /**
             * @description seconds
             * @default 86400
             */
            expires_in?: number;
            /** @description when not empty, only these serial numbers may claim */
            serial_allowlist?: string[];
            /**
             * Format: uuid
             * @description a cohort of this workspace; a claim's robot joins it
             */
            cohort_id?: string;
            /** @description added to each claim's robot */
            default_tags?: string[];
            /** @description scopes of the credentials each claim issues; default: agent_commands:read, events:read, sockets:connect, messages:read, messages:write, tasks:read, tasks:write, traces:write, ota_updates:read, ota_updates:write, credentials:write */
            scopes?: ("traces:write" | "traces:read" | "eval_runs:read" | "eval_runs:write" | "eval_suites:read" | "eval_suites:write" | "gateway:check" | "replays:write" | "workflow_targets:read" | "workflow_targets:write" | "agent_commands:read" | "events:read" | "sockets:connect" | "credentials:write" | "messages:read" | "messages:write" | "tasks:read" | "tasks:write" | "ota_updates:read" | "ota_updates:write")[];
        };
        IssuedEnrollmentTokenDto: {
            /** Format: uuid */
            id: string;
            /**
             * @description identifies the token; not a secret
             * @example age_Xy3kq0VbT1c
             */
            prefix: string;
            /** @enum {string} */
            status: "usable" | "claimed" | "exhausted" | "revoked" | "expired";
            max_claims: number;
            claims_count: number;
            /** Format: date-time */
            expires_at: string;
            serial_allowlist: string[];
            /** Format: uuid */
            cohort_id: string | null;
            default_tags: string[];
            scopes: string[];
            /** Format: date-time */
            revoked_at: string | null;
            /**
             * Format: uuid
             * @description the user who issued it
             */
            created_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** @description age_<prefix>.<secret>; shown only here */
            token: string;
        };
        IssuedEnrollmentTokenEnvelopeDto: {
            enrollment_token: components["schemas"]["IssuedEnrollmentTokenDto"];
        };
        EnrollmentTokenDto: {
            /** Format: uuid */
            id: string;
            /**
             * @description identifies the token; not a secret
             * @example age_Xy3kq0VbT1c
             */
            prefix: string;
            /** @enum {string} */
            status: "usable" | "claimed" | "exhausted" | "revoked" | "expired";
            max_claims: number;
            claims_count: number;
            /** Format: date-time */
            expires_at: string;
            serial_allowlist: string[];
            /** Format: uuid */
            cohort_id: string | null;
            default_tags: string[];
            scopes: string[];
            /** Format: date-time */
            revoked_at: string | null;
            /**
             * Format: uuid
             * @description the user who issued it
             */
            created_by: string | null;
            /** Format: date-time */
            inserted_at: string;
        };
        EnrollmentTokenListDto: {
            enrollment_tokens: components["schemas"]["EnrollmentTokenDto"][];
            /** @description number of tokens in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        EnrollmentTokenEnvelopeDto: {
            enrollment_token: components["schemas"]["EnrollmentTokenDto"];
        };
        PreRegisterRobotDto: {
            /** @description unique in the workspace; compared exactly */
            serial_number: string;
            name?: string;
        };
        RobotDto: {
            /** Format: uuid */
            id: string;
            serial_number: string;
            name: string | null;
            /** @enum {string} */
            status: "pending" | "active" | "retired";
            /**
             * Format: uuid
             * @description the agent a claim bound it to
             */
            service_agent_id: string | null;
            /** Format: uuid */
            cohort_id: string | null;
            tags: string[];
            /** Format: date-time */
            claimed_at: string | null;
            /** Format: date-time */
            retired_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        RobotEnvelopeDto: {
            robot: components["schemas"]["RobotDto"];
        };
        RobotListDto: {
            robots: components["schemas"]["RobotDto"][];
            /** @description number of robots in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CreateCohortDto: {
            /** @description unique in the workspace, ignoring case */
            name: string;
        };
        CohortDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description robots in the cohort */
            robot_count: number;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CohortEnvelopeDto: {
            cohort: components["schemas"]["CohortDto"];
        };
        CohortListDto: {
            cohorts: components["schemas"]["CohortDto"][];
            /** @description number of cohorts in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CohortShowDto: {
            cohort: components["schemas"]["CohortDto"];
            /** @description the robots of the cohort, newest first */
            members: components["schemas"]["RobotDto"][];
            /** @description number of members in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        ClaimEnrollmentDto: {
            /** @description age_<prefix>.<secret> */
            token: string;
            /** @description required for fleet tokens (max_claims > 1); selects the pre-registered robot */
            serial_number?: string;
            /** @description runtime metadata, stored on the service agent; at most 8192 bytes as JSON */
            agent?: {
                [key: string]: unknown;
            };
            /** @description made by the device before its first attempt and kept until it has saved the answer: a retry with the same token, `claim_id` and serial within 24 hours, while no credential of the earlier answer has been used, answers the same agent and robot with fresh credentials (`idempotent-replayed: true`) and revokes the earlier ones */
            claim_id?: string;
        };
        ClaimResponseDto: {
            /** @description the agent this claim created */
            service_agent: components["schemas"]["ServiceAgentSummaryDto"];
            /** @description the robot bound or created; null without a serial */
            robot: components["schemas"]["RobotDto"] | null;
            /** @description the new agent's agk_ key; shown once */
            api_key: components["schemas"]["ApiKeyDto"];
            /** @description 30-day token for the same credential; shown once */
            access_token: components["schemas"]["AccessTokenDto"];
            workspace: components["schemas"]["WorkspaceSummaryDto"];
        };
        SocketTokenResponseDto: {
            /**
             * @description scopes carried into the socket connection
             * @example [
             *       "sockets:connect",
             *       "events:read",
             *       "agent_commands:read"
             *     ]
             */
            scopes: string[];
            /**
             * @description websocket path to connect to
             * @example /socket
             */
            socket_path: string;
            /**
             * @description seconds until the socket token expires
             * @example 600
             */
            expires_in: number;
            /** Format: uuid */
            service_agent_id: string;
            /** Format: uuid */
            workspace_id: string;
            /** @description short-lived token for the socket_token connection parameter; shown once */
            socket_token: string;
        };
        CreateAgentCommandDto: {
            /**
             * Format: uuid
             * @description a visible, active service agent of the workspace
             */
            service_agent_id: string;
            /** @example reboot */
            name: string;
            /** @description any JSON object, at most 32768 bytes serialized; default {} */
            payload?: {
                [key: string]: unknown;
            };
        };
        AgentCommandDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            service_agent_id: string;
            name: string;
            payload: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "pending" | "delivered" | "succeeded" | "failed";
            /** @description what the agent reported with command_result */
            result: Record<string, unknown> | null;
            /**
             * Format: uuid
             * @description the operator who created it
             */
            created_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        AgentCommandEnvelopeDto: {
            agent_command: components["schemas"]["AgentCommandDto"];
        };
        AgentCommandListDto: {
            agent_commands: components["schemas"]["AgentCommandDto"][];
            /** @description number of agent commands in this response */
            count: number;
        };
        CreateScimTokenDto: {
            /** @description a label for the token (default: "SCIM token") */
            name?: string;
        };
        IssuedScimTokenDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description the bearer token for /scim/v2, shown once; stored only as SHA-256 */
            token: string;
            /** Format: date-time */
            created_at: string;
        };
        IssuedScimTokenEnvelopeDto: {
            scim_token: components["schemas"]["IssuedScimTokenDto"];
        };
        ScimTokenDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description set within a minute of use
             */
            last_used_at: string | null;
        };
        ScimTokenListDto: {
            scim_tokens: components["schemas"]["ScimTokenDto"][];
            /** @description number of tokens in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        ScimGroupDto: {
            /** Format: uuid */
            id: string;
            display_name: string;
            external_id: string | null;
            /**
             * @description the workspace role the group grants its members
             * @enum {string|null}
             */
            role: "admin" | "member" | null;
            member_count: number;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ScimGroupListDto: {
            scim_groups: components["schemas"]["ScimGroupDto"][];
            /** @description number of groups in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        MapScimGroupDto: {
            /**
             * @description null: the group grants no role
             * @enum {string|null}
             */
            role: "admin" | "member" | null;
        };
        ScimGroupEnvelopeDto: {
            scim_group: components["schemas"]["ScimGroupDto"];
        };
        ScimSyncEventDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            operation: "create" | "replace" | "patch" | "delete";
            /** @enum {string} */
            resource_type: "User" | "Group";
            /** Format: uuid */
            resource_id: string | null;
            external_id: string | null;
            /** @enum {string} */
            status: "success" | "failure";
            /** @description the HTTP status the identity provider was answered */
            status_code: number;
            /** @description why a write was refused */
            detail: string | null;
            /** Format: date-time */
            inserted_at: string;
        };
        ScimSyncEventListDto: {
            scim_sync_events: components["schemas"]["ScimSyncEventDto"][];
            /** @description number of events in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        SpanDto: {
            /** @description unique within the trace; printable ASCII */
            span_id: string;
            /** @description the span_id of another span of this trace */
            parent_span_id?: string;
            name: string;
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            /**
             * @default ok
             * @enum {string}
             */
            status?: "ok" | "error";
            attributes?: {
                [key: string]: unknown;
            };
        };
        CreateTraceDto: {
            /** @description unique in the workspace; generated when omitted (32 hex digits) */
            trace_id?: string;
            name: string;
            /** @enum {string} */
            status: "ok" | "error";
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            /** @description at most 65536 bytes as JSON */
            attributes?: {
                [key: string]: unknown;
            };
            spans?: components["schemas"]["SpanDto"][];
        };
        TraceDto: {
            /** Format: uuid */
            id: string;
            trace_id: string;
            /**
             * Format: uuid
             * @description the agent whose credential sent it
             */
            service_agent_id: string | null;
            name: string;
            /** @enum {string} */
            status: "ok" | "error";
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            attributes: {
                [key: string]: unknown;
            };
            span_count: number;
            /** Format: date-time */
            inserted_at: string;
        };
        TraceEnvelopeDto: {
            trace: components["schemas"]["TraceDto"];
        };
        StoredSpanDto: {
            span_id: string;
            parent_span_id: string | null;
            name: string;
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            /** @enum {string} */
            status: "ok" | "error";
            attributes: {
                [key: string]: unknown;
            };
        };
        TraceWithSpansDto: {
            /** Format: uuid */
            id: string;
            trace_id: string;
            /**
             * Format: uuid
             * @description the agent whose credential sent it
             */
            service_agent_id: string | null;
            name: string;
            /** @enum {string} */
            status: "ok" | "error";
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            attributes: {
                [key: string]: unknown;
            };
            span_count: number;
            /** Format: date-time */
            inserted_at: string;
            spans: components["schemas"]["StoredSpanDto"][];
        };
        TraceWithSpansEnvelopeDto: {
            trace: components["schemas"]["TraceWithSpansDto"];
        };
        TraceListDto: {
            traces: components["schemas"]["TraceDto"][];
            /** @description number of traces in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        EvalCaseDto: {
            /** @description any JSON value */
            input: Record<string, unknown>;
            /** @description any JSON value */
            expected?: Record<string, unknown>;
        };
        CreateEvalSuiteDto: {
            name: string;
            description?: string;
            cases?: components["schemas"]["EvalCaseDto"][];
        };
        EvalSuiteDto: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            cases: components["schemas"]["EvalCaseDto"][];
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        EvalSuiteEnvelopeDto: {
            eval_suite: components["schemas"]["EvalSuiteDto"];
        };
        EvalSuiteListDto: {
            eval_suites: components["schemas"]["EvalSuiteDto"][];
            /** @description number of suites in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CreateEvalRunDto: {
            /**
             * Format: uuid
             * @description an eval suite of the workspace
             */
            eval_suite_id: string;
            metrics?: {
                [key: string]: unknown;
            };
        };
        EvalRunDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            eval_suite_id: string;
            /** Format: uuid */
            service_agent_id: string | null;
            /** @enum {string} */
            status: "queued" | "running" | "passed" | "failed" | "errored";
            score: number | null;
            metrics: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        EvalRunEnvelopeDto: {
            eval_run: components["schemas"]["EvalRunDto"];
        };
        UpdateEvalRunDto: {
            /**
             * @description queued -> running -> passed | failed | errored
             * @enum {string}
             */
            status: "queued" | "running" | "passed" | "failed" | "errored";
            score?: number;
            /** @description merged into the run's metrics */
            metrics?: {
                [key: string]: unknown;
            };
        };
        EvalRunListDto: {
            eval_runs: components["schemas"]["EvalRunDto"][];
            /** @description number of runs in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        SearchHitDto: {
            /** @enum {string} */
            kind: "trace" | "message" | "agent_command" | "security_violation" | "event";
            /** Format: uuid */
            id: string;
            title: string;
            /** @description up to about 20 words around the matches, each match between « and » */
            snippet: string;
            /** Format: date-time */
            inserted_at: string;
        };
        SearchResultDto: {
            /** @description best match first, then newest */
            hits: components["schemas"]["SearchHitDto"][];
            /** @description number of hits in this response */
            count: number;
        };
        PaymentReceiptDto: {
            /** @enum {boolean} */
            received: true;
            /**
             * @description applied: the workspace changed as the event says; ignored: nothing to change (unknown workspace, type or plan, an older event); duplicate: this event id was processed before
             * @enum {string}
             */
            outcome: "applied" | "ignored" | "duplicate";
        };
        CreateWorkflowTargetDto: {
            name: string;
            /** @description where replays are POSTed; in production https and a public address only */
            url: string;
        };
        IssuedWorkflowTargetDto: {
            /** Format: uuid */
            id: string;
            name: string;
            url: string;
            /** Format: date-time */
            inserted_at: string;
            /** @description whsec_..., shown once: replays are signed with it as Standard Webhooks are */
            secret: string;
        };
        WorkflowTargetEnvelopeDto: {
            workflow_target: components["schemas"]["IssuedWorkflowTargetDto"];
        };
        WorkflowTargetDto: {
            /** Format: uuid */
            id: string;
            name: string;
            url: string;
            /** Format: date-time */
            inserted_at: string;
        };
        WorkflowTargetListDto: {
            workflow_targets: components["schemas"]["WorkflowTargetDto"][];
            /** @description number of targets in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CreateReplayDto: {
            /**
             * Format: uuid
             * @description the trace's record id (not its trace_id), a trace of the workspace
             */
            trace_id: string;
            /**
             * Format: uuid
             * @description a workflow target of the workspace; default: the newest one
             */
            workflow_target_id?: string;
        };
        ReplayDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            trace_id: string;
            /** Format: uuid */
            workflow_target_id: string;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed";
            /** @description the target's HTTP status on the last attempt */
            response_status: number | null;
            /** @description attempts made so far (at most 3) */
            attempts: number;
            /** @description why the last attempt failed */
            last_error: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ReplayEnvelopeDto: {
            replay: components["schemas"]["ReplayDto"];
        };
        ReplayListDto: {
            replays: components["schemas"]["ReplayDto"][];
            /** @description number of replays in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        SecurityViolationDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "gateway_denied" | "revoked_key_presented" | "archived_key_presented" | "retired_robot_credential" | "disallowed_ip";
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            /** @enum {string} */
            status: "open" | "acknowledged" | "resolved";
            /** Format: uuid */
            service_agent_id: string | null;
            /**
             * Format: uuid
             * @description the credential presented, when one was
             */
            credential_id: string | null;
            /** @description what happened: the key prefix, the rule and action, the robot */
            detail: {
                [key: string]: unknown;
            };
            /** @description how often it happened within its window (repeats count here instead of opening more violations) */
            occurrences: number;
            /** Format: date-time */
            last_seen_at: string;
            /** Format: date-time */
            acknowledged_at: string | null;
            /** Format: uuid */
            acknowledged_by: string | null;
            /** Format: date-time */
            resolved_at: string | null;
            /** Format: uuid */
            resolved_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        SecurityViolationListDto: {
            security_violations: components["schemas"]["SecurityViolationDto"][];
            /** @description number of violations in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        SecurityViolationEnvelopeDto: {
            security_violation: components["schemas"]["SecurityViolationDto"];
        };
        UpdateSecurityViolationDto: {
            /**
             * @description open → acknowledged → resolved, or open → resolved; else 409 invalid_transition
             * @enum {string}
             */
            status: "open" | "acknowledged" | "resolved";
        };
        AuditActorDto: {
            /** @enum {string} */
            type: "user" | "api_token" | "scim_token" | "partner" | "service_agent" | "platform_admin" | "system";
            /** @description The id of the user, token, partner or service agent; null for `system`. */
            id: string | null;
            /** @description A readable name for it when known (a user's address). */
            label: string | null;
        };
        AuditTargetDto: {
            /** @example api_key */
            type: string;
            /** @description A key's events name its `credential_id`; a record's, its id. */
            id: string | null;
            label: string | null;
        };
        AuditEventDto: {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            occurred_at: string;
            /** Format: uuid */
            workspace_id: string;
            /** @enum {string} */
            action: "workspace.create" | "workspace.update" | "workspace.freeze" | "workspace.unfreeze" | "workspace.suspend" | "workspace.reactivate" | "member.login" | "member.logout" | "member.password_reset" | "member.role_change" | "member.remove" | "invitation.create" | "invitation.revoke" | "invitation.accept" | "session.end" | "mfa.passkey_add" | "mfa.passkey_remove" | "session.reauthenticate" | "mfa.totp_enable" | "mfa.totp_disable" | "mfa.recovery_codes_regenerate" | "sso_connection.create" | "sso_connection.update" | "sso_connection.delete" | "member.sso_provision" | "api_token.create" | "api_token.revoke" | "service_agent.create" | "service_agent.update" | "service_agent.deactivate" | "api_key.create" | "api_key.revoke" | "api_key.archive" | "api_key.rotate" | "enrollment_token.create" | "enrollment_token.revoke" | "robot.create" | "robot.claim" | "robot.claim_replay" | "robot.retire" | "robot.reset" | "cohort.create" | "ota_update.create" | "ota_update.cancel" | "batch_operation.create" | "batch_operation.cancel" | "agent_command.create" | "gateway_rule.create" | "gateway_rule.update" | "gateway_rule.delete" | "approval.decide" | "security_violation.update" | "webhook_subscription.create" | "webhook_subscription.update" | "webhook_subscription.delete" | "webhook_subscription.rotate_secret" | "webhook_delivery.redeliver" | "scim_token.create" | "scim_token.revoke" | "scim_user.create" | "scim_user.update" | "scim_user.delete" | "scim_group.create" | "scim_group.update" | "scim_group.delete" | "partner.update" | "partner.suspend" | "partner.reactivate" | "partner_key.create" | "engagement.create" | "engagement.revoke" | "engagement_token.create" | "data_request.create";
            /** @enum {string} */
            outcome: "success" | "failure";
            actor: components["schemas"]["AuditActorDto"];
            target: components["schemas"]["AuditTargetDto"] | null;
            /** @description The client IP of the request (SPEC.md), null for jobs. */
            ip: string | null;
            user_agent: string | null;
            request_id: string | null;
            /** @description Changed fields as `{ field: [before, after] }`. */
            changes?: {
                [key: string]: unknown[];
            } | null;
            /** @description SHA-256 (hex) of `prev_hash` followed by the canonical JSON of the event without `hash` and `prev_hash`; null until sealed (within 10 s). */
            hash: string | null;
            /** @description The hash of the event before it in the workspace's chain (64 zeros for the first). */
            prev_hash: string | null;
        };
        AuditEventListDto: {
            audit_events: components["schemas"]["AuditEventDto"][];
            /** @description How many events match the filters. */
            count: number;
            /** @description Pass as `cursor` for the next (older) page; null on the last page. */
            next_cursor: string | null;
        };
        AuditVerifyDto: {
            verified: boolean;
            /** @description Sealed events checked. */
            events?: number;
            /** @description The hash of the newest sealed event. */
            head?: string | null;
            /** @description The first event whose hash or link does not hold. */
            first_mismatch_id?: string | null;
        };
        CreateGatewayRuleDto: {
            /**
             * @description a glob over the action: * matches any run of characters, ? one character; 1 to 200 characters
             * @example payments.*
             */
            action: string;
            /** @enum {string} */
            effect: "allow" | "deny" | "require_approval";
            /**
             * @description lower applies first; ties: the older rule first
             * @default 100
             */
            priority?: number;
            description?: string | null;
        };
        GatewayRuleDto: {
            /** Format: uuid */
            id: string;
            /** @description a glob over the action: * matches any run of characters, ? one character; 1 to 200 characters */
            action: string;
            /** @enum {string} */
            effect: "allow" | "deny" | "require_approval";
            priority: number;
            description: string | null;
            /** Format: uuid */
            created_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        GatewayRuleEnvelopeDto: {
            gateway_rule: components["schemas"]["GatewayRuleDto"];
        };
        GatewayRuleListDto: {
            /** @description ascending priority, ties oldest first: the order checks apply them */
            gateway_rules: components["schemas"]["GatewayRuleDto"][];
            /** @description number of rules in this response */
            count: number;
        };
        UpdateGatewayRuleDto: {
            /** @description a glob over the action: * matches any run of characters, ? one character; 1 to 200 characters */
            action?: string;
            /** @enum {string} */
            effect?: "allow" | "deny" | "require_approval";
            priority?: number;
            /** @description null clears it */
            description?: string | null;
        };
        GatewayCheckDto: {
            /**
             * @description what the agent is about to do
             * @example payments.refund
             */
            action: string;
            /** @example order/1234 */
            resource?: string;
            /** @description kept on an approval for the operator; at most 8192 bytes as JSON */
            context?: {
                [key: string]: unknown;
            };
        };
        ApprovalDto: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description the agent whose check asked for it
             */
            service_agent_id: string;
            action: string;
            resource: string | null;
            /** @description the check's context */
            context: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "pending" | "approved" | "denied" | "expired";
            /**
             * Format: uuid
             * @description the rule that required it (null once deleted)
             */
            gateway_rule_id: string | null;
            /**
             * Format: uuid
             * @description the operator who approved or denied it
             */
            decided_by: string | null;
            /** Format: date-time */
            decided_at: string | null;
            /**
             * Format: date-time
             * @description 24 hours after the check; a pending approval then becomes expired
             */
            expires_at: string;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        GatewayCheckResponseDto: {
            /** @enum {string} */
            decision: "allow" | "deny" | "require_approval";
            /**
             * @description matched_rule: the first matching rule decided; no_matching_rule: allowed by default
             * @enum {string}
             */
            reason: "matched_rule" | "no_matching_rule";
            /**
             * Format: uuid
             * @description the rule that decided
             */
            rule_id: string | null;
            /** @description with require_approval: the pending approval (the same one while it stays pending) */
            approval?: components["schemas"]["ApprovalDto"];
        };
        ApprovalEnvelopeDto: {
            approval: components["schemas"]["ApprovalDto"];
        };
        ApprovalListDto: {
            approvals: components["schemas"]["ApprovalDto"][];
            /** @description number of approvals in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CreateBatchOperationDto: {
            /** @enum {string} */
            action: "retire_robots" | "tag_robots" | "send_agent_command" | "create_ota_update" | "revoke_api_keys";
            /** @description robot ids; service agent ids for send_agent_command; credential ids for revoke_api_keys. Repeats count once. Or cohort_id. */
            target_ids?: string[];
            /**
             * Format: uuid
             * @description a cohort of the workspace: its robots (their agents for send_agent_command); not for revoke_api_keys
             */
            cohort_id?: string;
            /** @description per action: tag_robots { tags: string[] }; send_agent_command { name, payload? }; create_ota_update { update_type, version, artifact_url, sha256 }; retire_robots and revoke_api_keys {} */
            params?: {
                [key: string]: unknown;
            };
        };
        BatchOperationDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            action: "retire_robots" | "tag_robots" | "send_agent_command" | "create_ota_update" | "revoke_api_keys";
            /** @description per action: tag_robots { tags: string[] }; send_agent_command { name, payload? }; create_ota_update { update_type, version, artifact_url, sha256 }; retire_robots and revoke_api_keys {} */
            params: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
            /** @description targets in the operation */
            total: number;
            succeeded: number;
            failed: number;
            /** @description targets with nothing to do (already retired or revoked), or left when the operation was cancelled */
            skipped: number;
            /** Format: uuid */
            cohort_id: string | null;
            /** Format: uuid */
            created_by: string | null;
            /** @description why a failed operation stopped */
            error: string | null;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            cancelled_at: string | null;
            /** Format: uuid */
            cancelled_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        BatchOperationEnvelopeDto: {
            batch_operation: components["schemas"]["BatchOperationDto"];
        };
        BatchOperationListDto: {
            batch_operations: components["schemas"]["BatchOperationDto"][];
            /** @description number of batch operations in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        BatchTargetDto: {
            /** Format: uuid */
            target_id: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed" | "skipped";
            /** @description a code: not_found, robot_retired, service_agent_inactive, cancelled, ... */
            error: string | null;
        };
        BatchOperationWithTargetsDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            action: "retire_robots" | "tag_robots" | "send_agent_command" | "create_ota_update" | "revoke_api_keys";
            /** @description per action: tag_robots { tags: string[] }; send_agent_command { name, payload? }; create_ota_update { update_type, version, artifact_url, sha256 }; retire_robots and revoke_api_keys {} */
            params: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
            /** @description targets in the operation */
            total: number;
            succeeded: number;
            failed: number;
            /** @description targets with nothing to do (already retired or revoked), or left when the operation was cancelled */
            skipped: number;
            /** Format: uuid */
            cohort_id: string | null;
            /** Format: uuid */
            created_by: string | null;
            /** @description why a failed operation stopped */
            error: string | null;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            cancelled_at: string | null;
            /** Format: uuid */
            cancelled_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description in the order they are applied; paged by target_limit and target_offset */
            targets: components["schemas"]["BatchTargetDto"][];
            /** @description the page of targets: limit, offset, total (all targets), has_more */
            targets_pagination: components["schemas"]["PaginationDto"];
        };
        BatchOperationShowDto: {
            batch_operation: components["schemas"]["BatchOperationWithTargetsDto"];
        };
        OtaUpdateDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            robot_id: string;
            /**
             * Format: uuid
             * @description the robot's agent, which gets the ota_update command
             */
            service_agent_id: string | null;
            /** @enum {string} */
            update_type: "firmware" | "software" | "config";
            version: string;
            artifact_url: string;
            sha256: string;
            /** @enum {string} */
            status: "pending" | "downloading" | "installing" | "succeeded" | "failed" | "cancelled";
            detail: string | null;
            /**
             * Format: uuid
             * @description the ota_update agent command
             */
            agent_command_id: string | null;
            /**
             * Format: uuid
             * @description the batch operation that created it, for a cohort
             */
            batch_operation_id: string | null;
            /** Format: uuid */
            created_by: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        OtaUpdateEnvelopeDto: {
            ota_update: components["schemas"]["OtaUpdateDto"];
        };
        CreateOtaUpdateDto: {
            /** @enum {string} */
            update_type: "firmware" | "software" | "config";
            /** @example 4.3.1 */
            version: string;
            /** @example https://updates.example.com/robot-4.3.1.bin */
            artifact_url: string;
            /** @description SHA-256 of the artifact, 64 hex digits (upper case is accepted and lowered) */
            sha256: string;
            /**
             * Format: uuid
             * @description one robot (201 with the update); or cohort_id
             */
            robot_id?: string;
            /**
             * Format: uuid
             * @description a cohort: one update per robot, as a create_ota_update batch operation (202 with the operation)
             */
            cohort_id?: string;
        };
        OtaUpdateListDto: {
            ota_updates: components["schemas"]["OtaUpdateDto"][];
            /** @description number of updates in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        ReportOtaUpdateDto: {
            /**
             * @description forward only: pending → downloading → installing → succeeded | failed
             * @enum {string}
             */
            status: "downloading" | "installing" | "succeeded" | "failed";
            /** @description what the robot says about it (progress, an error) */
            detail?: string;
        };
        CreateDataRequestDto: {
            /**
             * @description export: a JSON document of everything held about the subject; erasure: anonymise it
             * @enum {string}
             */
            kind: "export" | "erasure";
            /** @enum {string} */
            subject_type: "user" | "service_agent" | "robot";
            /**
             * Format: uuid
             * @description an operator (member), visible service agent or robot of the workspace
             */
            subject_id: string;
        };
        DataRequestDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "export" | "erasure";
            /** @enum {string} */
            subject_type: "user" | "service_agent" | "robot";
            /** Format: uuid */
            subject_id: string;
            /** @enum {string} */
            status: "pending" | "processing" | "completed" | "failed";
            /**
             * Format: date-time
             * @description exports: until when GET .../download serves the document (7 days)
             */
            download_expires_at: string | null;
            /** Format: uuid */
            requested_by: string | null;
            /** @description why a failed request failed */
            error: string | null;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        DataRequestEnvelopeDto: {
            data_request: components["schemas"]["DataRequestDto"];
        };
        DataRequestListDto: {
            data_requests: components["schemas"]["DataRequestDto"][];
            /** @description number of data requests in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        /** @enum {string} */
        PartnerScope: "engagements:read" | "engagement_tokens:write";
        CreatePartnerDto: {
            name: string;
            scopes: components["schemas"]["PartnerScope"][];
        };
        PartnerDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "suspended";
            scopes: components["schemas"]["PartnerScope"][];
            /**
             * @description mpk_ and the 11-character prefix of the current key
             * @example mpk_Abc123Def45
             */
            key_prefix: string;
            /**
             * Format: date-time
             * @description last use of any of its keys (written at most once a minute per key)
             */
            last_used_at: string | null;
            /** Format: date-time */
            inserted_at: string;
        };
        PartnerKeyDto: {
            /** @description mpk_<prefix>.<secret>: shown once */
            key: string;
            /** @example mpk_Abc123Def45 */
            prefix: string;
            /** Format: date-time */
            created_at: string;
        };
        IssuedPartnerKeyEnvelopeDto: {
            partner: components["schemas"]["PartnerDto"];
            partner_key: components["schemas"]["PartnerKeyDto"];
        };
        PartnerListDto: {
            partners: components["schemas"]["PartnerDto"][];
            /** @description number of partners in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        PartnerEnvelopeDto: {
            partner: components["schemas"]["PartnerDto"];
        };
        UpdatePartnerDto: {
            name?: string;
            scopes?: components["schemas"]["PartnerScope"][];
        };
        RotatePartnerKeyDto: {
            /**
             * @description how long the old key keeps working; 0 stops it at once
             * @default 0
             */
            grace_period_seconds?: number;
        };
        PartnerSummaryDto: {
            /** Format: uuid */
            id: string;
            name: string;
        };
        PartnerSummaryListDto: {
            partners: components["schemas"]["PartnerSummaryDto"][];
            /** @description number of partners in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        /**
         * @description what tokens minted under the engagement may do; default: every engagement scope
         * @enum {string}
         */
        EngagementScope: "engagement_events:write" | "engagement_events:read";
        GrantEngagementDto: {
            /**
             * Format: uuid
             * @description an active partner (GET /api/v1/operator/partners)
             */
            partner_id: string;
            /** @description what tokens minted under the engagement may do; default: every engagement scope */
            scopes?: components["schemas"]["EngagementScope"][];
        };
        EngagementDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            partner_id: string;
            partner_name: string;
            /** Format: uuid */
            workspace_id: string;
            workspace_name: string;
            /** @enum {string} */
            status: "active" | "revoked";
            scopes: components["schemas"]["EngagementScope"][];
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            revoked_at: string | null;
        };
        EngagementEnvelopeDto: {
            engagement: components["schemas"]["EngagementDto"];
        };
        EngagementListDto: {
            engagements: components["schemas"]["EngagementDto"][];
            /** @description number of engagements in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        EngagementEventDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            engagement_id: string;
            kind: string;
            payload: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            inserted_at: string;
        };
        EngagementEventListDto: {
            engagement_events: components["schemas"]["EngagementEventDto"][];
            /** @description number of events in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        MintEngagementTokenDto: {
            /**
             * @description seconds; above 604800 it is clamped to 604800 (the effective value is returned)
             * @default 86400
             */
            expires_in?: number;
            /** @description a subset of the engagement's scopes; default: all of them */
            scopes?: components["schemas"]["EngagementScope"][];
        };
        EngagementTokenDto: {
            /** @description opaque bearer token for the engagement routes: shown once */
            token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /** @description effective lifetime in seconds */
            expires_in: number;
            /** Format: date-time */
            expires_at: string;
            scopes: components["schemas"]["EngagementScope"][];
            /** Format: uuid */
            engagement_id: string;
        };
        EngagementTokenEnvelopeDto: {
            engagement_token: components["schemas"]["EngagementTokenDto"];
        };
        PostEngagementEventDto: {
            /** @example ticket.created */
            kind: string;
            /** @description any JSON object, at most 65536 bytes serialized; default {} */
            payload?: {
                [key: string]: unknown;
            };
        };
        EngagementEventEnvelopeDto: {
            engagement_event: components["schemas"]["EngagementEventDto"];
        };
        RotateCredentialDto: {
            /**
             * @description seconds the old key (and everything minted from it) keeps working; 0 revokes it at once
             * @default 3600
             */
            grace_period_seconds?: number;
        };
        RotatedApiKeyDto: {
            /** @enum {string} */
            type: "api_key";
            /** @description agk_<prefix>.<secret>; shown once */
            key: string;
            scopes: string[];
            /** Format: uuid */
            credential_id: string;
            /** Format: uuid */
            service_agent_id: string;
            /**
             * Format: date-time
             * @description when the new key expires; null: never
             */
            expires_at: string | null;
        };
        PreviousCredentialDto: {
            /**
             * Format: uuid
             * @description the key that was rotated (the one the request presented, or the key of its token)
             */
            credential_id: string;
            /**
             * Format: date-time
             * @description when the old key and every token and socket minted from it stop working (the request time for a grace of 0)
             */
            expires_at: string;
        };
        RotateCredentialResponseDto: {
            /** @description the new agk_ key: same agent, same scopes; shown once */
            api_key: components["schemas"]["RotatedApiKeyDto"];
            /** @description an access token of the new key, with all its scopes; shown once */
            access_token: components["schemas"]["AccessTokenDto"];
            previous: components["schemas"]["PreviousCredentialDto"];
        };
        MemberUserDto: {
            /** Format: uuid */
            id: string;
            email: string;
            name: string;
        };
        MemberDto: {
            user: components["schemas"]["MemberUserDto"];
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /**
             * @description suspended: the membership or the account is suspended (SCIM)
             * @enum {string}
             */
            status: "active" | "suspended";
            /** @description the account has a second factor: a confirmed TOTP or a passkey */
            mfa_enabled: boolean;
            /** @description has signed in through one of this workspace's SSO connections */
            sso: boolean;
            /** @description provisioned by this workspace's SCIM: its role and removal are SCIM's (409 scim_managed) */
            scim_managed: boolean;
            /**
             * Format: date-time
             * @description when the membership began
             */
            inserted_at: string;
        };
        MemberListDto: {
            members: components["schemas"]["MemberDto"][];
            /** @description number of members in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        UpdateMemberDto: {
            /**
             * @description only an owner makes or unmakes an owner
             * @enum {string}
             */
            role: "owner" | "admin" | "member";
        };
        MemberEnvelopeDto: {
            member: components["schemas"]["MemberDto"];
        };
        CreateInvitationDto: {
            /**
             * @description trimmed and lower-cased
             * @example grace@example.com
             */
            email: string;
            /**
             * @description admin or member; only an owner invites an owner
             * @enum {string}
             */
            role: "owner" | "admin" | "member";
        };
        InvitationDto: {
            /** Format: uuid */
            id: string;
            email: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /**
             * @description replaced: a newer invitation to the address took its place; a pending one past expires_at no longer works
             * @enum {string}
             */
            status: "pending" | "accepted" | "revoked" | "replaced";
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            accepted_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
        };
        InvitationEnvelopeDto: {
            invitation: components["schemas"]["InvitationDto"];
        };
        InvitationListDto: {
            invitations: components["schemas"]["InvitationDto"][];
            /** @description number of invitations in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CreateApiTokenDto: {
            /** @description a label for the token; audit events name it */
            name: string;
            /**
             * @description the role the token acts with in the workspace; at most your own
             * @enum {string}
             */
            role: "admin" | "member";
            /**
             * Format: date-time
             * @description must be in the future; default: never expires
             */
            expires_at?: string;
            /**
             * @description up to 20 IPv4 or IPv6 CIDRs (a bare address is a /32 or /128); requests from other addresses are 403 `ip_not_allowed`. Default: any address
             * @example [
             *       "203.0.113.0/24",
             *       "2001:db8::/32"
             *     ]
             */
            allowed_ips?: string[];
        };
        IssuedApiTokenDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            role: "admin" | "member";
            /**
             * Format: date-time
             * @description null: never expires
             */
            expires_at: string | null;
            /** @description canonical CIDRs; empty: any address */
            allowed_ips: string[];
            /**
             * Format: date-time
             * @description written in batches, within seconds of a use
             */
            last_used_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /**
             * @description the bearer token, shown once; stored only as SHA-256
             * @example aot_AbCdEfGhIjK.<43 characters>
             */
            token: string;
        };
        IssuedApiTokenEnvelopeDto: {
            api_token: components["schemas"]["IssuedApiTokenDto"];
        };
        ApiTokenDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            role: "admin" | "member";
            /**
             * Format: date-time
             * @description null: never expires
             */
            expires_at: string | null;
            /** @description canonical CIDRs; empty: any address */
            allowed_ips: string[];
            /**
             * Format: date-time
             * @description written in batches, within seconds of a use
             */
            last_used_at: string | null;
            /** Format: date-time */
            inserted_at: string;
        };
        ApiTokenListDto: {
            api_tokens: components["schemas"]["ApiTokenDto"][];
            /** @description number of tokens in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CreateSsoConnectionDto: {
            /** @example Okta */
            name: string;
            /**
             * @description the provider's issuer; its discovery document (`/.well-known/openid-configuration`) is fetched and must name this issuer (422 `errors.issuer`). https in production; outside production http on a loopback address is allowed
             * @example https://example.okta.com/oauth2/default
             */
            issuer: string;
            client_id: string;
            /** @description sealed at rest and never returned */
            client_secret: string;
            /**
             * @description 1 to 20 lower-case domains; addresses in them sign in through this connection. A domain belongs to one connection of one workspace (409 `domain_taken`).
             * @example [
             *       "example.com"
             *     ]
             */
            domains: string[];
            /**
             * @description password log-in refused for members in these domains (owners keep it)
             * @default false
             */
            enforce?: boolean;
            /**
             * @description an address in these domains without an account becomes a confirmed account and member
             * @default false
             */
            jit_provisioning?: boolean;
            /**
             * @description the role of a member provisioned just in time
             * @default member
             * @enum {string}
             */
            default_role?: "member" | "admin";
            /**
             * @description the claim to read the address from when the ID token has no `email` (Microsoft Entra ID for users without a mail attribute); null (the default): such a token is refused
             * @enum {string|null}
             */
            email_claim_fallback?: "preferred_username" | "upn" | null;
        };
        SsoConnectionDto: {
            /** Format: uuid */
            id: string;
            name: string;
            issuer: string;
            client_id: string;
            domains: string[];
            enforce: boolean;
            jit_provisioning: boolean;
            /** @enum {string} */
            default_role: "member" | "admin";
            /**
             * @description the claim to read the address from when the ID token has no `email` (Microsoft Entra ID for users without a mail attribute); null (the default): such a token is refused
             * @enum {string|null}
             */
            email_claim_fallback: "preferred_username" | "upn" | null;
            /** @enum {string} */
            status: "active" | "disabled";
            /** @description register this at the provider as the redirect (reply) URI: `${BASE_URL}/users/sso/callback` */
            redirect_uri: string;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        SsoConnectionEnvelopeDto: {
            sso_connection: components["schemas"]["SsoConnectionDto"];
        };
        SsoConnectionListDto: {
            sso_connections: components["schemas"]["SsoConnectionDto"][];
            count: number;
        };
        UpdateSsoConnectionDto: {
            name?: string;
            /** @description checked by discovery again, as at creation */
            issuer?: string;
            client_id?: string;
            /** @description replaces the sealed secret */
            client_secret?: string;
            /**
             * @description 1 to 20 lower-case domains; addresses in them sign in through this connection. A domain belongs to one connection of one workspace (409 `domain_taken`).
             * @example [
             *       "example.com"
             *     ]
             */
            domains?: string[];
            enforce?: boolean;
            jit_provisioning?: boolean;
            /** @enum {string} */
            default_role?: "member" | "admin";
            /**
             * @description the claim to read the address from when the ID token has no `email` (Microsoft Entra ID for users without a mail attribute); null (the default): such a token is refused
             * @enum {string|null}
             */
            email_claim_fallback?: "preferred_username" | "upn" | null;
            /**
             * @description disabled: nobody signs in through it (and `enforce` stops applying)
             * @enum {string}
             */
            status?: "active" | "disabled";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    MailboxController_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the messages, newest first: `{ messages: [{ to, subject, text, html, sent_at }] }` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found: in production, or with another mail transport */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MailboxController_html: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the messages, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description in production, or with another mail transport: a `not_found` problem body (application/problem+json) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MetricsController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description token missing or invalid; WWW-Authenticate: Bearer realm="metrics" */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    HealthController_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponseDto"];
                };
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ok or degraded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadyResponseDto"];
                };
            };
            /** @description a required check failed, or the node is shutting down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadyResponseDto"];
                };
            };
        };
    };
    AgentTokensController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description agk_ API key */
                "x-agent-api-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenExchangeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponseDto"];
                };
            };
            /** @description an Authorization: Bearer header was sent */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description api_key_required, invalid_api_key, api_key_expired, api_key_archived, api_key_revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description ip_not_allowed, service_agent_inactive, insufficient_scopes, or workspace refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EventsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                type?: "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "api_key.rotated" | "api_key.expiring" | "enrollment_token.expiring" | "enrollment_token.exhausted" | "robot.reset" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned" | "audit_event.created";
                /** @description wins over type */
                "filter[type]"?: "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "api_key.rotated" | "api_key.expiring" | "enrollment_token.expiring" | "enrollment_token.exhausted" | "robot.reset" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned" | "audit_event.created";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description an unknown type is 400 invalid_type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainEventListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_type */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    RegisterController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterDto"];
            };
        };
        responses: {
            /** @description the key and token are shown only here */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisterResponseDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    RegisterPageController_form: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the sign-up form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegisterPageController_submit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the account address */
                    email: string;
                    /** @description display name (optional; from the address when left out) */
                    name?: string;
                    /** @description the password */
                    password: string;
                    /** @description name of the new workspace */
                    workspace_name: string;
                    /** @description name of its first service agent */
                    agent_name: string;
                };
            };
        };
        responses: {
            /** @description signed up and signed in: to the getting-started page, which shows the key once */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `cross_origin_request`: sent from another site (Sec-Fetch-Site cross-site or same-site, or another Origin than the service's) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the form again with the refusal of each field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    RegisterPageController_gettingStarted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the first steps, and after sign-up the key, once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    LoginController_form: {
        parameters: {
            query?: {
                /** @description a notice to show above the form */
                notice?: "reset" | "logged-out" | "mfa-expired";
                /** @description the console page to open after logging in (`/app...` or `/admin...`) */
                return_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the login form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description already logged in: redirect to `return_to` or /app */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    LoginController_submit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description the account email (trimmed and lower-cased) */
                    email: string;
                    /** @description the account password */
                    password: string;
                    /** @description `true`, `on` or `1`: also set the 14-day remember-me cookie */
                    remember_me?: string;
                    /** @description the console page to open after logging in (`/app...` or `/admin...`; anything else: /app) */
                    return_to?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description the account email (trimmed and lower-cased) */
                    email: string;
                    /** @description the account password */
                    password: string;
                    /** @description `true`, `on` or `1`: also set the 14-day remember-me cookie */
                    remember_me?: string;
                    /** @description the console page to open after logging in (`/app...` or `/admin...`; anything else: /app) */
                    return_to?: string;
                };
            };
        };
        responses: {
            /** @description logged in: redirect to `return_to` or /app with the _agent_ops_key cookie; or, for an account with a second factor, to /users/log-in/mfa with the _agent_ops_mfa cookie */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description log-in failed: a form gets the form again with a generic message, a JSON body the problem invalid_credentials; or, for a JSON body with the right password of an account with a second factor, the problem mfa_required with extra.mfa_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description `cross_origin_request`: sent from another site (Sec-Fetch-Site cross-site or same-site, or another Origin than the service's) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description throttled: retry-after and a plain-text body (no redirect) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
    LoginController_logOutForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description logged out: redirect to /users/log-in?notice=logged-out */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `cross_origin_request`: sent from another site (Sec-Fetch-Site cross-site or same-site, or another Origin than the service's) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    LoginController_logOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description logged out: redirect to /users/log-in?notice=logged-out */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `cross_origin_request`: sent from another site (Sec-Fetch-Site cross-site or same-site, or another Origin than the service's) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    PasswordResetController_form: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the form to request a reset link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasswordResetController_submit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the account email (trimmed and lower-cased; at most 254 characters) */
                    email: string;
                };
            };
        };
        responses: {
            /** @description the same confirmation panel in every case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `cross_origin_request`: sent from another site (Sec-Fetch-Site cross-site or same-site, or another Origin than the service's) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    PasswordResetController_resetForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the new-password form, or a dead-end panel for an unusable link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasswordResetController_reset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the new password, 12 to 72 characters */
                    password: string;
                    /** @description the same password again */
                    password_confirmation: string;
                };
            };
        };
        responses: {
            /** @description the dead-end panel: the link is unknown, used or expired */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description password set: redirect to /users/log-in?notice=reset */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `cross_origin_request`: sent from another site (Sec-Fetch-Site cross-site or same-site, or another Origin than the service's) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the form again, with what is wrong with the password */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AccountSessionsController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountSessionListDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AccountSessionsController_endOthers: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the other sessions ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AccountSessionsController_endOne: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not one of the account's live sessions */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AccountSessionsController_endMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the member's sessions ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AccountSessionsPageController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the account's sessions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AccountSessionsPageController_endOne: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ended; back to the page (or to log in, for the current session) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not one of the account's live sessions */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AccountSessionsPageController_endOthers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the other sessions ended; back to the page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WorkspaceSwitchController_switch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the id of one of the account's workspaces */
                    workspace_id: string;
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description switched; to the overview of that workspace */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `not_a_member`: not one of the account's workspaces
             *
             *     not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MessagesController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MessagesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMessageDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TasksController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "running" | "done" | "failed";
                /** @description wins over status */
                "filter[status]"?: "pending" | "running" | "done" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_status */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TasksController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTaskDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MfaController_start: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpEnrollmentDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description an authenticator app is already confirmed (totp_already_enabled) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MfaController_disable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no authenticator app (totp_not_enabled) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MfaController_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmTotpDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodesDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description nothing pending (totp_not_pending) or already confirmed (totp_already_enabled) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the code is not the current one */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MfaController_regenerate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodesDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no confirmed authenticator app (totp_not_enabled) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MfaLoginController_form: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the code form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no live pending log-in: back to the log-in page */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MfaLoginController_submit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description a code of the authenticator app, or a recovery code */
                    code?: string;
                    /** @description instead of a code: a passkey's assertion, as JSON text */
                    webauthn_response?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description a code of the authenticator app, or a recovery code */
                    code?: string;
                    /** @description instead of a code: a passkey's assertion, as JSON text */
                    webauthn_response?: string;
                };
            };
        };
        responses: {
            /** @description logged in: redirect to return_to or /app with the _agent_ops_key cookie; or no pending log-in: to the log-in page */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description a wrong code (the form again, or invalid_mfa_code), or no pending log-in (mfa_step_expired, JSON) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `cross_origin_request`: sent from another site (Sec-Fetch-Site cross-site or same-site, or another Origin than the service's) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description throttled: retry-after and a plain-text body */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MfaLoginController_passkeyOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PublicKeyCredentialRequestOptionsJSON */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description mfa_step_expired: no live pending log-in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MfaLoginController_reauthForm: {
        parameters: {
            query?: {
                /** @description the console page to go back to (`/app...` or `/admin...`) */
                return_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the re-check forms */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MfaLoginController_reauthenticate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description the account password */
                    password?: string;
                    /** @description a code of the authenticator app, or a recovery code (instead of the password) */
                    code?: string;
                    /** @description the console page to go back to (`/app...` or `/admin...`; anything else: /app) */
                    return_to?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description the account password */
                    password?: string;
                    /** @description a code of the authenticator app, or a recovery code (instead of the password) */
                    code?: string;
                    /** @description the console page to go back to (`/app...` or `/admin...`; anything else: /app) */
                    return_to?: string;
                };
            };
        };
        responses: {
            /** @description checked (JSON) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description checked (form): back to return_to or /app */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description wrong password or code: the form again, or invalid_credentials
             *
             *     problem body (application/problem+json)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description JSON without exactly one of password and code */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description throttled: retry-after and a plain-text body */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SecurityPageController_page: {
        parameters: {
            query?: {
                /** @description after the form that made it: the one view of the new recovery codes, for the session that made it, within 10 minutes (ADR 0265); a reload, another session or an expired id shows the page without it */
                shown?: unknown;
                notice?: "totp-disabled" | "passkey-added" | "passkey-removed" | "totp-enabled" | "codes-replaced";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the account security page; once after the app is turned on or the codes replaced, the new recovery codes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SecurityPageController_start: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description the page with the QR code, the secret and the confirm form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SecurityPageController_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the 6-digit code the app shows now */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Redis could not hold the recovery codes for the redirect: the recovery codes, shown once in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description done: to the security page, which shows the recovery codes once (`?shown=`) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the QR code and the form again, with what was wrong */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SecurityPageController_regenerate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Redis could not hold the new recovery codes for the redirect: the new recovery codes, shown once in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description done: to the security page, which shows the new recovery codes once (`?shown=`) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SecurityPageController_disable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description back to the security page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    PasskeysController_registrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebAuthnRegistrationOptionsDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description `redis_unavailable` or `database_unavailable`: nothing was stored */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    PasskeysController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebAuthnCredentialListDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    PasskeysController_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterWebAuthnCredentialDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebAuthnCredentialEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description `redis_unavailable` or `database_unavailable`: nothing was stored */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    PasskeysController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or another account's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    PasskeysPageController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the passkeys and the form that adds one */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    PasskeysPageController_add: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description a name to tell the passkey by (at most 100 characters) */
                    name: string;
                    /** @description the authenticator's answer to the registration options, as JSON */
                    response: string;
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description added; back to the account security page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the page again, with what went wrong */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasskeysPageController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description removed; back to the account security page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or another account's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasskeyAssetsController_webauthn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the script (text/javascript) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasskeyAssetsController_passkeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the script (text/javascript) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasskeyAssetsController_passkeyLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the script (text/javascript) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AppPageController_home: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the workspace overview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AppPageController_keyPage: {
        parameters: {
            query?: {
                /** @description after the form that made it: the one view of the new key, for the session that made it, within 10 minutes (ADR 0265); a reload, another session or an expired id shows the page without it */
                shown?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the current primary key by prefix, with generate, rotate and delete; once after a rotation, the new key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AppPageController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description `yes` from the confirmation step: rotate the key in place
                     * @enum {string}
                     */
                    confirm?: "yes";
                };
            };
        };
        responses: {
            /** @description Redis could not hold the key for the redirect: the new key, shown once in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description generated or rotated: to the key page, which shows the new key once; or, a key in place and the rotation not confirmed, to the confirmation step */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AppPageController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description revoked; back to the key page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AppPageController_confirm: {
        parameters: {
            query?: {
                /** @description what to confirm; anything else redirects to the key page */
                action?: "rotate" | "delete";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description asks to confirm a rotation (?action=rotate) or deletion (?action=delete) of the key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no key, or no valid action: to the key page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AppPageController_deleteForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description `yes` from the confirmation step
                     * @enum {string}
                     */
                    confirm?: "yes";
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description revoked, back to the key page; or, not confirmed, to the confirmation step */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AgentsPageController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of service agents with their keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AgentsPageController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description up to 120 characters */
                    name: string;
                    /** @description comma-separated machine scopes its keys may carry; blank: every one */
                    scopes?: string;
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description created; to the agent's page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the plan's agent quota is reached: the page again with the reason */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AgentsPageController_show: {
        parameters: {
            query?: {
                /** @description after the form that made it: the one view of the API key just issued, for the session that made it, within 10 minutes (ADR 0265); a reload, another session or an expired id shows the page without it */
                shown?: unknown;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the agent and its keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AgentsPageController_issueKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description comma-separated, a subset of the agent's scopes; blank: all of them */
                    scopes?: string;
                    /** @description ISO 8601, in the future; blank: never */
                    expires_at?: string;
                    /** @description comma-separated CIDRs the key may be used from; blank: any */
                    allowed_ips?: string;
                };
            };
        };
        responses: {
            /** @description Redis could not hold the new key for the redirect: the new key, shown once in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description done: to the agent's page, which shows the new key once (`?shown=`) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AgentsPageController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the new name; absent: kept */
                    name?: string;
                    /**
                     * @description absent: kept
                     * @enum {string}
                     */
                    status?: "active" | "inactive";
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description changed; back to the agent's page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AgentsPageController_archive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                credential_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description archived; back to the agent's page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AgentsPageController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                credential_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description revoked; back to the agent's page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ConsoleAssetsController_script: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the script (text/javascript) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksPageController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the subscriptions and the form that adds one */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WebhooksPageController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description where deliveries are posted; in production https only, never a private, loopback or link-local address */
                    url: string;
                    /** @description a note for operators; empty clears it */
                    description?: string;
                    /** @description one checkbox per event type to receive, or `*` alone for every type */
                    event_types?: ("*" | "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "api_key.rotated" | "api_key.expiring" | "enrollment_token.expiring" | "enrollment_token.exhausted" | "robot.reset" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned" | "audit_event.created")[];
                };
            };
        };
        responses: {
            /** @description Redis could not hold the signing secret for the redirect: the signing secret, shown once in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description done: to the new subscription, which shows the signing secret once (`?shown=`) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the form again, with what to fix */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksPageController_show: {
        parameters: {
            query?: {
                /** @description after the form that made it: the one view of the new signing secret, for the session that made it, within 10 minutes (ADR 0265); a reload, another session or an expired id shows the page without it */
                shown?: unknown;
                /** @description show only the deliveries in this status */
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one subscription and its recent deliveries (?status= filters them); once after a creation or rotation, its new secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksPageController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description where deliveries are posted; in production https only, never a private, loopback or link-local address */
                    url: string;
                    /** @description a note for operators; empty clears it */
                    description?: string;
                    /** @description one checkbox per event type to receive, or `*` alone for every type */
                    event_types?: ("*" | "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "api_key.rotated" | "api_key.expiring" | "enrollment_token.expiring" | "enrollment_token.exhausted" | "robot.reset" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned" | "audit_event.created")[];
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description saved; back to the subscription */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the form again, with what to fix */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksPageController_setStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description `active` enables the subscription; anything else disables it
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description enabled or disabled; back to the subscription */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksPageController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Redis could not hold the new signing secret for the redirect: the new signing secret, shown once in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description done: to the subscription, which shows the new signing secret once (`?shown=`) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksPageController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description deleted; back to the list */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksPageController_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description a new attempt is queued; back to the subscription */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OperatorController_me: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "active" | "inactive";
                /** @description wins over status */
                "filter[status]"?: "active" | "inactive";
                /** @description a case-insensitive substring of name or slug; blank is no search */
                q?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAgentListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_q */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateServiceAgentDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAgentEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /**
             * @description the plan's agent quota is reached
             *
             *     problem body (application/problem+json)
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateServiceAgentDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAgentEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_issueKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IssueApiKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedApiKeyEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_archive: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                credential_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeySummaryEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_revoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                credential_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeySummaryEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorWorkspaceController_show: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceSettingsEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorWorkspaceController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWorkspaceDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceSettingsEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description `mfa_not_enabled`: the owner has no second factor */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WorkspaceSettingsPageController_show: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the workspace's settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WorkspaceSettingsPageController_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description require a second factor of every member
                     * @enum {string}
                     */
                    require_mfa?: "true" | "false";
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description saved; back to the settings page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description mfa_not_enabled: the owner has no second factor; the page again with the reason */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhookSubscriptionsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "active" | "disabled";
                /** @description wins over status */
                "filter[status]"?: "active" | "disabled";
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description newest first, without secrets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_status */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WebhookSubscriptionsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookSubscriptionDto"];
            };
        };
        responses: {
            /** @description the secret (whsec_...) is shown once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionSecretEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed (url, event_types, ...) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description dns_unavailable: the host could not be resolved now (production URL rule) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WebhookSubscriptionsController_show: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, not in this workspace, or not a UUID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WebhookSubscriptionsController_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted, with its deliveries */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, not in this workspace, or not a UUID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WebhookSubscriptionsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookSubscriptionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, not in this workspace, or not a UUID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed (url, event_types, ...) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description dns_unavailable: the host could not be resolved now (production URL rule) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WebhookSubscriptionsController_rotateSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionSecretEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, not in this workspace, or not a UUID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WebhookSubscriptionsController_listDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "succeeded" | "failed";
                /** @description wins over status */
                "filter[status]"?: "pending" | "succeeded" | "failed";
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description newest first; an invalid status is 400 invalid_status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_status */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, not in this workspace, or not a UUID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WebhookSubscriptionsController_showDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description with every attempt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetailEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, not in this workspace, or not a UUID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WebhookSubscriptionsController_retry: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the delivery, pending until the attempt is made */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, not in this workspace, or not a UUID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminController_index: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminWorkspaceListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminController_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminWorkspaceEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWorkspaceDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminWorkspaceEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description workspaces with status, plan and actions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminController_pageUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description the new status
                     * @enum {string}
                     */
                    status?: "active" | "frozen" | "paused" | "archived";
                    /**
                     * @description the new plan
                     * @enum {string}
                     */
                    plan?: "free" | "team" | "enterprise";
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description changed; back to /admin */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description a status or plan outside the lists */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    EnrollmentTokensController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description a case-insensitive substring of prefix; blank is no search */
                q?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollmentTokenListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_q */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EnrollmentTokensController_issue: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IssueEnrollmentTokenDto"];
            };
        };
        responses: {
            /** @description the token is shown only here */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedEnrollmentTokenEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EnrollmentTokensController_revoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollmentTokenEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    RobotsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "active" | "retired";
                /** @description wins over status */
                "filter[status]"?: "pending" | "active" | "retired";
                /** @description a case-insensitive substring of serial number or name; blank is no search */
                q?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description an invalid status is 400 invalid_status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RobotListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_q */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    RobotsController_preRegister: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PreRegisterRobotDto"];
            };
        };
        responses: {
            /** @description a pending robot */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RobotEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /**
             * @description the plan's robot quota is reached
             *
             *     problem body (application/problem+json)
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    RobotsController_retire: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RobotEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    RobotsController_reset: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the robot, status `pending` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RobotEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description robot_retired */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    CohortsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description a case-insensitive substring of name; blank is no search */
                q?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CohortListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_q */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    CohortsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCohortDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CohortEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    CohortsController_show: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description a case-insensitive substring of serial number or name; blank is no search */
                q?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CohortShowDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_q */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EnrollmentClaimController_claim: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimEnrollmentDto"];
            };
        };
        responses: {
            /** @description the key and token are shown only here */
            201: {
                headers: {
                    /** @description `true` when the claim replayed an earlier one with its claim_id */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimResponseDto"];
                };
            };
            /** @description serial_number_required, serial_not_allowed or serial_already_claimed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description invalid_enrollment_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description workspace refused: error workspace_frozen, workspace_paused or workspace_archived */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description enrollment_claimed, enrollment_exhausted, enrollment_revoked or claim_id_conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description type slug enrollment-expired or robot-decommissioned */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    FleetPageController_robotsIndex: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of robots */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    FleetPageController_preRegister: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description unique in the workspace */
                    serial_number: string;
                    /** @description optional label */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description pre-registered; back to the robots page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    FleetPageController_retire: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description retired; back to the robots page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FleetPageController_reset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description reset; back to the robots page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description robot_retired: retirement is final */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FleetPageController_tokensIndex: {
        parameters: {
            query?: {
                /** @description after the form that made it: the one view of the enrollment token just issued, for the session that made it, within 10 minutes (ADR 0265); a reload, another session or an expired id shows the page without it */
                shown?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of enrollment tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    FleetPageController_issue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description 1: single-use; more: a fleet token */
                    max_claims?: string;
                    /** @description seconds it stays valid */
                    expires_in?: string;
                    /** @description a cohort its robots join; blank: none */
                    cohort_id?: string;
                    /** @description comma-separated tags for its robots */
                    default_tags?: string;
                    /** @description comma-separated serials that may claim; blank: any */
                    serial_allowlist?: string;
                };
            };
        };
        responses: {
            /** @description Redis could not hold the new token for the redirect: the new token, shown once in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description done: to /app/enrollment-tokens, which shows the new token once (`?shown=`) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    FleetPageController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description revoked; back to the tokens page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FleetPageController_cohortsIndex: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of cohorts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    FleetPageController_createCohort: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description unique in the workspace, ignoring case */
                    name: string;
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description created; to the cohort's page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    FleetPageController_cohort: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the cohort and a page of its robots */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SocketTokensController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the socket token is shown only here */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocketTokenResponseDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AgentCommandsController_list: {
        parameters: {
            query?: {
                limit?: number;
                status?: "pending" | "delivered" | "succeeded" | "failed";
                /** @description wins over status */
                "filter[status]"?: "pending" | "delivered" | "succeeded" | "failed";
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentCommandListDto"];
                };
            };
            /** @description invalid_limit or invalid_status */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AgentCommandsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAgentCommandDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentCommandEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such visible agent in the workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description service_agent_inactive */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AgentCommandsPageController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the newest agent commands and the send form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AgentCommandsPageController_send: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description an active service agent of the workspace */
                    service_agent_id: string;
                    /** @description the command, up to 100 characters */
                    name: string;
                    /** @description a JSON object, at most 32768 bytes; blank: {} */
                    payload?: string;
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description sent; back to the commands page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such agent in this workspace: the page again with the reason */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description service_agent_inactive: the page again with the reason */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AsyncApiController_document: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the AsyncAPI document (JSON) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ScimUsersController_list: {
        parameters: {
            query?: {
                /** @description default 50, above 100 reads as 100, negative as 0 */
                count?: unknown;
                /** @description 1-based, default 1; below 1 reads as 1 */
                startIndex?: unknown;
                /** @description userName eq, emails.value eq (or emails[type eq "work"].value eq), externalId eq, with a JSON string value, applied exactly; a filter that cannot be parsed is 400 invalidFilter; any other filter is ignored */
                filter?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a ListResponse in creation order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        totalResults?: number;
                        /** @description 1-based */
                        startIndex?: number;
                        /** @description Resources returned, never more than 100 */
                        itemsPerPage?: number;
                        Resources?: {
                            schemas?: string[];
                            /** Format: uuid */
                            readonly id?: string;
                            /** @description unique per workspace, compared case-insensitively */
                            userName: string;
                            /** @description the identity provider's id for the user */
                            externalId?: string;
                            /** @description the user's name */
                            name?: {
                                /** @description the full name, formatted for display */
                                formatted?: string;
                                /** @description the family name */
                                familyName?: string;
                                /** @description the given name */
                                givenName?: string;
                            };
                            /** @description the name shown to operators */
                            displayName?: string;
                            /** @description email addresses; the primary one (else the first, else userName) is the login email */
                            emails?: {
                                /** @description the email address */
                                value?: string;
                                /** @description work, home or other */
                                type?: string;
                                /** @description whether this is the login email */
                                primary?: boolean;
                                /** @description a display label */
                                display?: string;
                            }[];
                            /** @description false suspends the membership in this workspace (and an account SCIM created) */
                            active?: boolean;
                            /** @description the groups the user belongs to (change them through /Groups) */
                            readonly groups?: {
                                /** @description the id of the group */
                                readonly value?: string;
                                /** @description the group's display name */
                                readonly display?: string;
                            }[];
                            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                                /** @description employee number */
                                employeeNumber?: string;
                                /** @description cost center */
                                costCenter?: string;
                                /** @description organization */
                                organization?: string;
                                /** @description division */
                                division?: string;
                                /** @description department */
                                department?: string;
                                /** @description the user's manager */
                                manager?: {
                                    /** @description the manager's id */
                                    value?: string;
                                    /** @description the manager's display name */
                                    readonly displayName?: string;
                                };
                            };
                            readonly meta?: {
                                resourceType?: string;
                                /** Format: date-time */
                                created?: string;
                                /** Format: date-time */
                                lastModified?: string;
                                location?: string;
                                /** @description W/"<n>", moves on every change */
                                version?: string;
                            };
                        }[];
                    };
                };
            };
            /** @description invalidFilter: a filter that cannot be parsed (RFC 7644 3.4.2.2 with JSON strings), or is given twice */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimUsersController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    userName: string;
                    /** @description the identity provider's id for the user */
                    externalId?: string;
                    /** @description the user's name */
                    name?: {
                        /** @description the full name, formatted for display */
                        formatted?: string;
                        /** @description the family name */
                        familyName?: string;
                        /** @description the given name */
                        givenName?: string;
                    };
                    /** @description the name shown to operators */
                    displayName?: string;
                    /** @description email addresses; the primary one (else the first, else userName) is the login email */
                    emails?: {
                        /** @description the email address */
                        value?: string;
                        /** @description work, home or other */
                        type?: string;
                        /** @description whether this is the login email */
                        primary?: boolean;
                        /** @description a display label */
                        display?: string;
                    }[];
                    /** @description false suspends the membership in this workspace (and an account SCIM created) */
                    active?: boolean;
                    /** @description the groups the user belongs to (change them through /Groups) */
                    readonly groups?: {
                        /** @description the id of the group */
                        readonly value?: string;
                        /** @description the group's display name */
                        readonly display?: string;
                    }[];
                    "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                        /** @description employee number */
                        employeeNumber?: string;
                        /** @description cost center */
                        costCenter?: string;
                        /** @description organization */
                        organization?: string;
                        /** @description division */
                        division?: string;
                        /** @description department */
                        department?: string;
                        /** @description the user's manager */
                        manager?: {
                            /** @description the manager's id */
                            value?: string;
                            /** @description the manager's display name */
                            readonly displayName?: string;
                        };
                    };
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
                "application/json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    userName: string;
                    /** @description the identity provider's id for the user */
                    externalId?: string;
                    /** @description the user's name */
                    name?: {
                        /** @description the full name, formatted for display */
                        formatted?: string;
                        /** @description the family name */
                        familyName?: string;
                        /** @description the given name */
                        givenName?: string;
                    };
                    /** @description the name shown to operators */
                    displayName?: string;
                    /** @description email addresses; the primary one (else the first, else userName) is the login email */
                    emails?: {
                        /** @description the email address */
                        value?: string;
                        /** @description work, home or other */
                        type?: string;
                        /** @description whether this is the login email */
                        primary?: boolean;
                        /** @description a display label */
                        display?: string;
                    }[];
                    /** @description false suspends the membership in this workspace (and an account SCIM created) */
                    active?: boolean;
                    /** @description the groups the user belongs to (change them through /Groups) */
                    readonly groups?: {
                        /** @description the id of the group */
                        readonly value?: string;
                        /** @description the group's display name */
                        readonly display?: string;
                    }[];
                    "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                        /** @description employee number */
                        employeeNumber?: string;
                        /** @description cost center */
                        costCenter?: string;
                        /** @description organization */
                        organization?: string;
                        /** @description division */
                        division?: string;
                        /** @description department */
                        department?: string;
                        /** @description the user's manager */
                        manager?: {
                            /** @description the manager's id */
                            value?: string;
                            /** @description the manager's display name */
                            readonly displayName?: string;
                        };
                    };
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
            };
        };
        responses: {
            /** @description the User, with Location */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        userName: string;
                        /** @description the identity provider's id for the user */
                        externalId?: string;
                        /** @description the user's name */
                        name?: {
                            /** @description the full name, formatted for display */
                            formatted?: string;
                            /** @description the family name */
                            familyName?: string;
                            /** @description the given name */
                            givenName?: string;
                        };
                        /** @description the name shown to operators */
                        displayName?: string;
                        /** @description email addresses; the primary one (else the first, else userName) is the login email */
                        emails?: {
                            /** @description the email address */
                            value?: string;
                            /** @description work, home or other */
                            type?: string;
                            /** @description whether this is the login email */
                            primary?: boolean;
                            /** @description a display label */
                            display?: string;
                        }[];
                        /** @description false suspends the membership in this workspace (and an account SCIM created) */
                        active?: boolean;
                        /** @description the groups the user belongs to (change them through /Groups) */
                        readonly groups?: {
                            /** @description the id of the group */
                            readonly value?: string;
                            /** @description the group's display name */
                            readonly display?: string;
                        }[];
                        "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                            /** @description employee number */
                            employeeNumber?: string;
                            /** @description cost center */
                            costCenter?: string;
                            /** @description organization */
                            organization?: string;
                            /** @description division */
                            division?: string;
                            /** @description department */
                            department?: string;
                            /** @description the user's manager */
                            manager?: {
                                /** @description the manager's id */
                                value?: string;
                                /** @description the manager's display name */
                                readonly displayName?: string;
                            };
                        };
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description the workspace owner's membership cannot be suspended or removed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimUsersController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the User */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        userName: string;
                        /** @description the identity provider's id for the user */
                        externalId?: string;
                        /** @description the user's name */
                        name?: {
                            /** @description the full name, formatted for display */
                            formatted?: string;
                            /** @description the family name */
                            familyName?: string;
                            /** @description the given name */
                            givenName?: string;
                        };
                        /** @description the name shown to operators */
                        displayName?: string;
                        /** @description email addresses; the primary one (else the first, else userName) is the login email */
                        emails?: {
                            /** @description the email address */
                            value?: string;
                            /** @description work, home or other */
                            type?: string;
                            /** @description whether this is the login email */
                            primary?: boolean;
                            /** @description a display label */
                            display?: string;
                        }[];
                        /** @description false suspends the membership in this workspace (and an account SCIM created) */
                        active?: boolean;
                        /** @description the groups the user belongs to (change them through /Groups) */
                        readonly groups?: {
                            /** @description the id of the group */
                            readonly value?: string;
                            /** @description the group's display name */
                            readonly display?: string;
                        }[];
                        "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                            /** @description employee number */
                            employeeNumber?: string;
                            /** @description cost center */
                            costCenter?: string;
                            /** @description organization */
                            organization?: string;
                            /** @description division */
                            division?: string;
                            /** @description department */
                            department?: string;
                            /** @description the user's manager */
                            manager?: {
                                /** @description the manager's id */
                                value?: string;
                                /** @description the manager's display name */
                                readonly displayName?: string;
                            };
                        };
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimUsersController_replace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    userName: string;
                    /** @description the identity provider's id for the user */
                    externalId?: string;
                    /** @description the user's name */
                    name?: {
                        /** @description the full name, formatted for display */
                        formatted?: string;
                        /** @description the family name */
                        familyName?: string;
                        /** @description the given name */
                        givenName?: string;
                    };
                    /** @description the name shown to operators */
                    displayName?: string;
                    /** @description email addresses; the primary one (else the first, else userName) is the login email */
                    emails?: {
                        /** @description the email address */
                        value?: string;
                        /** @description work, home or other */
                        type?: string;
                        /** @description whether this is the login email */
                        primary?: boolean;
                        /** @description a display label */
                        display?: string;
                    }[];
                    /** @description false suspends the membership in this workspace (and an account SCIM created) */
                    active?: boolean;
                    /** @description the groups the user belongs to (change them through /Groups) */
                    readonly groups?: {
                        /** @description the id of the group */
                        readonly value?: string;
                        /** @description the group's display name */
                        readonly display?: string;
                    }[];
                    "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                        /** @description employee number */
                        employeeNumber?: string;
                        /** @description cost center */
                        costCenter?: string;
                        /** @description organization */
                        organization?: string;
                        /** @description division */
                        division?: string;
                        /** @description department */
                        department?: string;
                        /** @description the user's manager */
                        manager?: {
                            /** @description the manager's id */
                            value?: string;
                            /** @description the manager's display name */
                            readonly displayName?: string;
                        };
                    };
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
                "application/json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    userName: string;
                    /** @description the identity provider's id for the user */
                    externalId?: string;
                    /** @description the user's name */
                    name?: {
                        /** @description the full name, formatted for display */
                        formatted?: string;
                        /** @description the family name */
                        familyName?: string;
                        /** @description the given name */
                        givenName?: string;
                    };
                    /** @description the name shown to operators */
                    displayName?: string;
                    /** @description email addresses; the primary one (else the first, else userName) is the login email */
                    emails?: {
                        /** @description the email address */
                        value?: string;
                        /** @description work, home or other */
                        type?: string;
                        /** @description whether this is the login email */
                        primary?: boolean;
                        /** @description a display label */
                        display?: string;
                    }[];
                    /** @description false suspends the membership in this workspace (and an account SCIM created) */
                    active?: boolean;
                    /** @description the groups the user belongs to (change them through /Groups) */
                    readonly groups?: {
                        /** @description the id of the group */
                        readonly value?: string;
                        /** @description the group's display name */
                        readonly display?: string;
                    }[];
                    "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                        /** @description employee number */
                        employeeNumber?: string;
                        /** @description cost center */
                        costCenter?: string;
                        /** @description organization */
                        organization?: string;
                        /** @description division */
                        division?: string;
                        /** @description department */
                        department?: string;
                        /** @description the user's manager */
                        manager?: {
                            /** @description the manager's id */
                            value?: string;
                            /** @description the manager's display name */
                            readonly displayName?: string;
                        };
                    };
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
            };
        };
        responses: {
            /** @description the User */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        userName: string;
                        /** @description the identity provider's id for the user */
                        externalId?: string;
                        /** @description the user's name */
                        name?: {
                            /** @description the full name, formatted for display */
                            formatted?: string;
                            /** @description the family name */
                            familyName?: string;
                            /** @description the given name */
                            givenName?: string;
                        };
                        /** @description the name shown to operators */
                        displayName?: string;
                        /** @description email addresses; the primary one (else the first, else userName) is the login email */
                        emails?: {
                            /** @description the email address */
                            value?: string;
                            /** @description work, home or other */
                            type?: string;
                            /** @description whether this is the login email */
                            primary?: boolean;
                            /** @description a display label */
                            display?: string;
                        }[];
                        /** @description false suspends the membership in this workspace (and an account SCIM created) */
                        active?: boolean;
                        /** @description the groups the user belongs to (change them through /Groups) */
                        readonly groups?: {
                            /** @description the id of the group */
                            readonly value?: string;
                            /** @description the group's display name */
                            readonly display?: string;
                        }[];
                        "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                            /** @description employee number */
                            employeeNumber?: string;
                            /** @description cost center */
                            costCenter?: string;
                            /** @description organization */
                            organization?: string;
                            /** @description division */
                            division?: string;
                            /** @description department */
                            department?: string;
                            /** @description the user's manager */
                            manager?: {
                                /** @description the manager's id */
                                value?: string;
                                /** @description the manager's display name */
                                readonly displayName?: string;
                            };
                        };
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description the workspace owner's membership cannot be suspended or removed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimUsersController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description the workspace owner's membership cannot be suspended or removed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimUsersController_patch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    Operations: {
                        /** @description add, remove or replace, in any case */
                        op: string;
                        /** @description e.g. active, name.givenName, emails[type eq "work"].value, members[value eq "<id>"] */
                        path?: string;
                        /** @description any JSON value; a path-less add or replace takes an object of attributes */
                        value?: unknown;
                    }[];
                };
                "application/json": {
                    schemas?: string[];
                    Operations: {
                        /** @description add, remove or replace, in any case */
                        op: string;
                        /** @description e.g. active, name.givenName, emails[type eq "work"].value, members[value eq "<id>"] */
                        path?: string;
                        /** @description any JSON value; a path-less add or replace takes an object of attributes */
                        value?: unknown;
                    }[];
                };
            };
        };
        responses: {
            /** @description the User after the operations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        userName: string;
                        /** @description the identity provider's id for the user */
                        externalId?: string;
                        /** @description the user's name */
                        name?: {
                            /** @description the full name, formatted for display */
                            formatted?: string;
                            /** @description the family name */
                            familyName?: string;
                            /** @description the given name */
                            givenName?: string;
                        };
                        /** @description the name shown to operators */
                        displayName?: string;
                        /** @description email addresses; the primary one (else the first, else userName) is the login email */
                        emails?: {
                            /** @description the email address */
                            value?: string;
                            /** @description work, home or other */
                            type?: string;
                            /** @description whether this is the login email */
                            primary?: boolean;
                            /** @description a display label */
                            display?: string;
                        }[];
                        /** @description false suspends the membership in this workspace (and an account SCIM created) */
                        active?: boolean;
                        /** @description the groups the user belongs to (change them through /Groups) */
                        readonly groups?: {
                            /** @description the id of the group */
                            readonly value?: string;
                            /** @description the group's display name */
                            readonly display?: string;
                        }[];
                        "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                            /** @description employee number */
                            employeeNumber?: string;
                            /** @description cost center */
                            costCenter?: string;
                            /** @description organization */
                            organization?: string;
                            /** @description division */
                            division?: string;
                            /** @description department */
                            department?: string;
                            /** @description the user's manager */
                            manager?: {
                                /** @description the manager's id */
                                value?: string;
                                /** @description the manager's display name */
                                readonly displayName?: string;
                            };
                        };
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description the workspace owner's membership cannot be suspended or removed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimGroupsController_list: {
        parameters: {
            query?: {
                /** @description members: leave the members out of the response */
                excludedAttributes?: unknown;
                /** @description default 50, at most 100 */
                count?: unknown;
                /** @description 1-based, default 1 */
                startIndex?: unknown;
                /** @description ignored, unless SCIM_GROUP_FILTERS=true: then displayName eq and externalId eq with a JSON string value, applied exactly; a filter that cannot be parsed is 400 invalidFilter; any other filter is ignored */
                filter?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a ListResponse in creation order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        totalResults?: number;
                        /** @description 1-based */
                        startIndex?: number;
                        /** @description Resources returned, never more than 100 */
                        itemsPerPage?: number;
                        Resources?: {
                            schemas?: string[];
                            /** Format: uuid */
                            readonly id?: string;
                            /** @description unique per workspace, compared case-insensitively */
                            displayName: string;
                            /** @description the identity provider's id for the group */
                            externalId?: string;
                            /** @description the users in the group (ids of this workspace; others are skipped) */
                            members?: {
                                /** @description the id of the user */
                                value?: string;
                                /** @description the user's display name */
                                readonly display?: string;
                            }[];
                            readonly meta?: {
                                resourceType?: string;
                                /** Format: date-time */
                                created?: string;
                                /** Format: date-time */
                                lastModified?: string;
                                location?: string;
                                /** @description W/"<n>", moves on every change */
                                version?: string;
                            };
                        }[];
                    };
                };
            };
            /** @description invalidFilter: a filter that cannot be parsed (RFC 7644 3.4.2.2 with JSON strings), or is given twice */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimGroupsController_create: {
        parameters: {
            query?: {
                /** @description members: leave the members out of the response */
                excludedAttributes?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    displayName: string;
                    /** @description the identity provider's id for the group */
                    externalId?: string;
                    /** @description the users in the group (ids of this workspace; others are skipped) */
                    members?: {
                        /** @description the id of the user */
                        value?: string;
                        /** @description the user's display name */
                        readonly display?: string;
                    }[];
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
                "application/json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    displayName: string;
                    /** @description the identity provider's id for the group */
                    externalId?: string;
                    /** @description the users in the group (ids of this workspace; others are skipped) */
                    members?: {
                        /** @description the id of the user */
                        value?: string;
                        /** @description the user's display name */
                        readonly display?: string;
                    }[];
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
            };
        };
        responses: {
            /** @description the Group, with Location */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        displayName: string;
                        /** @description the identity provider's id for the group */
                        externalId?: string;
                        /** @description the users in the group (ids of this workspace; others are skipped) */
                        members?: {
                            /** @description the id of the user */
                            value?: string;
                            /** @description the user's display name */
                            readonly display?: string;
                        }[];
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimGroupsController_get: {
        parameters: {
            query?: {
                /** @description members: leave the members out of the response */
                excludedAttributes?: unknown;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the Group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        displayName: string;
                        /** @description the identity provider's id for the group */
                        externalId?: string;
                        /** @description the users in the group (ids of this workspace; others are skipped) */
                        members?: {
                            /** @description the id of the user */
                            value?: string;
                            /** @description the user's display name */
                            readonly display?: string;
                        }[];
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimGroupsController_replace: {
        parameters: {
            query?: {
                /** @description members: leave the members out of the response */
                excludedAttributes?: unknown;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    displayName: string;
                    /** @description the identity provider's id for the group */
                    externalId?: string;
                    /** @description the users in the group (ids of this workspace; others are skipped) */
                    members?: {
                        /** @description the id of the user */
                        value?: string;
                        /** @description the user's display name */
                        readonly display?: string;
                    }[];
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
                "application/json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    displayName: string;
                    /** @description the identity provider's id for the group */
                    externalId?: string;
                    /** @description the users in the group (ids of this workspace; others are skipped) */
                    members?: {
                        /** @description the id of the user */
                        value?: string;
                        /** @description the user's display name */
                        readonly display?: string;
                    }[];
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
            };
        };
        responses: {
            /** @description the Group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        displayName: string;
                        /** @description the identity provider's id for the group */
                        externalId?: string;
                        /** @description the users in the group (ids of this workspace; others are skipped) */
                        members?: {
                            /** @description the id of the user */
                            value?: string;
                            /** @description the user's display name */
                            readonly display?: string;
                        }[];
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimGroupsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimGroupsController_patch: {
        parameters: {
            query?: {
                /** @description members: leave the members out of the response */
                excludedAttributes?: unknown;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    Operations: {
                        /** @description add, remove or replace, in any case */
                        op: string;
                        /** @description e.g. active, name.givenName, emails[type eq "work"].value, members[value eq "<id>"] */
                        path?: string;
                        /** @description any JSON value; a path-less add or replace takes an object of attributes */
                        value?: unknown;
                    }[];
                };
                "application/json": {
                    schemas?: string[];
                    Operations: {
                        /** @description add, remove or replace, in any case */
                        op: string;
                        /** @description e.g. active, name.givenName, emails[type eq "work"].value, members[value eq "<id>"] */
                        path?: string;
                        /** @description any JSON value; a path-less add or replace takes an object of attributes */
                        value?: unknown;
                    }[];
                };
            };
        };
        responses: {
            /** @description the Group after the operations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        displayName: string;
                        /** @description the identity provider's id for the group */
                        externalId?: string;
                        /** @description the users in the group (ids of this workspace; others are skipped) */
                        members?: {
                            /** @description the id of the user */
                            value?: string;
                            /** @description the user's display name */
                            readonly display?: string;
                        }[];
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimDiscoveryController_serviceProviderConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description patch and filter supported (maxResults 100); bulk, sort, etag and changePassword not */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimDiscoveryController_resourceTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description User and Group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimDiscoveryController_resourceType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one resource type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimDiscoveryController_schemas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the User, enterprise User and Group schemas, every attribute the resources return */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimDiscoveryController_schema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one schema, by its URN */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description no valid SCIM token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimOperatorController_listTokens: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimTokenListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimOperatorController_createToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateScimTokenDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedScimTokenEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimOperatorController_revokeToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimOperatorController_listGroups: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimGroupListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimOperatorController_mapGroup: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MapScimGroupDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimGroupEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimOperatorController_listEvents: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "success" | "failure";
                /** @description wins over status */
                "filter[status]"?: "success" | "failure";
                resource_type?: "User" | "Group";
                /** @description wins over resource_type */
                "filter[resource_type]"?: "User" | "Group";
                operation?: "create" | "replace" | "patch" | "delete";
                /** @description wins over operation */
                "filter[operation]"?: "create" | "replace" | "patch" | "delete";
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description an invalid filter value is 400 invalid_<filter> */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimSyncEventListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status, invalid_resource_type or invalid_operation */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimAdminPageController_page: {
        parameters: {
            query?: {
                /** @description after the form that made it: the one view of the new token, for the session that made it, within 10 minutes (ADR 0265); a reload, another session or an expired id shows the page without it */
                shown?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SCIM tokens and recent SCIM writes; once after a creation, the new token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description no session: redirect to /users/log-in
             *
             *     no session: to /users/log-in?return_to=<this page>
             */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimAdminPageController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description a label for the token, up to 120 characters (blank or omitted: "SCIM token") */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Redis could not hold the new token for the redirect: the new token, shown once in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description no session: redirect to /users/log-in
             *
             *     no session: to /users/log-in?return_to=<this page>
             */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description done: to /app/admin, which shows the new token once (`?shown=`) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimAdminPageController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /**
             * @description no session: redirect to /users/log-in
             *
             *     no session: to /users/log-in?return_to=<this page>
             */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description revoked; back to /app/admin */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TracesController_ingest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTraceDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description trace_id_taken: a trace with this trace_id was already ingested in the workspace */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TracesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceWithSpansEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorTracesController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "ok" | "error";
                "filter[service_agent_id]"?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_service_agent_id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorTracesController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceWithSpansEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TracesPageController_list: {
        parameters: {
            query?: {
                offset?: number;
                limit?: number;
                /** @description empty: any agent */
                "filter[service_agent_id]"?: string;
                /** @description empty: any status */
                "filter[status]"?: "ok" | "error";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description traces, newest first, with status and agent filters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description no session: redirect to /users/log-in
             *
             *     no session: to /users/log-in?return_to=<this page>
             */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_service_agent_id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TracesPageController_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a trace with the waterfall of its spans */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description no session: redirect to /users/log-in
             *
             *     no session: to /users/log-in?return_to=<this page>
             */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalSuitesController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalSuiteListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalSuitesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEvalSuiteDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalSuiteEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalSuitesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalSuiteEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalRunsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "queued" | "running" | "passed" | "failed" | "errored";
                "filter[eval_suite_id]"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalRunListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_eval_suite_id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalRunsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEvalRunDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalRunEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalRunsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalRunEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalRunsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateEvalRunDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalRunEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description invalid_transition */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorEvalsController_listSuites: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalSuiteListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorEvalsController_listRuns: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "queued" | "running" | "passed" | "failed" | "errored";
                "filter[eval_suite_id]"?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalRunListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_eval_suite_id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalsPageController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description eval runs with status and score */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SearchController_find: {
        parameters: {
            query: {
                limit?: number;
                kind?: "trace" | "message" | "agent_command" | "security_violation" | "event";
                /** @description wins over kind */
                "filter[kind]"?: "trace" | "message" | "agent_command" | "security_violation" | "event";
                /** @description 1 to 200 characters, web-search syntax: words, "a phrase", -not, or */
                q: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResultDto"];
                };
            };
            /**
             * @description invalid_q, invalid_kind or invalid_limit
             *
             *     invalid_limit or invalid_kind
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SearchPageController_page: {
        parameters: {
            query?: {
                /** @description 1 to 200 characters, web-search syntax; empty shows the form only */
                q?: string;
                /** @description only hits of this kind; empty: all */
                kind?: "trace" | "message" | "agent_command" | "security_violation" | "event";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the search form, and its hits when q is given */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the form again, with the reason (a bad q or kind) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    DocsController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description an index of the API documents (JSON), or the landing page (HTML) for a browser */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DocsController_problems: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description every problem type, by status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DocsController_problem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the problem type explained */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no such problem type: a `not_found` problem body (application/problem+json) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DocsController_favicon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the icon (image/svg+xml) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PaymentsController_receive: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> */
                "Stripe-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description the provider's event: { id, type, created, data: { object } } */
        requestBody: {
            content: {
                "application/json": {
                    /** @example evt_1 */
                    id: string;
                    /** @example invoice.paid */
                    type: string;
                    created?: number;
                    data?: Record<string, unknown>;
                };
            };
        };
        responses: {
            /** @description also for events that change nothing, so the provider does not retry them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentReceiptDto"];
                };
            };
            /**
             * @description missing_signature, invalid_signature, signature_expired or invalid_event
             *
             *     problem body (application/problem+json)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description PAYMENTS_WEBHOOK_SECRET is not configured */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WorkflowTargetsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowTargetListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WorkflowTargetsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWorkflowTargetDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowTargetEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WorkflowTargetsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted; replays still queued for it fail */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ReplaysController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateReplayDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplayEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorReplaysController_listTargets: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowTargetListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorReplaysController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "queued" | "running" | "succeeded" | "failed";
                /** @description wins over status */
                "filter[status]"?: "queued" | "running" | "succeeded" | "failed";
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplayListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_status */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SecurityViolationsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "open" | "acknowledged" | "resolved";
                "filter[severity]"?: "low" | "medium" | "high" | "critical";
                "filter[kind]"?: "gateway_denied" | "revoked_key_presented" | "archived_key_presented" | "retired_robot_credential" | "disallowed_ip";
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description newest first; only the nested filter[...] form is read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecurityViolationListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status, invalid_severity or invalid_kind */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SecurityViolationsController_show: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecurityViolationEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SecurityViolationsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSecurityViolationDto"];
            };
        };
        responses: {
            /** @description the changed violation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecurityViolationEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description invalid_transition */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SecurityViolationsPageController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of violations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SecurityViolationsPageController_acknowledge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description acknowledged: to /app/security-violations */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SecurityViolationsPageController_resolve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description resolved: to /app/security-violations */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AuditEventsController_list: {
        parameters: {
            query?: {
                "filter[until]"?: string;
                "filter[since]"?: string;
                "filter[target_id]"?: string;
                "filter[actor_id]"?: string;
                "filter[action]"?: string;
                cursor?: string;
                limit?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventListDto"];
                };
            };
            /** @description invalid_limit, invalid_cursor, invalid_since or invalid_until */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AuditEventsController_export: {
        parameters: {
            query?: {
                until?: string;
                since?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one audit event (as in the list) a line, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_since or invalid_until */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AuditEventsController_verify: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditVerifyDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AuditPageController_page: {
        parameters: {
            query?: {
                /** @description 1: also verify the workspace's chain */
                verify?: "1";
                limit?: number;
                /** @description the Older link: `next_cursor` of the page before */
                cursor?: string;
                /** @description ISO 8601, inclusive; empty: to the newest */
                "filter[until]"?: string;
                /** @description ISO 8601, inclusive; empty: from the first */
                "filter[since]"?: string;
                /** @description empty: any */
                "filter[target_id]"?: string;
                /** @description empty: any */
                "filter[actor_id]"?: string;
                /** @description exact, or `prefix.*`; empty: any */
                "filter[action]"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the audit events, newest first, with the filter form and paging links */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the form again, with the reason (a bad since, until, cursor or limit) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    GatewayRulesController_list: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayRuleListDto"];
                };
            };
            /** @description invalid_limit */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    GatewayRulesController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateGatewayRuleDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayRuleEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description gateway_rule_limit_reached (500 rules a workspace) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    GatewayRulesController_show: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayRuleEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    GatewayRulesController_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    GatewayRulesController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateGatewayRuleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayRuleEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    GatewayCheckController_check: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GatewayCheckDto"];
            };
        };
        responses: {
            /** @description allow, deny (a security violation is opened) or require_approval (with the pending approval) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayCheckResponseDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    GatewayCheckController_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApprovalsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "pending" | "approved" | "denied" | "expired";
                "filter[service_agent_id]"?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description newest first; only the nested filter[...] form is read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_service_agent_id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApprovalsController_show: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApprovalsController_approve: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the approved approval */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description approval_not_pending (already decided, or expired) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApprovalsController_deny: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the denied approval */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description approval_not_pending (already decided, or expired) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApprovalsPageController_page: {
        parameters: {
            query?: {
                /** @description the older form of filter[status]=pending */
                status?: "pending";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of approvals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApprovalsPageController_approve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description approved; back to the pending approvals */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description approval_not_pending: already decided, or expired */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ApprovalsPageController_deny: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description denied; back to the pending approvals */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description approval_not_pending: already decided, or expired */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    GatewayRulesPageController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the gateway rules in priority order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    GatewayRulesPageController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description a glob over the action (* any run, ? one character) */
                    action: string;
                    /**
                     * @description what a match decides
                     * @enum {string}
                     */
                    effect: "allow" | "deny" | "require_approval";
                    /** @description lower applies first; blank: 100 */
                    priority?: string;
                    /** @description optional */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description created; back to the rules page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description gateway_rule_limit_reached: the page again with the reason */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    GatewayRulesPageController_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the rule's edit form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    GatewayRulesPageController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description a glob over the action (* any run, ? one character) */
                    action: string;
                    /**
                     * @description what a match decides
                     * @enum {string}
                     */
                    effect: "allow" | "deny" | "require_approval";
                    /** @description lower applies first; blank: 100 */
                    priority?: string;
                    /** @description optional */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description saved; back to the rules page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    GatewayRulesPageController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description deleted; back to the rules page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BatchOperationsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "queued" | "running" | "completed" | "failed" | "cancelled";
                /** @description wins over status */
                "filter[status]"?: "queued" | "running" | "completed" | "failed" | "cancelled";
                action?: "retire_robots" | "tag_robots" | "send_agent_command" | "create_ota_update" | "revoke_api_keys";
                /** @description wins over action */
                "filter[action]"?: "retire_robots" | "tag_robots" | "send_agent_command" | "create_ota_update" | "revoke_api_keys";
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchOperationListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_action */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    BatchOperationsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBatchOperationDto"];
            };
        };
        responses: {
            /** @description queued; a worker applies it in chunks */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchOperationEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    BatchOperationsController_show: {
        parameters: {
            query?: {
                target_limit?: number;
                target_offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description with a page of its targets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchOperationShowDto"];
                };
            };
            /** @description invalid_target_limit or invalid_target_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    BatchOperationsController_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description cancelled after the chunk in progress; the targets left are skipped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchOperationEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description invalid_transition: it has already finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    BatchOperationsPageController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of operations with their progress */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    BatchOperationsPageController_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one operation, its progress and a page of its targets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BatchOperationsPageController_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description cancelled after the chunk in progress; back to the operation */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_transition: it has already finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OtaUpdatesController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "pending" | "downloading" | "installing" | "succeeded" | "failed" | "cancelled";
                "filter[update_type]"?: "firmware" | "software" | "config";
                "filter[robot_id]"?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description newest first; only filter[status], filter[update_type] and filter[robot_id] are read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtaUpdateListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status, invalid_update_type or invalid_robot_id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OtaUpdatesController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOtaUpdateDto"];
            };
        };
        responses: {
            /** @description robot_id: the update, its ota_update command pushed to the robot */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtaUpdateEnvelopeDto"];
                };
            };
            /** @description cohort_id: a create_ota_update batch operation */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchOperationEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description ota_update_in_progress, robot_retired, robot_not_enrolled, service_agent_inactive */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OtaUpdatesController_show: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtaUpdateEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OtaUpdatesController_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the cancelled update */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtaUpdateEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description invalid_transition: it has already finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OtaUpdatesMachineController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "pending" | "downloading" | "installing" | "succeeded" | "failed" | "cancelled";
                "filter[update_type]"?: "firmware" | "software" | "config";
                "filter[robot_id]"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the updates of the robot bound to the calling agent, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtaUpdateListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status, invalid_update_type or invalid_robot_id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OtaUpdatesMachineController_report: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportOtaUpdateDto"];
            };
        };
        responses: {
            /** @description the update as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtaUpdateEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not an update of the calling robot */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description invalid_transition: backwards, or the update has finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OtaUpdatesPageController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of updates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OtaUpdatesPageController_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description cancelled: to /app/ota-updates */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    DataRequestsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "processing" | "completed" | "failed";
                /** @description wins over status */
                "filter[status]"?: "pending" | "processing" | "completed" | "failed";
                kind?: "export" | "erasure";
                /** @description wins over kind */
                "filter[kind]"?: "export" | "erasure";
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataRequestListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_kind */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    DataRequestsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDataRequestDto"];
            };
        };
        responses: {
            /** @description pending; a worker runs it */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataRequestEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    DataRequestsController_show: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataRequestEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    DataRequestsController_download: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the export: { data_request, sections: { <section>: [records] } }, as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description data_request_not_ready, or not_an_export */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description download_expired: more than 7 days after it completed */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    DataRequestsPageController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of data requests */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    DataRequestsPageController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description export or erasure
                     * @enum {string}
                     */
                    kind: "export" | "erasure";
                    /**
                     * @description user, service_agent or robot
                     * @enum {string}
                     */
                    subject_type: "user" | "service_agent" | "robot";
                    /** @description the subject's id */
                    subject_id: string;
                    /**
                     * @description `yes`: the erasure is meant (required for one)
                     * @enum {string}
                     */
                    confirm_erasure?: "yes";
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description asked; back to the page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminPartnersController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminPartnersController_issue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePartnerDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedPartnerKeyEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminPartnersController_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such partner */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminPartnersController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePartnerDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such partner */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminPartnersController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotatePartnerKeyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedPartnerKeyEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such partner */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminPartnersController_suspend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such partner */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminPartnersController_reinstate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such partner */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminPartnersController_page: {
        parameters: {
            query?: {
                /** @description after the form that made it: the one view of the new key, for the session that made it, within 10 minutes (ADR 0265); a reload, another session or an expired id shows the page without it */
                shown?: unknown;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description partners with status, scopes, last use and actions; once after an issue or rotation, the new key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_limit or invalid_offset: an error page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminPartnersController_pageIssue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the partner name, 1 to 120 characters */
                    name: string;
                    /** @description ticked scopes (at least one) */
                    scopes: ("engagements:read" | "engagement_tokens:write")[];
                };
            };
        };
        responses: {
            /** @description Redis could not hold the new key for the redirect: the new key, shown once in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description done: to /admin/partners, which shows the new key once (`?shown=`) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description a field is invalid: an error page */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminPartnersController_pageUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the new name, 1 to 120 characters; empty keeps the current one */
                    name?: string;
                    /** @description ticked scopes (at least one) */
                    scopes: ("engagements:read" | "engagement_tokens:write")[];
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description saved: to /admin/partners */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such partner: an error page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description a field is invalid: an error page */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminPartnersController_pageRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description seconds the old key keeps working, 0 to 604800; empty or 0 stops it at once */
                    grace_period_seconds?: string;
                };
            };
        };
        responses: {
            /** @description Redis could not hold the new key for the redirect: the new key, shown once in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description done: to /admin/partners, which shows the new key once (`?shown=`) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such partner: an error page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description a field is invalid: an error page */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminPartnersController_pageSuspend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description suspended: to /admin/partners */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such partner: an error page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminPartnersController_pageReinstate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description reinstated: to /admin/partners */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such partner: an error page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OperatorEngagementsController_listPartners: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the active partners (id, name) this workspace may engage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerSummaryListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorEngagementsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorEngagementsController_grant: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GrantEngagementDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description engagement_exists: the partner already has an active engagement here */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed (an unknown or suspended partner_id included) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorEngagementsController_revoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorEngagementsController_events: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementEventListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorEngagementsController_page: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description engagements with grant and revoke */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorEngagementsController_pageGrant: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the active partner to engage (a UUID) */
                    partner_id: string;
                    /** @description ticked engagement scopes (at least one) */
                    scopes: ("engagement_events:write" | "engagement_events:read")[];
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description granted: to /app/engagements */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description engagement_exists: an error page */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description a field is invalid: an error page */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OperatorEngagementsController_eventsPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one engagement and its latest events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorEngagementsController_pageRevoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description revoked: to /app/engagements */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace: an error page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PartnerController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description this partner's active engagements */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    PartnerController_mint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MintEngagementTokenDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementTokenEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not this partner's active engagement */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description expires_in not a positive integer, or scopes beyond the engagement */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EngagementEventsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementEventListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the id is not a UUID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EngagementEventsController_post: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostEngagementEventDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementEventEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the id is not a UUID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    CredentialRotationController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateCredentialDto"];
            };
        };
        responses: {
            /** @description the new key and token are shown only here */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotateCredentialResponseDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description credential_rotated */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MembersController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description a case-insensitive substring of name or email; blank is no search */
                q?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_q */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MembersController_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /**
             * @description insufficient_role: a member; or an admin making, changing or removing an owner
             *
             *     problem body (application/problem+json)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description last_owner: the workspace would have no owner left; scim_managed: the membership is SCIM-provisioned (change it through SCIM) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MembersController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMemberDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /**
             * @description insufficient_role: a member; or an admin making, changing or removing an owner
             *
             *     problem body (application/problem+json)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description last_owner: the workspace would have no owner left; scim_managed: the membership is SCIM-provisioned (change it through SCIM) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    InvitationsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "accepted" | "revoked" | "replaced";
                /** @description wins over status */
                "filter[status]"?: "pending" | "accepted" | "revoked" | "replaced";
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_status */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    InvitationsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInvitationDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /**
             * @description insufficient_role: a member, or an admin inviting an owner
             *
             *     problem body (application/problem+json)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description already_member */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description redis_unavailable: the mail could not be queued; nothing was created */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    InvitationsController_revoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description invitation_not_pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    InvitationPageController_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the acceptance page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the link is not valid (unknown, used, revoked, replaced or expired) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InvitationPageController_accept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description a new account's password, 12 to 72 characters */
                    password?: string;
                    /** @description the same password again */
                    password_confirmation?: string;
                };
            };
        };
        responses: {
            /** @description the page again: log in first, or the invitation is for another address */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description joined: redirect to /app (with the session cookie for a new account) */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `cross_origin_request`: sent from another site (Sec-Fetch-Site cross-site or same-site, or another Origin than the service's) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the link is not valid (unknown, used, revoked, replaced or expired) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the password form again, with what is wrong with the password */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MembersPageController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the members (and, for owners and admins, the forms and pending invitations) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MembersPageController_invite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the address to invite */
                    email: string;
                    /**
                     * @description the role it will have; owner only by an owner
                     * @enum {string}
                     */
                    role: "owner" | "admin" | "member";
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invited; back to the members page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description the page again: only an owner makes, changes or removes an owner
             *
             *     not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the page again, with why the change was refused (last owner, SCIM, already a member) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MembersPageController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description revoked; back to the members page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the page again, with why the change was refused (last owner, SCIM, already a member) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MembersPageController_changeRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description the new role
                     * @enum {string}
                     */
                    role: "owner" | "admin" | "member";
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description changed; back to the members page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description the page again: only an owner makes, changes or removes an owner
             *
             *     not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the page again, with why the change was refused (last owner, SCIM, already a member) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MembersPageController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description removed; back to the members page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description the page again: only an owner makes, changes or removes an owner
             *
             *     not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the page again, with why the change was refused (last owner, SCIM, already a member) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ApiTokensController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiTokenListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /**
             * @description `person_required`: an API token cannot manage API tokens; `insufficient_role`: a member
             *
             *     problem body (application/problem+json)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApiTokensController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiTokenDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedApiTokenEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /**
             * @description `person_required`: an API token cannot manage API tokens; `insufficient_role`: a member
             *
             *     problem body (application/problem+json)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApiTokensController_revoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /**
             * @description `person_required`: an API token cannot manage API tokens; `insufficient_role`: a member
             *
             *     problem body (application/problem+json)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApiTokensPageController_index: {
        parameters: {
            query?: {
                /** @description after the form that made it: the one view of the new token's secret, for the session that made it, within 10 minutes (ADR 0265); a reload, another session or an expired id shows the page without it */
                shown?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the tokens and the create form; once after a creation, the new token's secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApiTokensPageController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description a label for the token */
                    name: string;
                    /**
                     * @description the role it acts with
                     * @enum {string}
                     */
                    role: "admin" | "member";
                    /** @description ISO 8601 date-time in the future; blank: never expires */
                    expires_at?: string;
                    /** @description CIDRs separated by commas or spaces; blank: any address */
                    allowed_ips?: string;
                };
            };
        };
        responses: {
            /** @description Redis could not hold the new token's secret for the redirect: the new token's secret, shown once in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description done: to the API tokens page, which shows the new token's secret once (`?shown=`) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApiTokensPageController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description revoked; back to the API tokens page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SsoConnectionsController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoConnectionListDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SsoConnectionsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSsoConnectionDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoConnectionEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description domain_taken: a domain belongs to another SSO connection (of any workspace) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed: a bad field; `errors.issuer` when the issuer's discovery document cannot be fetched or names another issuer */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SsoConnectionsController_show: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoConnectionEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SsoConnectionsController_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SsoConnectionsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSsoConnectionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoConnectionEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description domain_taken: a domain belongs to another SSO connection (of any workspace) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed: a bad field; `errors.issuer` when the issuer's discovery document cannot be fetched or names another issuer */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SsoLoginController_form: {
        parameters: {
            query?: {
                /** @description the console page to open after signing in */
                return_to?: string;
                /** @description fills the field in (the log-in form links here with it) */
                email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SsoLoginController_byAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description the work address; only its domain is read */
                    email: string;
                    /** @description the console page to open after signing in */
                    return_to?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description the work address; only its domain is read */
                    email: string;
                    /** @description the console page to open after signing in */
                    return_to?: string;
                };
            };
        };
        responses: {
            /** @description to the identity provider's authorization endpoint */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `cross_origin_request`: sent from another site (Sec-Fetch-Site cross-site or same-site, or another Origin than the service's) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the identity provider could not be reached (HTML) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SsoLoginController_callback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a test sign-in: the report page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description signed in: to return_to or /app, with the session cookie */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description a bad or replayed state, another browser, a provider error, a token failing a check (HTML) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not a member of the workspace, suspended, or an address outside the domains (HTML) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the identity provider could not be reached (HTML) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SsoLoginController_byConnection: {
        parameters: {
            query?: {
                /** @description the console page to open after signing in */
                return_to?: string;
            };
            header?: never;
            path: {
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description to the identity provider's authorization endpoint */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the identity provider could not be reached (HTML) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SsoSettingsPageController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SsoSettingsPageController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the connection name */
                    name: string;
                    /** @description the provider's issuer URL */
                    issuer: string;
                    /** @description the client id */
                    client_id: string;
                    /** @description the client secret (on an edit, blank keeps the current one) */
                    client_secret?: string;
                    /** @description the domains, separated by commas or spaces */
                    domains: string;
                    /** @description `preferred_username`, `upn` or empty */
                    email_claim_fallback?: string;
                    /** @description `member` or `admin` */
                    default_role?: string;
                    /** @description `true` to provision members just in time */
                    jit_provisioning?: string;
                    /** @description `true` to refuse password log-in for members in the domains */
                    enforce?: string;
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description added; back to the page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SsoSettingsPageController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the connection name */
                    name: string;
                    /** @description the provider's issuer URL */
                    issuer: string;
                    /** @description the client id */
                    client_id: string;
                    /** @description the client secret (on an edit, blank keeps the current one) */
                    client_secret?: string;
                    /** @description the domains, separated by commas or spaces */
                    domains: string;
                    /** @description `preferred_username`, `upn` or empty */
                    email_claim_fallback?: string;
                    /** @description `member` or `admin` */
                    default_role?: string;
                    /** @description `true` to provision members just in time */
                    jit_provisioning?: string;
                    /** @description `true` to refuse password log-in for members in the domains */
                    enforce?: string;
                    /** @description `active` or `disabled` */
                    status?: string;
                };
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description saved; back to the page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SsoSettingsPageController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description deleted; back to the page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SsoSettingsPageController_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, unknown>;
            };
        };
        responses: {
            /** @description no session: to /users/log-in?return_to=<this page> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description to the identity provider (302) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not allowed (role or platform admin): an HTML page with a way back; a problem to a client that does not accept HTML */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the reference page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    OpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the OpenAPI document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, unknown>;
                };
            };
        };
    };
    OpenSocket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description switching protocols: the socket is open */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no valid socket token or session: the upgrade is refused */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not an upgrade request */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
