import { ASSINATURA_STATUS, CYCLES } from '../../../domain/financeiro';

/** The filter's order (SPEC 2.13): Ativa, Vencida, Bloqueada; one meaning everywhere (DESIGN 4). */
export const statusChoices = [
  { id: ASSINATURA_STATUS.ATIVA, name: 'app.assinaturas.status.0' },
  { id: ASSINATURA_STATUS.VENCIDA, name: 'app.assinaturas.status.2' },
  { id: ASSINATURA_STATUS.BLOQUEADA, name: 'app.assinaturas.status.1' },
];

/** Stored as the gateway names them, shown in Portuguese. */
export const cycleChoices = CYCLES.map((id) => ({ id, name: `app.assinaturas.cycles.${id}` }));
