/**
 * Search normalization: lower case, no accents, single spaces. The server stores this form of
 * each searchable record in a `busca` column (trigram-indexed) and normalizes the pesquisa term
 * the same way, so "JOSÉ" finds "jose" in PGlite and PostgreSQL alike without `unaccent`.
 */
export function normalizeSearch(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text a record is searched by: its normalized fields, plus bare digits of document fields. */
export function searchText(values: unknown[]): string {
  const parts: string[] = [];
  for (const value of values) {
    const text = normalizeSearch(value);
    if (!text) continue;
    parts.push(text);
    const digits = text.replace(/\D/g, '');
    if (digits && digits !== text) parts.push(digits);
  }
  return parts.join(' ');
}

export const onlyDigits = (value: unknown): string => String(value ?? '').replace(/\D/g, '');
