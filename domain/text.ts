/** A phone's area code in parentheses, joined to its number: `(21) 99876` → `2199876`. */
const AREA_CODE = /\((\d{2})\)\s*(?=\d)/g;
/** A word of digits (and letters) with the punctuation of documents, phones and plates. */
const DOCUMENT_WORD = /^(?=.*\d)[a-z0-9./()-]+$/;
const DOCUMENT_PUNCTUATION = /[./()-]/g;

/**
 * Search normalization: lower case, no accents, single spaces, and the punctuation of documents,
 * phones and plates left out (`529.982.247-25` → `52998224725`, `ABC-1234` → `abc1234`,
 * `(21) 99876-5432` → `21998765432`): a word that holds a digit and only letters, digits and
 * `. - / ( )` loses those marks. The server stores this form of each searchable record in a
 * `busca` column (trigram-indexed) and normalizes the pesquisa term the same way, so "JOSÉ" finds
 * "jose" and a formatted CPF finds its digits, in PGlite and PostgreSQL alike without `unaccent`.
 * Migration 0009 applies the same rule in SQL to the rows stored before it.
 */
export function normalizeSearch(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(AREA_CODE, '$1')
    .split(' ')
    .map((word) => (DOCUMENT_WORD.test(word) ? word.replace(DOCUMENT_PUNCTUATION, '') : word))
    .join(' ');
}

/** The text a record is searched by (its `busca` column): its fields normalized, blanks left out. */
export function searchText(values: readonly unknown[]): string {
  return values
    .map((value) => normalizeSearch(value))
    .filter(Boolean)
    .join(' ');
}

export const onlyDigits = (value: unknown): string => String(value ?? '').replace(/\D/g, '');
