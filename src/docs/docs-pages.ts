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
