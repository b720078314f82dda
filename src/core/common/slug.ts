import { randomBytes } from 'node:crypto';

/** "Fleet Ops — EU" -> "fleet-ops-eu"; empty results fall back to `fallback`. */
export function slugify(name: string, fallback: string, maxLength = 48): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug.length > 0 ? slug : fallback;
}

/**
 * The slugs a row with this id may take, best first: the base, the base with the id's first 4
 * characters, the base with the whole id. The last is unique by construction (the id is), so
 * taking the first free one never runs out, whatever the number of rows sharing the base.
 */
export function slugCandidatesFor(base: string, id: string): [string, string, string] {
  return [base, `${base}-${id.slice(0, 4)}`, `${base}-${id}`];
}

/** The n-th candidate for a unique slug: the base, then base-<4 random chars>. */
export function slugCandidate(base: string, attempt: number): string {
  return attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex').slice(0, 4)}`;
}
