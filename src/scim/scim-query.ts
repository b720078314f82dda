/** Whether `excludedAttributes` (a comma list, names in any case) leaves out an attribute. */
export function excludes(query: Record<string, unknown>, attribute: string): boolean {
  const raw = query.excludedAttributes;
  if (typeof raw !== 'string') return false;
  return raw.split(',').some((a) => (a.trim().split(':').pop() ?? '').toLowerCase() === attribute.toLowerCase());
}
