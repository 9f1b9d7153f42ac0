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

/** The text a record is searched by (its `busca` column): its fields normalized, blanks left out. */
export function searchText(values: readonly unknown[]): string {
  return values
    .map((value) => normalizeSearch(value))
    .filter(Boolean)
    .join(' ');
}

export const onlyDigits = (value: unknown): string => String(value ?? '').replace(/\D/g, '');
