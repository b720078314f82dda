/**
 * Whether `text` matches the glob `pattern` as a whole: `*` matches any run of characters (none
 * included, `.` and `:` too), `?` exactly one character, anything else itself (case-sensitive).
 * Greedy with one backtrack point, so it runs in O(pattern × text) at worst: no regular
 * expression, and no pattern an operator writes can make a check slow.
 */
export function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
