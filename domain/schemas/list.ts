/** Query of every generic list: DESIGN section 5. */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { MSG, sortFields, valuesAccepted } from '../messages';
import { id, int, text, withoutControlChars } from './common';

export const listQuery = z.object({
  // A search term is cleaned, not refused: control characters become spaces.
  pesquisa: z.preprocess((v) => (typeof v === 'string' ? withoutControlChars(v) : v), text(200)).optional(),
  page: int(MSG.page)
    .pipe(z.number().min(1, { error: MSG.page }))
    .default(1),
  pageSize: int(MSG.pageSize)
    .pipe(z.number().min(1, { error: MSG.pageSize }).max(MAX_PAGE_SIZE, { error: MSG.pageSize }))
    .default(DEFAULT_PAGE_SIZE),
  // Each resource's list replaces it with its own values (`statusFilter`).
  status: z.preprocess((v) => (v === '' ? undefined : v), int(MSG.invalidStatus).optional()),
  order: z
    .preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['asc', 'desc'], { error: MSG.invalidOrder }))
    .optional(),
});
export type ListQuery = z.infer<typeof listQuery> & { sort?: string };

/** A list's `sort`: one of the fields the resource sorts by, never anything else (not even `__proto__`). */
export const sortParam = (fields: readonly string[]) => z.enum(fields as [string, ...string[]], { error: sortFields(fields) }).optional();

/**
 * A list's `status` filter: one of the resource's fixed values (as digits in the query), or none
 * ('' is none). Any other value (-1, 4, 2147483647, 'abc', a repeated key) is a 400 naming them.
 */
export const statusFilter = (values: readonly number[]) => {
  const message = `${MSG.invalidStatus}. ${valuesAccepted(values)}`;
  return z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z.literal(values as [number, ...number[]], { error: message }).optional(),
  );
};

export const idParam = z.object({ id: id() });

/** The body of a route that takes no input: none (null to the validator), or an empty object; anything else is a 400. */
export const semCorpo = z.preprocess((v) => (v === null ? undefined : v), z.object({}, { error: MSG.invalidInput }).strict().optional());
