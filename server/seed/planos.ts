/** Demo plans: the catalogue of brasil.ts, numbered once it runs out. */
import type { Db } from '../db/client';
import { planos } from '../db/schema';
import { buscaOf } from '../resources/records';
import { planosResource } from '../resources/registry';
import { PLANOS } from './brasil';

export async function seedPlanos(db: Db, count: number, idcard: number) {
  if (!count) return;
  const rows = Array.from({ length: count }, (_, i) => {
    const plano = PLANOS[i % PLANOS.length];
    const round = Math.floor(i / PLANOS.length);
    const values = {
      ...plano,
      name: round ? `${plano.name} ${round + 1}` : plano.name,
      idcard,
      informacoes: `Instalação inclusa. Fidelidade de 12 meses.${plano.limtdispositivos > 1 ? ` Dispositivo adicional: R$ ${plano.valoradd.replace('.', ',')} por mês.` : ''}`,
    };
    return { ...values, busca: buscaOf(planosResource, values) };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(planos).values(rows.slice(i, i + 1000));
}
