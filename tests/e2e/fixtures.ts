/**
 * People and records several end-to-end files set up alike: the first administrator, the técnico,
 * and a técnico's order for today made through the API.
 */
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { todayIn } from '../../domain/calendar';

/** Today in São Paulo, read when needed, not when the file loads: a run across midnight must see the new day. */
export const hoje = () => todayIn('America/Sao_Paulo');

/** The administrator /install creates. */
export const ADMIN = { name: 'Ana Administradora', email: 'ana@rastreio.test', password: 'senha-forte-1' };

/** A user with acesso Técnico (3): the only kind an order is assigned to (DESIGN 11). */
export const TECNICO = {
  name: 'Tiago Técnico',
  email: 'tiago@rastreio.test',
  login: 'tiago',
  password: 'senha123',
  cpf: generateCPF(),
  acesso: 3,
};

type Api = (method: string, url: string, data?: unknown) => Promise<{ id: number }>;
type Veiculo = { marca: string; modelo: string; ano: string; placa: string; renavan: string; chassi: string };

/**
 * Through `api` (the administrator's): `tecnico`, `cliente` with a car (`veiculo`) and a Suntech
 * tracker (`imei`), and an order for them scheduled today at `horario`, assigned to the técnico.
 * Returns the order's id.
 */
export async function ordemDeHoje(
  api: Api,
  tecnico: object,
  cliente: object,
  { veiculo, imei, descricao, horario }: { veiculo: Veiculo; imei: string; descricao: string; horario: string },
) {
  const { id: idtecnico } = await api('POST', '/v1/users', tecnico);
  const { id: idcliente } = await api('POST', '/v1/clientes', cliente);
  const { id: idveiculo } = await api('POST', '/v1/veiculos', { idcliente, category: 'car', ...veiculo });
  const { id: iddevice } = await api('POST', '/v1/trackres', { imei, modelo: 'ST310U', marca: 'Suntech' });
  const agendamento = hoje();
  const ordem = await api('POST', '/v1/ordensservicos', { idcliente, idveiculo, iddevice, idtecnico, descricao, agendamento, horario });
  return ordem.id;
}
