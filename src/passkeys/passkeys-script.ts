/**
 * The one script of ours on the passkeys page, served as /assets/passkeys.js (ADR 0252): it asks
 * the JSON route for registration options, lets @simplewebauthn/browser (/assets/webauthn.js,
 * loaded before it) run `navigator.credentials.create()`, puts the answer's JSON in the form's
 * hidden `response` field and submits the form, which the page route verifies. Plain ES2017 for
 * the browser: it is sent as it is written here.
 */
export const PASSKEYS_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('add-passkey');
  var status = document.getElementById('passkey-status');
  var lib = window.SimpleWebAuthnBrowser;
  if (!form || !status) return;
  var button = form.querySelector('button[type=submit]');
  if (!lib || !lib.browserSupportsWebAuthn()) {
    status.textContent = 'This browser cannot create passkeys.';
    return;
  }
  button.disabled = false;
  status.textContent = '';
  form.addEventListener('submit', async function (event) {
    if (form.elements.response.value) return;
    event.preventDefault();
    if (!form.reportValidity()) return;
    button.disabled = true;
    status.textContent = 'Follow your browser\\u2019s prompt to create the passkey.';
    try {
      var res = await fetch(form.dataset.optionsUrl, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: '{}',
      });
      if (res.status === 403 && (await res.clone().json()).detail === 'reauthentication_required') {
        window.location.assign(form.dataset.reauthenticateUrl);
        return;
      }
      if (!res.ok) throw new Error('the server answered ' + res.status);
      var answer = await lib.startRegistration({ optionsJSON: await res.json() });
      form.elements.response.value = JSON.stringify(answer);
      form.submit();
    } catch (err) {
      status.textContent = 'No passkey was added: ' + ((err && err.message) || String(err));
      button.disabled = false;
    }
  });
})();
`;

/**
 * The script of the log-in's second step when the account has a passkey (/assets/passkey-login.js):
 * it asks `GET /users/log-in/mfa/options` (the pending log-in's cookie goes with it), lets
 * @simplewebauthn/browser run `navigator.credentials.get()`, puts the assertion's JSON in the
 * form's hidden `webauthn_response` field and submits the form to `POST /users/log-in/mfa`.
 */
export const PASSKEY_LOGIN_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('passkey-login');
  var status = document.getElementById('passkey-login-status');
  var lib = window.SimpleWebAuthnBrowser;
  if (!form || !status) return;
  var button = form.querySelector('button[type=submit]');
  if (!lib || !lib.browserSupportsWebAuthn()) {
    status.textContent = 'This browser cannot use passkeys: enter a code instead.';
    return;
  }
  button.disabled = false;
  status.textContent = '';
  form.addEventListener('submit', async function (event) {
    if (form.elements.webauthn_response.value) return;
    event.preventDefault();
    button.disabled = true;
    status.textContent = 'Follow your browser\\u2019s prompt to use your passkey.';
    try {
      var res = await fetch(form.dataset.optionsUrl, { credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error('the server answered ' + res.status);
      var answer = await lib.startAuthentication({ optionsJSON: await res.json() });
      form.elements.webauthn_response.value = JSON.stringify(answer);
      form.submit();
    } catch (err) {
      status.textContent = 'The passkey was not used: ' + ((err && err.message) || String(err));
      button.disabled = false;
    }
  });
})();
`;
