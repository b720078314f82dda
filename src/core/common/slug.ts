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

/** The n-th candidate for a unique slug: the base, then base-<4 random chars>. */
export function slugCandidate(base: string, attempt: number): string {
  return attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex').slice(0, 4)}`;
}
