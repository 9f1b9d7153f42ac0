/** Plans (SPEC 2.11): money travels as numbers in reais with two decimals (DESIGN section 9). */
import { planoSchema, type PlanoInput } from '../../domain/schemas/planos';
import { planos } from '../db/schema';
import type { ResourceDefinition } from '../resources/crud';
import { dropColumns } from '../resources/embed';

const INTERNAL = ['busca', 'updatedAt'] as const;
const columns = (input: PlanoInput) => ({ ...input, valor: input.valor.toFixed(2), valoradd: input.valoradd.toFixed(2) });

export const planosResource: ResourceDefinition<PlanoInput> = {
  name: 'planos',
  table: planos,
  access: { read: 'user', write: 'user' },
  searchFields: (p) => [p.name, p.descricao],
  hiddenColumns: [...INTERNAL],
  sortable: {
    id: planos.id,
    name: planos.name,
    descricao: planos.descricao,
    valor: planos.valor,
    valoradd: planos.valoradd,
    limtdispositivos: planos.limtdispositivos,
  },
  present(rows) {
    dropColumns(rows, INTERNAL);
    for (const row of rows) {
      row.valor = Number(row.valor);
      row.valoradd = Number(row.valoradd);
    }
    return rows;
  },
  create: { schema: planoSchema, prepare: (input, ctx) => ({ ...columns(input), idcard: ctx.user.id }) },
  update: { schema: planoSchema, prepare: (input) => columns(input) },
  remove: {},
};
