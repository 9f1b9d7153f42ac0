/** Query of every generic list: DESIGN section 5. */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { MSG } from '../messages';
import { int, text } from './common';

export const listQuery = z.object({
  pesquisa: text(200).optional(),
  page: int(MSG.page)
    .pipe(z.number().min(1, { error: MSG.page }))
    .default(1),
  pageSize: int(MSG.pageSize)
    .pipe(z.number().min(1, { error: MSG.pageSize }).max(MAX_PAGE_SIZE, { error: MSG.pageSize }))
    .default(DEFAULT_PAGE_SIZE),
  status: z.preprocess((v) => (v === '' ? undefined : v), int('Status inválido').optional()),
  sort: text(40).optional(),
  order: z
    .preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['asc', 'desc'], { error: 'Use asc ou desc' }))
    .optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const listMeta = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalItens: z.number(),
  totalPaginas: z.number(),
});

export const idParam = z.object({ id: int('Identificador inválido').pipe(z.number().min(1, { error: 'Identificador inválido' })) });
