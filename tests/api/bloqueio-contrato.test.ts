/**
 * The block per contract (DESIGN 11, issue 33 item 4) against the Traccar fake: a client with two
 * contracts, one overdue, loses only that contract's devices from its Traccar user (the devices are
 * never disabled nor expired), gets them back on payment, one permission call per device; the
 * client shows a partial block (`bloqueio`, the list filter), and is Bloqueado only when every
 * contract is; staff block and lift a contract by hand, audited, 409 when there is nothing to do.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatNumero } from '../../domain/formatters';
import { runBilling } from '../../server/cobrancas/faturamento';
import { backends } from '../support/app';
import { clienteEPlano, newAssinatura, newCliente, newPlano, newTracker, newVeiculo } from '../support/registry';
import { useTraccarFake } from '../support/traccar';
import { waitFor } from '../support/wait';
import { useInstalledApp } from '../support/app';

describe.each(backends)('block per contract (%s)', (backend) => {
  const env = useInstalledApp(backend, { workers: { pollingIntervalSeconds: 0.5 } });
  const traccar = useTraccarFake();

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const run = (today: string) => runBilling(env.t.database.db, { today, effects: env.t.app.effects });
  const userOf = (login: string) => [...traccar.fake.users.values()].find((user) => user.email === login);
  const links = (userId: number, deviceId: number) =>
    traccar.fake.permissions.filter((p) => p.userId === userId && p.deviceId === deviceId).length;
  /** The calls since `from`, in device order: the queue's jobs for one contract run side by side. */
  const callsSince = (from: number) => traccar.fake.permissionCalls.slice(from).sort((x, y) => x.deviceId - y.deviceId);
  const eachDevice = (method: 'DELETE' | 'POST', devices: number[]) =>
    [...devices].sort((x, y) => x - y).map((deviceId) => ({ method, userId, deviceId }));
  const callsOf = (deviceId: number) =>
    traccar.fake.permissionCalls.filter((c) => c.deviceId === deviceId && c.userId !== traccar.fake.userId);
  const deviceOf = async (trackerId: number) =>
    (await rows<{ id: number | null }>(sql`SELECT traccar_id AS id FROM trackres WHERE id = ${trackerId}`))[0]?.id ?? null;
  /** No job of the block queue left to run. */
  const settled = () =>
    waitFor(
      async () =>
        (
          await rows<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'traccar-bloqueio' AND state IN ('created', 'retry', 'active')`,
          )
        )[0].n === 0,
    );

  let cliente: { id: number };
  let login: string;
  let userId: number;
  const contratos: { id: number; assinatura: number; veiculos: number[]; devices: number[] }[] = [];

  it('a client with two contracts, one overdue: only its devices leave the client’s user; payment brings them back', async () => {
    expect(
      (
        await env.admin.put('/v1/users/1', {
          integrations: {
            traccar: { server: traccar.fake.url, userId: String(traccar.fake.userId), token: traccar.fake.token, status: 1 },
          },
        })
      ).status,
    ).toBe(200);
    login = `frota.${Date.now()}`;
    const made = await clienteEPlano(env.admin, newCliente({ login, password: 'senha-app-1' }), newPlano({ valor: 50 }));
    cliente = made.cliente;
    for (let k = 0; k < 2; k++) {
      const contrato = (await env.admin.post('/v1/contratos', { idcliente: cliente.id, idplano: made.plano.id })).body;
      const entry = { id: contrato.id, assinatura: 0, veiculos: [] as number[], devices: [] as number[] };
      for (let v = 0; v < 2; v++) {
        const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
        const tracker = (await env.admin.post('/v1/trackres', newTracker({ idveiculo: veiculo.id }))).body;
        expect(
          (
            await env.admin.post(`/v1/contratos/${contrato.id}/itens`, {
              idveiculo: veiculo.id,
              descricao: 'Rastreador',
              inicio: '2031-01-01',
            })
          ).status,
        ).toBe(201);
        await waitFor(async () => (await deviceOf(tracker.id)) !== null);
        // The fleet lists the trackers it has a state for.
        await env.t.database.db.execute(sql`INSERT INTO frota_estado (idrastreador) VALUES (${tracker.id}) ON CONFLICT DO NOTHING`);
        entry.veiculos.push(veiculo.id);
        entry.devices.push((await deviceOf(tracker.id))!);
      }
      entry.assinatura = (
        await env.admin.post(
          '/v1/assinaturas',
          newAssinatura(cliente.id, { nextduedate: '2031-03-01', idcontrato: contrato.id, description: `Contrato ${k}` }),
        )
      ).body.id;
      contratos.push(entry);
    }
    const all = contratos.flatMap((c) => c.devices);
    await waitFor(() => Boolean(userOf(login)) && all.every((d) => links(userOf(login)!.id, d) === 1));
    userId = userOf(login)!.id;
    const callsBefore = traccar.fake.permissionCalls.length;

    await run('2031-02-25');
    const charges = (
      await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}&dataInicio=2031-01-01&dataFim=2031-12-31&sort=id&order=ASC`)
    ).body.Items;
    expect(charges).toHaveLength(2);
    const chargeOf = (k: number) => charges.find((c: any) => c.idassinatura === contratos[k].assinatura);
    // Contract 1's charge is paid; contract 0's is 14 days overdue on 2031-03-15 (bloqueio: 5 days).
    const pay = async (id: number) =>
      env.admin.put(`/v1/cobrancas/${id}`, { ...(await env.admin.get(`/v1/cobrancas/${id}`)).body, status: 1 });
    expect((await pay(chargeOf(1).id)).status).toBe(200);
    const counts = await run('2031-03-15');
    expect(counts).toMatchObject({ contratosBloqueados: 1, clientesVencidos: 1, clientesBloqueados: 0 });
    await settled();

    const [a, b] = contratos;
    for (const d of a.devices) expect(links(userId, d)).toBe(0);
    for (const d of b.devices) expect(links(userId, d)).toBe(1);
    // The company's own user keeps every device; no device was disabled nor given an expiration.
    for (const d of all) expect(links(traccar.fake.userId, d)).toBe(1);
    for (const d of all) expect(traccar.fake.devices.get(d)).toMatchObject({ disabled: false, expirationTime: null });
    expect(traccar.fake.deviceBlocks).toEqual([]);
    // One call per device changed.
    expect(callsSince(callsBefore)).toEqual(eachDevice('DELETE', a.devices));

    // The reads: the client partly blocked (Vencido, not Bloqueado), the contract, its items, the vehicles, the fleet.
    const lido = (await env.admin.get(`/v1/clientes/${cliente.id}`)).body;
    expect(lido.status).toBe(2);
    expect(lido.bloqueio).toEqual({ situacao: 'parcial', veiculos: 2, total: 4 });
    const contratoA = (await env.admin.get(`/v1/contratos/${a.id}`)).body;
    expect(contratoA.bloqueio).toBe('faturamento');
    expect(contratoA.itens.map((i: any) => i.bloqueado)).toEqual([true, true]);
    expect(contratoA.bloqueioOverride).toBeUndefined();
    expect((await env.admin.get(`/v1/contratos/${b.id}`)).body.bloqueio).toBeNull();
    const veiculos = (await env.admin.get(`/v1/veiculos?idcliente=${cliente.id}`)).body.Items;
    expect(Object.fromEntries(veiculos.map((v: any) => [v.id, v.bloqueado]))).toEqual({
      [a.veiculos[0]]: true,
      [a.veiculos[1]]: true,
      [b.veiculos[0]]: false,
      [b.veiculos[1]]: false,
    });
    const frota = (await env.admin.get(`/v1/frota?idcliente=${cliente.id}`)).body.Items;
    expect(
      frota
        .filter((r: any) => r.bloqueado)
        .map((r: any) => r.idveiculo)
        .sort(),
    ).toEqual([...a.veiculos].sort());
    const resumo = (await env.admin.get(`/v1/clientes/${cliente.id}/resumo`)).body;
    expect(resumo.cliente.bloqueio.situacao).toBe('parcial');
    expect(resumo.veiculos.items.filter((v: any) => v.bloqueado)).toHaveLength(2);
    expect(resumo.contratos.items.find((c: any) => c.id === a.id).bloqueio).toBe('faturamento');

    // The list filter.
    const ids = async (q: string) => (await env.admin.get(`/v1/clientes?bloqueio=${q}&pageSize=100`)).body.Items.map((c: any) => c.id);
    expect(await ids('parcial')).toContain(cliente.id);
    expect(await ids('total')).not.toContain(cliente.id);
    expect(await ids('nenhum')).not.toContain(cliente.id);
    const wrong = await env.admin.get('/v1/clientes?bloqueio=metade');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.bloqueio).toBe('Bloqueio: nenhum, parcial ou total');

    // Audited by the system.
    const [entry] = await rows<{ usuario: string; descricao: string }>(
      sql`SELECT usuario, descricao FROM auditoria WHERE acao = 'bloqueio' AND idcliente = ${cliente.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(entry.usuario).toBe('Sistema');
    expect(entry.descricao).toMatch(/^Contrato .* bloqueado pelo faturamento .*2 veículos/);

    // The payment: the devices come back (once each), the client is Ativo, nothing blocked.
    const callsPaid = traccar.fake.permissionCalls.length;
    expect((await pay(chargeOf(0).id)).status).toBe(200);
    await settled();
    for (const d of all) expect(links(userId, d)).toBe(1);
    expect(callsSince(callsPaid)).toEqual(eachDevice('POST', a.devices));
    const depois = (await env.admin.get(`/v1/clientes/${cliente.id}`)).body;
    expect(depois.status).toBe(0);
    expect(depois.bloqueio).toEqual({ situacao: 'nenhum', veiculos: 0, total: 4 });
    expect(await ids('nenhum')).toContain(cliente.id);
    expect(
      (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM auditoria WHERE acao = 'desbloqueio' AND idcliente = ${cliente.id}`))[0]
        .n,
    ).toBe(1);
    expect(traccar.fake.deviceBlocks).toEqual([]);
  });

  it('staff block and lift a contract by hand: audited, 409 when there is nothing to do, 404 for none', async () => {
    const [a] = contratos;
    const bloquear = await env.admin.post(`/v1/contratos/${a.id}/bloquear`, {});
    expect(bloquear.status).toBe(200);
    expect(bloquear.body).toMatchObject({ id: a.id, bloqueio: 'manual', veiculos: 2 });
    await settled();
    for (const d of a.devices) expect(links(userId, d)).toBe(0);
    const again = await env.admin.post(`/v1/contratos/${a.id}/bloquear`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Este contrato já está bloqueado');
    // Billing never lifts a manual block.
    await run('2031-03-20');
    expect((await env.admin.get(`/v1/contratos/${a.id}`)).body.bloqueio).toBe('manual');

    const desbloquear = await env.admin.post(`/v1/contratos/${a.id}/desbloquear`);
    expect(desbloquear.status).toBe(200);
    expect(desbloquear.body).toMatchObject({ bloqueio: null, veiculos: 0 });
    await settled();
    for (const d of a.devices) expect(links(userId, d)).toBe(1);
    const none = await env.admin.post(`/v1/contratos/${a.id}/desbloquear`);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Este contrato não está bloqueado');
    expect((await env.admin.post('/v1/contratos/99999999/bloquear')).status).toBe(404);
    expect((await env.admin.post(`/v1/contratos/${a.id}/bloquear`, { motivo: 'x' })).status).toBe(400);

    const audits = await rows<{ acao: string; usuario: string; descricao: string }>(
      sql`SELECT acao, usuario, descricao FROM auditoria WHERE idcliente = ${cliente.id} AND usuario <> 'Sistema' AND acao IN ('bloqueio', 'desbloqueio') ORDER BY id`,
    );
    expect(audits.map((e) => [e.acao, e.descricao.replace(/ \(.*/, '')])).toEqual([
      ['bloqueio', `Contrato ${formatNumero(a.id)} bloqueado pela equipe`],
      ['desbloqueio', `Contrato ${formatNumero(a.id)} desbloqueado pela equipe`],
    ]);
    expect(traccar.fake.deviceBlocks).toEqual([]);
    for (const d of a.devices) expect(callsOf(d).filter((c) => c.method === 'POST').length).toBeGreaterThanOrEqual(1);
  });

  it('every contract overdue: the client is Bloqueado (total) as in section 7; paid, everything comes back', async () => {
    // The next period's charges (due 2031-04-01), both unpaid on 2031-04-10.
    await run('2031-03-27');
    const counts = await run('2031-04-10');
    expect(counts).toMatchObject({ contratosBloqueados: 2, clientesBloqueados: 1 });
    await settled();
    const lido = (await env.admin.get(`/v1/clientes/${cliente.id}`)).body;
    expect(lido.status).toBe(1);
    expect(lido.bloqueio).toEqual({ situacao: 'total', veiculos: 4, total: 4 });
    expect((await env.admin.get(`/v1/clientes?bloqueio=total&pageSize=100`)).body.Items.map((c: any) => c.id)).toContain(cliente.id);
    await waitFor(() => userOf(login)?.disabled === true);
    for (const d of contratos.flatMap((c) => c.devices)) expect(links(userId, d)).toBe(0);

    const open = (await env.admin.get(`/v1/cobrancas?idcliente=${cliente.id}&status=2&dataInicio=2031-01-01&dataFim=2031-12-31`)).body
      .Items;
    for (const charge of open)
      await env.admin.put(`/v1/cobrancas/${charge.id}`, { ...(await env.admin.get(`/v1/cobrancas/${charge.id}`)).body, status: 1 });
    await settled();
    expect((await env.admin.get(`/v1/clientes/${cliente.id}`)).body).toMatchObject({
      status: 0,
      bloqueio: { situacao: 'nenhum', veiculos: 0, total: 4 },
    });
    await waitFor(() => userOf(login)?.disabled === false);
    for (const d of contratos.flatMap((c) => c.devices)) expect(links(userId, d)).toBe(1);
    expect(traccar.fake.deviceBlocks).toEqual([]);
  });
});
