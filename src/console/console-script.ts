/**
 * The console's script, served as /assets/console.js to every page with the console frame
 * (CONSOLE_SCRIPT_PATH): it puts the reader's local time in the title of each `<time>` (shown on
 * hover; the text stays UTC), and a Copy button beside each `[data-copy]` value. Pages work
 * without it. Plain ES2017 for the browser: it is sent as it is written here.
 */
export const CONSOLE_SCRIPT = `'use strict';
(function () {
  var times = document.querySelectorAll('time[datetime]');
  for (var i = 0; i < times.length; i++) {
    var at = new Date(times[i].getAttribute('datetime'));
    if (!isNaN(at.getTime())) times[i].title = at.toLocaleString(undefined, { timeZoneName: 'short' }) + ' (your time)';
  }
  if (!navigator.clipboard) return;
  var values = document.querySelectorAll('[data-copy]');
  values.forEach(function (value) {
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = 'Copy';
    if (value.id) button.id = value.id + '-copy';
    button.addEventListener('click', function () {
      navigator.clipboard.writeText(value.textContent.trim()).then(
        function () { button.textContent = 'Copied'; },
        function () { button.textContent = 'Copy failed'; }
      );
    });
    value.insertAdjacentElement('afterend', button);
  });
})();
`;
