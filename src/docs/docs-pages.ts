import { html, SafeHtml } from '../core/pages/html';
import { layout } from '../core/pages/layout';
import type { ProblemDoc } from './problem-docs';

export function problemPage(doc: ProblemDoc, typeUrl: string): SafeHtml {
  return layout(
    { title: doc.title },
    html`<section class="panel" aria-labelledby="problem-title">
  <h1 id="problem-title">${doc.title} <small>(${doc.status})</small></h1>
  <p><code>type: ${typeUrl}</code></p>
  <h2>What it means</h2><p id="meaning">${doc.meaning}</p>
  <h2>What to do</h2><p id="action">${doc.action}</p>
  <p>Every problem body also carries <code>detail</code>, the machine-readable reason, and responses carry
  <code>x-request-id</code> to quote when asking for help.</p>
  <p><a href="/problems">All problem types</a> · <a href="/api/docs">API reference</a></p>
</section>`,
  );
}

export function problemIndexPage(docs: [string, ProblemDoc][]): SafeHtml {
  return layout(
    { title: 'Problem types' },
    html`<section class="panel" aria-labelledby="problems-title">
  <h1 id="problems-title">Problem types</h1>
  <p>Errors are RFC 9457 problem bodies whose <code>type</code> links here.</p>
  <table><thead><tr><th scope="col">Status</th><th scope="col">Type</th></tr></thead><tbody>
  ${docs.map(([slug, d]) => html`<tr><td>${d.status}</td><td><a href="/problems/${slug}">${d.title}</a> <code>${slug}</code></td></tr>`)}
  </tbody></table>
  <p><a href="/api/docs">API reference</a></p>
</section>`,
  );
}

/** The site root in a browser (issue 57): what the service is, and the ways in. */
export function landingPage(): SafeHtml {
  return layout(
    { title: 'Identity for robot fleets and service agents' },
    html`<section class="panel" aria-labelledby="landing-title">
  <h1 id="landing-title">Agent Network</h1>
  <p id="what-it-is">Machine identity and operator access for fleets of robots and service agents, in one multi-tenant service:</p>
  <ul>
    <li>Robots enroll with one-time or fleet enrollment tokens and rotate their own credentials.</li>
    <li>Backend integrations exchange API keys for short-lived access tokens, scoped and optionally bound to IP ranges.</li>
    <li>Live sockets carry commands and events; webhooks, traces and a tamper-evident audit log show what happened.</li>
    <li>Operators work as a team, with roles, second factors, passkeys, single sign-on, SCIM provisioning and API tokens for automation.</li>
  </ul>
  <p><a class="button" href="/users/register" id="landing-sign-up">Sign up</a><a class="button" href="/users/log-in" id="landing-log-in">Log in</a></p>
</section>
<section class="panel" aria-labelledby="landing-docs">
  <h2 id="landing-docs">Documentation</h2>
  <ul>
    <li><a href="/api/docs">API reference</a> (<a href="/api/docs-json">OpenAPI document</a>, <a href="/api/asyncapi.json">AsyncAPI document</a> of the socket)</li>
    <li><a href="/problems">Problem types</a>: every error the API answers, and what to do about it</li>
  </ul>
</section>`,
  );
}
