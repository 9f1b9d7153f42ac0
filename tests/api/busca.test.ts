/**
 * The top bar's search, `GET /v1/busca` (DESIGN 10, "One page per client, one search box"): every
 * kind by its own numbers, with or without punctuation and accents, at most 5 per kind, within the
 * caller's roles.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { appToday } from '../../server/regras/clock';
import { backends, Client, newUser, useInstalledApp } from '../support/app';
import { newChip, newCliente, newEmpresa, newOrdem, newPlano, newTracker, newVeiculo, placa } from '../support/registry';

const cpfMask = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
const cnpjMask = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe.each(backends)('GET /v1/busca (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const busca = async (q: string, client: Client = env.admin) => {
    const reply = await client.get(`/v1/busca?q=${encodeURIComponent(q)}`);
    expect(reply.status).toBe(200);
    return reply.body;
  };

  it('finds each kind by its own numbers, with or without punctuation and accents', async () => {
    const pessoa = (await env.admin.post('/v1/clientes', newCliente({ name: 'José Ávila Conceição', mobilePhone: '(21) 99876-5432' })))
      .body;
    const empresa = (await env.admin.post('/v1/clientes', newEmpresa({ razaosocial: 'Logística Ibérica Ltda' }))).body;
    await env.admin.post('/v1/clientes', newCliente({ name: 'Outra Pessoa Qualquer' }));

    for (const q of [pessoa.cpf, cpfMask(pessoa.cpf), 'jose avila', 'JOSÉ ÁVILA', '(21) 99876-5432', '21998765432']) {
      expect(ids((await busca(q)).clientes), q).toEqual([pessoa.id]);
    }
    for (const q of [empresa.cnpj, cnpjMask(empresa.cnpj), 'logistica iberica']) {
      expect(ids((await busca(q)).clientes), q).toEqual([empresa.id]);
    }
    const found = (await busca(cpfMask(pessoa.cpf))).clientes[0];
    expect(found).toMatchObject({ id: pessoa.id, nome: 'José Ávila Conceição', documento: pessoa.cpf, status: 0, revisao: false });

    const velha = placa(true);
    const mercosul = placa();
    const carro = (await env.admin.post('/v1/veiculos', newVeiculo(pessoa.id, { placa: velha }))).body;
    const moto = (await env.admin.post('/v1/veiculos', newVeiculo(empresa.id, { placa: mercosul }))).body;
    for (const q of [velha, `${velha.slice(0, 3)}-${velha.slice(3)}`, velha.toLowerCase(), carro.renavan, carro.chassi]) {
      expect(ids((await busca(q)).veiculos), q).toEqual([carro.id]);
    }
    for (const q of [mercosul, `${mercosul.slice(0, 3)}-${mercosul.slice(3)}`])
      expect(ids((await busca(q)).veiculos), q).toEqual([moto.id]);
    expect((await busca(velha)).veiculos[0].cliente).toEqual({ id: pessoa.id, nome: 'José Ávila Conceição' });

    const tracker = (await env.admin.post('/v1/trackres', newTracker())).body;
    const chip = (await env.admin.post('/v1/chips', newChip({ phone: '11912345678' }))).body;
    expect(ids((await busca(tracker.imei)).trackres)).toEqual([tracker.id]);
    expect(ids((await busca(chip.iccid)).chips)).toEqual([chip.id]);
    for (const q of ['(11) 91234-5678', '11912345678']) expect(ids((await busca(q)).chips), q).toEqual([chip.id]);

    const cobranca = (
      await env.admin.post('/v1/cobrancas', { idcliente: pessoa.id, descricao: 'Mensalidade', valor: 50, duedate: addDays(appToday(), 3) })
    ).body;
    const plano = (await env.admin.post('/v1/planos', newPlano())).body;
    const contrato = (await env.admin.post('/v1/contratos', { idcliente: pessoa.id, idplano: plano.id })).body;
    const ordem = (
      await env.admin.post('/v1/ordensservicos', newOrdem({ idcliente: pessoa.id, idveiculo: carro.id, iddevice: tracker.id }))
    ).body;
    // A number finds the record so numbered first, whatever else holds those digits.
    for (const [kind, record] of [
      ['cobrancas', cobranca],
      ['contratos', contrato],
      ['ordensservicos', ordem],
    ] as const) {
      const reply = await busca(String(record.id));
      expect(reply[kind][0].id, kind).toBe(record.id);
      expect((await busca(`#${record.id}`))[kind][0].id, kind).toBe(record.id);
    }
    // The client's name finds its charges, contracts and orders too, each naming the client.
    const byName = await busca('jose avila conceicao');
    expect(ids(byName.cobrancas)).toEqual([cobranca.id]);
    expect(ids(byName.contratos)).toEqual([contrato.id]);
    expect(ids(byName.ordensservicos)).toEqual([ordem.id]);
    expect(byName.cobrancas[0].cliente).toEqual({ id: pessoa.id, nome: 'José Ávila Conceição' });
    // A number alone finds them by their number only (the document finds the client).
    const byCpf = await busca(pessoa.cpf);
    expect([byCpf.cobrancas, byCpf.contratos, byCpf.ordensservicos]).toEqual([[], [], []]);
  });

  it('answers at most 5 per kind, newest first, and nothing for a text too short to search', async () => {
    const created = [];
    for (let i = 0; i < 7; i++) created.push((await env.admin.post('/v1/clientes', newCliente({ name: `Zuleica Repetida ${i}` }))).body.id);
    const reply = await busca('zuleica');
    expect(ids(reply.clientes)).toEqual(created.reverse().slice(0, 5));
    const short = await busca('zu');
    expect(short.clientes).toEqual([]);
    expect((await busca('')).clientes).toEqual([]);
  });

  it('follows the roles: a Usuario never sees users, an administrator does', async () => {
    const user = newUser({ name: 'Usuário Xenofonte' });
    expect((await env.admin.post('/v1/users', user)).status).toBe(201);
    expect(ids((await busca('xenofonte')).users)).toHaveLength(1);
    const usuario = new Client(env.t.app);
    expect((await usuario.login(user.login, user.password)).status).toBe(200);
    const reply = await busca('xenofonte', usuario);
    expect(reply).not.toHaveProperty('users');
    expect(Object.keys(reply).sort()).toEqual(['chips', 'clientes', 'cobrancas', 'contratos', 'ordensservicos', 'trackres', 'veiculos']);
    expect((await new Client(env.t.app).get('/v1/busca?q=jose')).status).toBe(401);
  });
});
