/** What a charge's and a subscription's bodies share (their forms' transforms): the client, the value, the notes and a typed creation date. */
import type { RaRecord } from 'ra-core';
import { parseMoney } from '../../domain/schemas/money';

export function corpoFinanceiro(data: RaRecord) {
  return {
    id: data.id,
    idcliente: data.idcliente,
    valor: parseMoney(data.valor),
    informacoes: data.informacoes ?? '',
    ...(data.datecreated ? { datecreated: data.datecreated } : {}),
  };
}
