import { describe, expect, it } from 'vitest';
import { CHECKLIST_ITEMS } from '../../domain/ordensservicos';
import { backends, Client, newTecnico, newUser, useInstalledApp } from '../support/app';
import { dataUrl, PDF_MINIMAL, PNG_1PX } from '../support/files';
import { newCliente, newEmpresa, newOrdem, newTracker, newVeiculo } from '../support/registry';

const FULL_CHECKLIST = Object.fromEntries(CHECKLIST_ITEMS.map((item, i) => [item, i % 3 ? 'OK' : 'NT']));

describe.each(backends)('ordens de serviço (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const post = (path: string, body: unknown, client: Client = env.admin) => client.create(path, body);
  const get = (path: string) => env.admin.read(path);
  /** A client with a vehicle and a free tracker: what an installation order needs. */
  const installation = async (cliente: Record<string, unknown> = newCliente()) => {
    const owner = await post('/v1/clientes', cliente);
    const veiculo = await post('/v1/veiculos', newVeiculo(owner.id));
    const tracker = await post('/v1/trackres', newTracker());
    return { owner, veiculo, tracker, links: { idcliente: owner.id, idveiculo: veiculo.id, iddevice: tracker.id } };
  };
  const ordem = async (overrides: Record<string, unknown> = {}, client: Client = env.admin) => {
    const setup = await installation();
    return { ...setup, ordem: await post('/v1/ordensservicos', newOrdem(setup.links, overrides), client) };
  };
  const count = async () => (await get('/v1/ordensservicos?pageSize=1')).meta.total as number;
  /** A signed-in Usuario (acesso 2). */
  const usuario = async () => {
    const fields = newUser();
    const created = await post('/v1/users', fields);
    const client = new Client(env.t.app);
    expect((await client.login(fields.login, fields.password)).status).toBe(200);
    return { client, id: created.id as number, name: fields.name };
  };

  it('creates from idcliente, idveiculo and iddevice; reads embed cliente, veiculo, device and tecnico from the records and emit iddevice', async () => {
    const { owner, veiculo, tracker, links } = await installation(
      newCliente({ contatos: [{ name: 'Rita', email: 'rita@exemplo.com.br', phone: '', mobilePhone: '11912345678' }] }),
    );
    const created = await env.admin.post(
      '/v1/ordensservicos',
      newOrdem(links, {
        descricao: 'Instalação do rastreador',
        agendamento: '2031-05-10',
        horario: '09:30',
        informacoes: 'Cliente prefere de manhã',
        // What a body claims of the records is never what the order shows.
        cliente: { id: owner.id, name: 'Nome Falso' },
        veiculo: { id: veiculo.id, placa: 'XXX0000' },
        device: { id: tracker.id, imei: '000000000000000' },
      }),
    );
    expect(created.status).toBe(201);
    const expected = {
      idcliente: owner.id,
      idveiculo: veiculo.id,
      iddevice: tracker.id,
      idtecnico: null,
      idcard: 1,
      idCard: 1,
      descricao: 'Instalação do rastreador',
      agendamento: '2031-05-10',
      horario: '09:30',
      informacoes: 'Cliente prefere de manhã',
      status: 0,
      checklist: {},
      cliente: {
        id: owner.id,
        name: owner.name,
        razaosocial: '',
        cadastro: 'FISICA',
        cpf: owner.cpf,
        cnpj: '',
        email: owner.email,
        phone: '',
        mobilePhone: owner.mobilePhone,
        contatos: owner.contatos,
      },
      veiculo: {
        id: veiculo.id,
        marca: veiculo.marca,
        modelo: veiculo.modelo,
        ano: veiculo.ano,
        placa: veiculo.placa,
        renavan: veiculo.renavan,
        chassi: veiculo.chassi,
      },
      device: { id: tracker.id, imei: tracker.imei, modelo: tracker.modelo, marca: tracker.marca, phone: '', iccid: '' },
      tecnico: null,
    };
    expect(created.body).toMatchObject(expected);
    expect(created.body).not.toHaveProperty('busca');
    const read = await get(`/v1/ordensservicos/${created.body.id}`);
    expect(read).toEqual(created.body);
    const listed = (await get(`/v1/ordensservicos?idcliente=${owner.id}`)).Items;
    expect(listed).toEqual([created.body]);
  });

  it("creates from the embedded objects' ids; the canonical top-level id wins", async () => {
    const { owner, veiculo, tracker } = await installation();
    const other = await installation();
    const created = await post('/v1/ordensservicos', {
      descricao: 'Pelos objetos',
      cliente: { id: owner.id },
      veiculo: { id: veiculo.id },
      device: { id: tracker.id },
    });
    expect(created).toMatchObject({ idcliente: owner.id, idveiculo: veiculo.id, iddevice: tracker.id });
    const canonical = await post('/v1/ordensservicos', {
      ...newOrdem(other.links),
      cliente: { id: owner.id },
      veiculo: { id: veiculo.id },
      device: { id: tracker.id },
    });
    expect(canonical).toMatchObject(other.links);
  });

  it('descricao, client, vehicle and tracker are required (400 with an error per field), and nothing is saved', async () => {
    const before = await count();
    const empty = await env.admin.post('/v1/ordensservicos', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      descricao: 'Campo obrigatório',
      idcliente: 'Cliente obrigatório',
      idveiculo: 'Veículo obrigatório',
      iddevice: 'Rastreador obrigatório',
    });
    const { links } = await installation();
    const zeros = await env.admin.post('/v1/ordensservicos', {
      descricao: '  ',
      idcliente: 0,
      idveiculo: '',
      iddevice: null,
      cliente: null,
    });
    expect(Object.keys(zeros.body.errors).sort()).toEqual(['descricao', 'idcliente', 'iddevice', 'idveiculo']);
    const wrongTypes = await env.admin.post(
      '/v1/ordensservicos',
      newOrdem(links, { idcliente: 'abc', veiculo: 'x', idveiculo: undefined }),
    );
    expect(wrongTypes.body.errors).toMatchObject({ idcliente: 'Cliente inválido', veiculo: 'Veículo inválido' });
    expect(await count()).toBe(before);
  });

  it('the vehicle must belong to the client; unknown client, vehicle or tracker are refused', async () => {
    const { links } = await installation();
    const stranger = await installation();
    const notHis = await env.admin.post('/v1/ordensservicos', newOrdem({ ...links, idveiculo: stranger.veiculo.id }));
    expect(notHis.status).toBe(400);
    expect(notHis.body.errors).toEqual({ idveiculo: 'Este veículo não pertence ao cliente informado.' });
    for (const [field, message] of [
      ['idcliente', 'Cliente não encontrado'],
      ['idveiculo', 'Veículo não encontrado'],
      ['iddevice', 'Rastreador não encontrado'],
    ]) {
      const unknown = await env.admin.post('/v1/ordensservicos', newOrdem({ ...links, [field]: 999_999 }));
      expect(unknown.status, field).toBe(400);
      expect(unknown.body.errors).toEqual({ [field]: message });
    }
    // Nothing was linked by the refused orders.
    expect((await get(`/v1/trackres/${links.iddevice}`)).idveiculo).toBe(0);
  });

  it('a free tracker is linked to the vehicle in the same transaction as the order', async () => {
    const { owner, veiculo, tracker, links } = await installation();
    const blocked = await post('/v1/users', newTecnico({ bloqueado: true }));
    // A refused order (a blocked técnico) links nothing.
    const refused = await env.admin.post('/v1/ordensservicos', newOrdem(links, { idtecnico: blocked.id }));
    expect(refused.status).toBe(400);
    expect((await get(`/v1/trackres/${tracker.id}`)).idveiculo).toBe(0);
    expect((await get(`/v1/veiculos/${veiculo.id}`)).deviceId).toBe(0);

    await post('/v1/ordensservicos', newOrdem(links));
    expect(await get(`/v1/trackres/${tracker.id}`)).toMatchObject({ idveiculo: veiculo.id, idVeiculo: veiculo.id, idcliente: owner.id });
    expect((await get(`/v1/veiculos/${veiculo.id}`)).deviceId).toBe(tracker.id);
    // A second order for the same installation finds the tracker already on the vehicle.
    expect((await env.admin.post('/v1/ordensservicos', newOrdem(links))).status).toBe(201);
  });

  it('the tracker must be on that vehicle or free (409 otherwise), and a vehicle keeps its one tracker', async () => {
    const first = await ordem();
    const second = await installation();
    // The first order's tracker now sits in the first vehicle.
    const taken = await env.admin.post('/v1/ordensservicos', newOrdem({ ...second.links, iddevice: first.tracker.id }));
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      message: 'Este rastreador já está em outro veículo.',
      errors: { iddevice: 'Este rastreador já está em outro veículo.' },
    });
    // A free tracker for a vehicle that already has another one.
    const spare = await post('/v1/trackres', newTracker());
    const occupied = await env.admin.post('/v1/ordensservicos', newOrdem({ ...first.links, iddevice: spare.id }));
    expect(occupied.status).toBe(409);
    expect(occupied.body.errors).toEqual({ idveiculo: 'Este veículo já tem outro rastreador. Desconecte-o primeiro.' });
    expect((await get(`/v1/trackres/${spare.id}`)).idveiculo).toBe(0);
  });

  it('status 1 only with all 18 answers OK or NT: otherwise 400 with errors.checklist and the order stays open', async () => {
    const { ordem: open } = await ordem();
    const partial = { ...FULL_CHECKLIST, 'Luz de ré': '' };
    const incomplete = await env.admin.put(`/v1/ordensservicos/${open.id}`, { ...open, status: 1, checklist: partial });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors).toEqual({
      checklist: 'Para concluir, responda todos os itens do checklist com OK ou NT (falta 1 item).',
    });
    const empty = await env.admin.put(`/v1/ordensservicos/${open.id}`, { ...open, status: 1 });
    expect(empty.body.errors.checklist).toMatch(/faltam 18 itens/);
    expect(await get(`/v1/ordensservicos/${open.id}`)).toMatchObject({ status: 0, checklist: {} });
    // While open, a partial checklist is saved as answered so far.
    const saved = await env.admin.put(`/v1/ordensservicos/${open.id}`, { ...open, checklist: partial });
    expect(saved.status).toBe(200);
    expect(Object.keys(saved.body.checklist)).toHaveLength(17);
    const done = await env.admin.put(`/v1/ordensservicos/${open.id}`, { ...open, status: 1, checklist: FULL_CHECKLIST });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 1, checklist: FULL_CHECKLIST });
    // Created finalized: the same rule.
    const setup = await installation();
    expect((await env.admin.post('/v1/ordensservicos', newOrdem(setup.links, { status: 1 }))).body.errors).toHaveProperty('checklist');
    expect((await env.admin.post('/v1/ordensservicos', newOrdem(setup.links, { status: 2 }))).body.errors).toEqual({
      status: 'Status deve ser 0 (Em Aberto) ou 1 (Concluído)',
    });
  });

  it('checklist keys: the SPEC spellings are accepted and stored corrected, the corrected key wins; unknown items and other answers are refused', async () => {
    const { ordem: open } = await ordem();
    const put = (checklist: unknown) => env.admin.put(`/v1/ordensservicos/${open.id}`, { ...open, checklist });
    const spec = await put({ Bosina: 'ok', 'Partida Eletrica': 'NT', 'Luz Alta': ' nt ' });
    expect(spec.body.checklist).toEqual({ Buzina: 'OK', 'Partida Elétrica': 'NT', 'Luz Alta': 'NT' });
    const both = await put({ Bosina: 'OK', Buzina: 'NT', 'Partida Eletrica': 'NT', 'Partida Elétrica': 'OK' });
    expect(both.body.checklist).toEqual({ Buzina: 'NT', 'Partida Elétrica': 'OK' });
    // The SPEC spellings count towards finalizing.
    const { Buzina: _b, 'Partida Elétrica': _p, ...rest } = FULL_CHECKLIST;
    const finalized = await env.admin.put(`/v1/ordensservicos/${open.id}`, {
      ...open,
      status: 1,
      checklist: { ...rest, Bosina: 'OK', 'Partida Eletrica': 'OK' },
    });
    expect(finalized.status).toBe(200);
    expect(finalized.body.checklist).toEqual({ ...rest, Buzina: 'OK', 'Partida Elétrica': 'OK' });

    const { ordem: other } = await ordem();
    const unknown = await env.admin.put(`/v1/ordensservicos/${other.id}`, { ...other, checklist: { Retrovisor: 'OK' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ checklist: 'Item desconhecido no checklist: Retrovisor' });
    for (const bad of [{ Buzina: 'SIM' }, { Buzina: 1 }, { Buzina: ['OK'] }, 'OK', ['OK']]) {
      const refused = await env.admin.put(`/v1/ordensservicos/${other.id}`, { ...other, checklist: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.errors, JSON.stringify(bad)).toHaveProperty('checklist');
    }
  });

  it('a finalized order cannot be changed (409), except by an administrator reopening it', async () => {
    const staff = await usuario();
    const { ordem: open } = await ordem({}, staff.client);
    const done = (await staff.client.put(`/v1/ordensservicos/${open.id}`, { ...open, status: 1, checklist: FULL_CHECKLIST })).body;
    expect(done.status).toBe(1);
    const message = 'Esta ordem de serviço está concluída e não pode ser alterada. Somente um administrador pode reabri-la.';
    for (const [who, client, body] of [
      ['usuario edits', staff.client, { ...done, descricao: 'Outra' }],
      ['usuario reopens', staff.client, { ...done, status: 0 }],
      ['admin edits it finalized', env.admin, { ...done, descricao: 'Outra' }],
    ] as const) {
      const refused = await client.put(`/v1/ordensservicos/${open.id}`, body);
      expect(refused.status, who).toBe(409);
      expect(refused.body.message, who).toBe(message);
    }
    expect(await get(`/v1/ordensservicos/${open.id}`)).toEqual(done);
    const reopened = await env.admin.put(`/v1/ordensservicos/${open.id}`, { ...done, status: 0 });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 0, checklist: FULL_CHECKLIST });
    // Open again: anyone may change it.
    expect((await staff.client.put(`/v1/ordensservicos/${open.id}`, { ...reopened.body, descricao: 'Revisão' })).status).toBe(200);
  });

  it('a finalized order cannot be removed (409); an open one is removed with its uploads', async () => {
    const { ordem: open } = await ordem();
    const done = (await env.admin.put(`/v1/ordensservicos/${open.id}`, { ...open, status: 1, checklist: FULL_CHECKLIST })).body;
    const refused = await env.admin.delete(`/v1/ordensservicos/${done.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Esta ordem de serviço está concluída e não pode ser removida. Um administrador pode reabri-la antes.',
    );
    expect((await env.admin.get(`/v1/ordensservicos/${done.id}`)).status).toBe(200);

    const { ordem: other } = await ordem();
    const photo = {
      unid: other.id,
      documento: 'ordensservicos',
      name: 'painel.png',
      type: 'image/png',
      base64: dataUrl('image/png', PNG_1PX),
    };
    expect((await env.admin.post('/v1/uploads', [photo])).status).toBe(201);
    const removed = await env.admin.delete(`/v1/ordensservicos/${other.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.id).toBe(other.id);
    expect((await env.admin.get(`/v1/ordensservicos/${other.id}`)).status).toBe(404);
    expect((await get(`/v1/uploads?unid=${other.id}&documento=ordensservicos`)).meta.totalItens).toBe(0);
  });

  it('uploads of kind ordensservicos are images only', async () => {
    const { ordem: open } = await ordem();
    const upload = (name: string, type: string, data: Buffer) => ({
      unid: open.id,
      documento: 'ordensservicos',
      name,
      type,
      base64: dataUrl(type, data),
    });
    const pdf = await env.admin.post('/v1/uploads', [upload('laudo.pdf', 'application/pdf', PDF_MINIMAL)]);
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toBe('Tipo de arquivo não permitido para este documento.');
    expect((await env.admin.post('/v1/uploads', [upload('foto.png', 'image/png', PNG_1PX)])).status).toBe(201);
    const missing = await env.admin.post('/v1/uploads', [{ ...upload('foto.png', 'image/png', PNG_1PX), unid: 999_999 }]);
    expect(missing.status).toBe(400);
  });

  it('a tracker or vehicle used by an order cannot be removed (409)', async () => {
    const { veiculo, tracker } = await ordem();
    for (const [path, message] of [
      [`/v1/trackres/${tracker.id}`, 'Este rastreador é usado por 1 ordem de serviço e não pode ser removido.'],
      [`/v1/veiculos/${veiculo.id}`, 'Este veículo é usado por 1 ordem de serviço e não pode ser removido.'],
    ]) {
      const refused = await env.admin.delete(path);
      expect(refused.status, path).toBe(409);
      expect(refused.body.message).toBe(message);
    }
  });

  it('agendamento is a calendar date YYYY-MM-DD and horario HH:MM; text lengths are bounded', async () => {
    const { links } = await installation();
    const bad = await env.admin.post('/v1/ordensservicos', newOrdem(links, { agendamento: '2031-02-30', horario: '24:00' }));
    expect(bad.body.errors).toEqual({ agendamento: 'Data inválida: use AAAA-MM-DD', horario: 'Horário inválido: use HH:MM' });
    for (const agendamento of ['10/05/2031', '2031-5-1', '2031-05-10T10:00:00Z', 20310510, { y: 2031 }]) {
      const refused = await env.admin.post('/v1/ordensservicos', newOrdem(links, { agendamento }));
      expect(refused.body.errors, JSON.stringify(agendamento)).toEqual({ agendamento: 'Data inválida: use AAAA-MM-DD' });
    }
    const long = await env.admin.post('/v1/ordensservicos', newOrdem(links, { descricao: 'x'.repeat(301), informacoes: 'y'.repeat(5001) }));
    expect(long.body.errors).toEqual({ descricao: 'No máximo 300 caracteres', informacoes: 'No máximo 5000 caracteres' });
    const ok = await post('/v1/ordensservicos', newOrdem(links, { agendamento: '2032-02-29', horario: '07:05:59' }));
    expect(ok).toMatchObject({ agendamento: '2032-02-29', horario: '07:05' });
    const none = await post('/v1/ordensservicos', newOrdem(links, { agendamento: '', horario: null }));
    expect(none).toMatchObject({ agendamento: null, horario: '' });
  });

  it('idtecnico must be an existing non-blocked técnico (acesso 3); tecnico.id is accepted and null clears it', async () => {
    const tecnico = await post('/v1/users', newTecnico());
    const blocked = await post('/v1/users', newTecnico({ bloqueado: true }));
    const { links } = await installation();
    for (const idtecnico of [blocked.id, 999_999]) {
      const refused = await env.admin.post('/v1/ordensservicos', newOrdem(links, { idtecnico }));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ idtecnico: 'Técnico não encontrado ou bloqueado' });
    }
    // Staff are not técnicos (DESIGN 11): neither an administrator nor a Usuario.
    for (const idtecnico of [1, (await usuario()).id]) {
      const refused = await env.admin.post('/v1/ordensservicos', newOrdem(links, { idtecnico }));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ idtecnico: 'Este usuário não é um técnico: escolha um usuário com acesso Técnico' });
    }
    expect((await env.admin.post('/v1/ordensservicos', newOrdem(links, { idtecnico: 'abc' }))).body.errors).toEqual({
      idtecnico: 'Técnico inválido',
    });
    const assigned = await post('/v1/ordensservicos', newOrdem(links, { tecnico: { id: tecnico.id, name: 'Outro Nome' } }));
    expect(assigned).toMatchObject({ idtecnico: tecnico.id, tecnico: { id: tecnico.id, name: tecnico.name } });
    const cleared = await env.admin.put(`/v1/ordensservicos/${assigned.id}`, { ...assigned, idtecnico: null });
    expect(cleared.body).toMatchObject({ idtecnico: null, tecnico: null });
  });

  it('an order keeps a técnico named before: saved unchanged after its user stops being a técnico, refused only when named anew', async () => {
    const tecnico = await post('/v1/users', newTecnico());
    const { links } = await installation();
    const assigned = await post('/v1/ordensservicos', newOrdem(links, { idtecnico: tecnico.id }));
    expect((await env.admin.put(`/v1/users/${tecnico.id}`, { acesso: 2 })).status).toBe(200);
    const kept = await env.admin.put(`/v1/ordensservicos/${assigned.id}`, { ...assigned, descricao: 'Outra descrição' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ idtecnico: tecnico.id, descricao: 'Outra descrição' });
    const anew = await env.admin.post('/v1/ordensservicos', newOrdem(links, { idtecnico: tecnico.id }));
    expect(anew.status).toBe(400);
  });

  it('GET /v1/tecnicos lists only the non-blocked técnicos (acesso 3) by name, to every signed-in staff member', async () => {
    const staff = await usuario();
    const tecnico = await post('/v1/users', newTecnico());
    const blocked = await post('/v1/users', newTecnico({ name: 'Aaron Bloqueado', bloqueado: true }));
    const reply = await staff.client.get('/v1/tecnicos');
    expect(reply.status).toBe(200);
    const items: { id: number; name: string }[] = reply.body.Items;
    expect(items.map((t) => t.id)).toContain(tecnico.id);
    expect(items.map((t) => t.id)).not.toContain(blocked.id);
    // Staff are not offered: neither the administrator nor a Usuario.
    expect(items.map((t) => t.id)).not.toContain(1);
    expect(items.map((t) => t.id)).not.toContain(staff.id);
    expect(Object.keys(items[0]).sort()).toEqual(['id', 'name']);
    const names = items.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await staff.client.get(`/v1/tecnicos?pesquisa=${encodeURIComponent(tecnico.name)}`)).body.Items).toEqual([
      { id: tecnico.id, name: tecnico.name },
    ]);
    expect((await new Client(env.t.app).get('/v1/tecnicos')).status).toBe(401);
  });

  it('list filters: status, dataInicio/dataFim on agendamento (inclusive), idcliente, idtecnico; bad dates are 400', async () => {
    const tecnico = await post('/v1/users', newTecnico());
    const { owner, links } = await installation();
    const at = (agendamento: string, extra: Record<string, unknown> = {}) =>
      post('/v1/ordensservicos', newOrdem(links, { agendamento, ...extra }));
    const march1 = await at('2033-03-01', { idtecnico: tecnico.id });
    const march31 = await at('2033-03-31');
    const april = await at('2033-04-01', { idtecnico: tecnico.id });
    const february = await at('2033-02-28');
    const finalized = (await env.admin.put(`/v1/ordensservicos/${march31.id}`, { ...march31, status: 1, checklist: FULL_CHECKLIST })).body;
    const ids = async (query: string) => (await get(`/v1/ordensservicos?idcliente=${owner.id}&${query}`)).Items.map((o: any) => o.id);
    expect(await ids('dataInicio=2033-03-01&dataFim=2033-03-31')).toEqual([march31.id, march1.id]);
    expect(await ids('dataInicio=2033-03-01&dataFim=2033-03-31&status=1')).toEqual([finalized.id]);
    expect(await ids('dataInicio=2033-03-01&dataFim=2033-03-31&status=0')).toEqual([march1.id]);
    expect(await ids('dataInicio=2033-03-31')).toEqual([april.id, march31.id]);
    expect(await ids('dataFim=2033-02-28')).toEqual([february.id]);
    expect(await ids(`idtecnico=${tecnico.id}`)).toEqual([april.id, march1.id]);
    expect(await ids('idtecnico=0')).toEqual([february.id, march31.id]);
    expect(await ids('dataInicio=&dataFim=')).toHaveLength(4);
    const all = await get(`/v1/ordensservicos?idtecnico=${tecnico.id}&dataInicio=2033-01-01`);
    expect(all.meta.total).toBe(2);
    for (const query of ['dataInicio=2033-02-30', 'dataFim=31/03/2033', 'dataInicio=abc', 'idtecnico=-1', 'idcliente=abc']) {
      const refused = await env.admin.get(`/v1/ordensservicos?${query}`);
      expect(refused.status, query).toBe(400);
      expect(typeof refused.body.message).toBe('string');
    }
    expect((await env.admin.get('/v1/ordensservicos?dataInicio=2033-02-30')).body.errors).toEqual({
      dataInicio: 'Data inválida: use AAAA-MM-DD',
    });
  });

  it('a month with a pesquisa finds what the same pesquisa finds without dates: accents, case, several words, % and _', async () => {
    const { owner, links } = await installation(newCliente({ name: 'Genoveva Prudente' }));
    const at = (descricao: string, agendamento = '2035-06-15', status = 0) =>
      post('/v1/ordensservicos', newOrdem(links, { descricao, agendamento, status, checklist: status ? FULL_CHECKLIST : {} }));
    const garantia = await at('Instalação com 100% de garantia');
    const sublinhado = await at('Troca_de chip', '2035-06-01', 1);
    const troca = await at('Troca de chip', '2035-06-30');
    const julho = await at('Troca de chip', '2035-07-01');
    /** The month's page (PostgreSQL plans it once: db/client.ts `plannedOnce`) and the client's, without dates. */
    const found = async (term: string, extra = '') => {
      const lists = await Promise.all(
        [`dataInicio=2035-06-01&dataFim=2035-06-30${extra}`, `idcliente=${owner.id}${extra}`].map(async (query) => {
          const body = await get(`/v1/ordensservicos?${query}&pesquisa=${encodeURIComponent(term)}`);
          expect(body.meta.total, `${query} ${term}`).toBe(body.Items.length);
          return body.Items.map((o: any) => o.id) as number[];
        }),
      );
      expect(lists[0], term).toEqual(lists[1].filter((id) => id !== julho.id));
      return lists[0];
    };
    expect(await found('INSTALAÇÃO')).toEqual([garantia.id]);
    expect(await found('100%')).toEqual([garantia.id]);
    expect(await found('0% de')).toEqual([garantia.id]);
    expect(await found('troca_de')).toEqual([sublinhado.id]);
    expect(await found('TROCA chip')).toEqual([troca.id, sublinhado.id]);
    expect(await found('troca', '&status=1')).toEqual([sublinhado.id]);
    expect(await found('troca', '&status=0')).toEqual([troca.id]);
    expect(await found('genoveva prudente')).toEqual([troca.id, sublinhado.id, garantia.id]);
    expect(await found('%')).toEqual([garantia.id]);
    expect(await found('_')).toEqual([sublinhado.id]);
    expect(await found('nenhuma')).toEqual([]);
    // Run again, the plan kept: the same answers.
    expect(await found('troca')).toEqual([troca.id, sublinhado.id]);
  });

  it('sort=agendamento&order=ASC orders by the scheduled date, then the time', async () => {
    const { owner, links } = await installation();
    const at = (agendamento: string, horario: string) => post('/v1/ordensservicos', newOrdem(links, { agendamento, horario }));
    const late = await at('2034-01-10', '16:00');
    const early = await at('2034-01-10', '08:15');
    const nextDay = await at('2034-01-11', '07:00');
    const before = await at('2034-01-09', '18:00');
    const ids = async (query: string) => (await get(`/v1/ordensservicos?idcliente=${owner.id}&${query}`)).Items.map((o: any) => o.id);
    expect(await ids('sort=agendamento&order=ASC')).toEqual([before.id, early.id, late.id, nextDay.id]);
    expect(await ids('sort=agendamento&order=DESC')).toEqual([nextDay.id, late.id, early.id, before.id]);
    expect(await ids('sort=id&order=ASC')).toEqual([late.id, early.id, nextDay.id, before.id]);
    expect((await env.admin.get('/v1/ordensservicos?sort=horario')).status).toBe(400);
  });

  it("pesquisa finds an order by id, client name, CPF/CNPJ and description, and follows the client's changes", async () => {
    const pessoa = await installation(newCliente({ name: 'Joaquina Brandão Vasconcelos' }));
    const empresa = await installation(newEmpresa({ razaosocial: 'Logística Pirapora Ltda' }));
    const first = await post('/v1/ordensservicos', newOrdem(pessoa.links, { descricao: 'Troca do chicote elétrico' }));
    const second = await post('/v1/ordensservicos', newOrdem(empresa.links, { descricao: 'Manutenção preventiva' }));
    const found = async (term: string) =>
      (await get(`/v1/ordensservicos?pesquisa=${encodeURIComponent(term)}`)).Items.map((o: any) => o.id) as number[];
    expect(await found('joaquina brandao')).toEqual([first.id]);
    expect(await found(pessoa.owner.cpf)).toEqual([first.id]);
    expect(await found('CHICOTE eletrico')).toEqual([first.id]);
    expect(await found('pirapora')).toEqual([second.id]);
    expect(await found(empresa.owner.cnpj)).toEqual([second.id]);
    expect(await found(String(second.id))).toContain(second.id);
    // The client's name and CPF change: its orders follow.
    const cpf = newCliente().cpf;
    const renamed = await env.admin.put(`/v1/clientes/${pessoa.owner.id}`, { ...pessoa.owner, name: 'Joaquina Albuquerque', cpf });
    expect(renamed.status).toBe(200);
    expect(await found('brandao')).toEqual([]);
    expect(await found('albuquerque joaquina')).toEqual([first.id]);
    expect(await found(cpf)).toEqual([first.id]);
    expect((await get(`/v1/ordensservicos/${first.id}`)).cliente.name).toBe('Joaquina Albuquerque');
  });

  it('a PUT of the order as read saves it unchanged; a Usuario creates and edits orders', async () => {
    const staff = await usuario();
    const tecnico = await post('/v1/users', newTecnico());
    const { ordem: created } = await ordem({ agendamento: '2031-07-01', horario: '10:00', idtecnico: tecnico.id }, staff.client);
    expect(created.idcard).toBe(staff.id);
    const read = (await staff.client.get(`/v1/ordensservicos/${created.id}`)).body;
    const saved = await staff.client.put(`/v1/ordensservicos/${created.id}`, read);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(read);
  });
});
