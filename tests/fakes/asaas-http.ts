/** Asaas' way of answering: errors as `{errors: [{code, description}]}` and the list envelope with bracket date filters. */
import type { ServerResponse } from 'node:http';
import { error, isDate, type AsaasError } from './asaas-model';
import { sendJson, type FakeRequest } from './http';

export const fail = (res: ServerResponse, status: number, ...errors: AsaasError[]) => sendJson(res, status, { errors });
export const notFound = (res: ServerResponse) => fail(res, 404, error('not_found', 'O recurso solicitado não foi encontrado.'));

/** Filters on equal fields and on `field`, `field[ge]`, `field[le]` dates; an error when a date is malformed. */
export function filter<T extends Record<string, unknown>>(
  items: T[],
  query: URLSearchParams,
  equal: string[],
  dates: string[] = [],
): T[] | AsaasError {
  for (const field of dates)
    for (const key of [field, `${field}[ge]`, `${field}[le]`])
      if (query.has(key) && !isDate(query.get(key))) return error(`invalid_${field}`, `A data informada em ${key} é inválida.`);
  return items.filter(
    (item) =>
      equal.every((field) => !query.has(field) || String(item[field]) === query.get(field)) &&
      dates.every((field) => {
        const value = item[field] as string | null;
        const [eq, ge, le] = [query.get(field), query.get(`${field}[ge]`), query.get(`${field}[le]`)];
        if ((eq || ge || le) && !value) return false;
        return (!eq || value === eq) && (!ge || value! >= ge) && (!le || value! <= le);
      }),
  );
}

/** The list envelope; limit 10 by default, 1 to 100. */
export function list(req: FakeRequest, res: ServerResponse, items: unknown[] | AsaasError): void {
  if (!Array.isArray(items)) return fail(res, 400, items);
  const limit = req.query.has('limit') ? Number(req.query.get('limit')) : 10;
  const offset = req.query.has('offset') ? Number(req.query.get('offset')) : 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return fail(res, 400, error('invalid_limit', 'O parâmetro limit deve estar entre 1 e 100.'));
  if (!Number.isInteger(offset) || offset < 0)
    return fail(res, 400, error('invalid_offset', 'O parâmetro offset deve ser maior ou igual a zero.'));
  const data = items.slice(offset, offset + limit);
  sendJson(res, 200, { object: 'list', hasMore: offset + limit < items.length, totalCount: items.length, limit, offset, data });
}
