#!/usr/bin/env bash
# Recomputes the hash chain of an audit log export (docs/audit.md) with jq and sha256sum only.
# Usage: audit-verify.sh [FIRST_PREV_HASH] < export.ndjson
# Prints "OK <hash of the last event>", or the id of the first event whose link or hash does not
# hold (exit 1). FIRST_PREV_HASH is what the first event must follow: 64 zeros for a whole chain
# never pruned; without it the chain is checked from the first event's own prev_hash.
set -euo pipefail
expect="${1:-}" unsealed="" del="$(printf '\177')"
# Per event two lines: "id hash prev_hash", then its canonical JSON (keys sorted, no whitespace,
# without hash and prev_hash). jq writes DEL as \u007f where the service writes the character
# itself: sed puts it back where its backslash is not itself escaped. A line that is not an
# object is named by its number.
while read -r id hash link && IFS= read -r canon; do
  if [ "$hash" = - ]; then unsealed="${unsealed:-$id}"; continue; fi # not sealed yet (10 s at most)
  if [ -n "$unsealed" ]; then echo "$unsealed"; exit 1; fi           # sealed events after a gap
  expect="${expect:-$link}" sum="$(printf '%s%s' "$link" "$canon" | sha256sum)"
  if [ "$link" != "$expect" ] || [ "${sum%% *}" != "$hash" ]; then echo "$id"; exit 1; fi
  expect="$hash"
done < <(jq -rcRS '(fromjson? | objects) // {id: "line:\(input_line_number)", hash: "unreadable"}
  | "\(.id) \(.hash // "-") \(.prev_hash // "-")", del(.hash, .prev_hash)' |
  sed -E ":a;s/((^|[^\\\\])(\\\\\\\\)*)\\\\u007f/\\1$del/;ta")
wait $! # jq or sed failing (jq missing, say) is no OK
echo "OK ${expect:-none}"
