/** Plans (SPEC 2.11): money travels as numbers in reais with two decimals (DESIGN section 9). */
import { planoSchema, type PlanoInput } from '../../domain/schemas/planos';
import { planos } from '../db/schema';
import { defineResource, STAFF_ACCESS } from './definition';

const columns = (input: PlanoInput) => ({ ...input, valor: input.valor.toFixed(2), valoradd: input.valoradd.toFixed(2) });

export const planosResource = defineResource({
  name: 'planos',
  table: planos,
  access: STAFF_ACCESS,
  searchFields: (p) => [p.name, p.descricao],
  hiddenColumns: ['updatedAt'],
  sortable: {
    id: planos.id,
    name: planos.name,
    descricao: planos.descricao,
    valor: planos.valor,
    valoradd: planos.valoradd,
    limtdispositivos: planos.limtdispositivos,
  },
  present(items) {
    for (const item of items) {
      item.valor = Number(item.valor);
      item.valoradd = Number(item.valoradd);
    }
  },
  create: { schema: planoSchema, prepare: (input: PlanoInput) => columns(input) },
  update: { schema: planoSchema, prepare: (input: PlanoInput) => columns(input) },
  remove: {},
});
