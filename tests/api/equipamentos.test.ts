import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, useInstalledApp } from '../support/app';
import { dataUrl, PNG_1PX } from '../support/files';
import { newChip, newCliente, newPlano, newTracker, newVeiculo, placa } from '../support/registry';

describe.each(backends)('veículos, rastreadores, chips e planos (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const post = (path: string, body: unknown) => env.admin.create(path, body);
  const get = (path: string) => env.admin.read(path);
  const cliente = () => post('/v1/clientes', newCliente());
  const veiculo = async (idcliente?: number) => post('/v1/veiculos', newVeiculo(idcliente ?? (await cliente()).id));

  describe('veículos', () => {
    it('needs client, category, marca, modelo, placa, renavan and chassi', async () => {
      const missing = await env.admin.post('/v1/veiculos', {});
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.errors).sort()).toEqual(['category', 'chassi', 'marca', 'modelo', 'placa', 'renavan']);
      const noClient = await env.admin.post('/v1/veiculos', { ...newVeiculo(0), idcliente: undefined });
      expect(noClient.body.errors).toEqual({ idcliente: 'Cliente obrigatório' });
      const unknownClient = await env.admin.post('/v1/veiculos', newVeiculo(999_999));
      expect(unknownClient.status).toBe(400);
      expect(unknownClient.body.errors).toEqual({ idcliente: 'Cliente não encontrado' });
      const badCategory = await env.admin.post('/v1/veiculos', newVeiculo((await cliente()).id, { category: 'boat' }));
      expect(badCategory.body.errors.category).toMatch(/Categoria deve ser/);
    });

    it('accepts old and Mercosul plates, stored upper-case; refuses others; one vehicle per plate (409)', async () => {
      const owner = await cliente();
      const old = placa(true);
      const created = await env.admin.post(
        '/v1/veiculos',
        newVeiculo(owner.id, { placa: `${old.slice(0, 3).toLowerCase()}-${old.slice(3)}` }),
      );
      expect(created.status).toBe(201);
      expect(created.body.placa).toBe(old);
      const mercosul = placa();
      expect((await env.admin.post('/v1/veiculos', newVeiculo(owner.id, { placa: mercosul.toLowerCase() }))).body.placa).toBe(mercosul);
      for (const bad of ['AB12345', 'ABCD123', 'ABC12D3', '1234567']) {
        const refused = await env.admin.post('/v1/veiculos', newVeiculo(owner.id, { placa: bad }));
        expect(refused.status, bad).toBe(400);
        expect(refused.body.errors.placa).toBe('Placa inválida: use ABC1234 ou ABC1D23');
      }
      const duplicate = await env.admin.post('/v1/veiculos', newVeiculo(owner.id, { placa: old }));
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.errors).toEqual({ placa: 'Já existe um veículo com esta placa.' });
    });

    it('embeds its client, filters by client and is found by its client name', async () => {
      const owner = await post('/v1/clientes', newCliente({ name: 'Frota Araújo Transportes' }));
      const v = await veiculo(owner.id);
      expect(v.cliente).toEqual({ id: owner.id, name: 'Frota Araújo Transportes', razaosocial: '', cadastro: 'FISICA' });
      expect(v.deviceId).toBe(0);
      const list = await get(`/v1/veiculos?idcliente=${owner.id}`);
      expect(list.Items.map((i: any) => i.id)).toEqual([v.id]);
      // Lists embed the same records as single reads (their page query does it).
      expect(list.Items[0]).toMatchObject({ cliente: v.cliente, device: null });
      expect((await get(`/v1/veiculos?pesquisa=${v.placa}`)).Items[0].cliente).toEqual(v.cliente);
      expect((await get('/v1/veiculos?pesquisa=araujo frota')).Items.map((i: any) => i.id)).toEqual([v.id]);
      // Renaming the client keeps its vehicles findable by the new name.
      await env.admin.put(`/v1/clientes/${owner.id}`, { ...owner, name: 'Transportadora Queiroz' });
      expect((await get('/v1/veiculos?pesquisa=queiroz')).Items.map((i: any) => i.id)).toEqual([v.id]);
    });
  });

  describe('rastreadores e chips', () => {
    it('IMEI has 15 digits and is unique; ICCID has 19 or 20 digits and is unique', async () => {
      const missing = await env.admin.post('/v1/trackres', {});
      expect(Object.keys(missing.body.errors).sort()).toEqual(['imei', 'marca', 'modelo']);
      expect((await env.admin.post('/v1/trackres', newTracker({ imei: '12345' }))).body.errors.imei).toBe('IMEI deve ter 15 dígitos');
      const tracker = await post('/v1/trackres', newTracker());
      const again = await env.admin.post('/v1/trackres', newTracker({ imei: tracker.imei }));
      expect(again.status).toBe(409);
      expect(again.body.errors).toEqual({ imei: 'Já existe um rastreador com este IMEI.' });

      expect(Object.keys((await env.admin.post('/v1/chips', {})).body.errors).sort()).toEqual(['iccid', 'phone']);
      expect((await env.admin.post('/v1/chips', newChip({ iccid: '895510' }))).body.errors.iccid).toBe('ICCID deve ter 19 ou 20 dígitos');
      const twenty = await post('/v1/chips', newChip({ iccid: '89551234567890123456' }));
      expect(twenty.iccid).toBe('89551234567890123456');
      const clash = await env.admin.post('/v1/chips', newChip({ iccid: twenty.iccid }));
      expect(clash.status).toBe(409);
      expect(clash.body.errors).toEqual({ iccid: 'Já existe um chip com este ICCID.' });
    });

    it('tensaoNominal (DESIGN 10): 12, 24 or empty (inferred) on POST and PUT, absent keeps it, anything else a 400; a new system judges the last reading at once', async () => {
      const created = await post('/v1/trackres', newTracker({ tensaoNominal: 24 }));
      expect(created.tensaoNominal).toBe(24);
      const plain = await post('/v1/trackres', newTracker());
      expect(plain.tensaoNominal).toBeNull();
      for (const bad of [13, '36', 'doze', 12.5, { v: 12 }]) {
        const reply = await env.admin.put(`/v1/trackres/${plain.id}`, { ...newTracker({ imei: plain.imei }), tensaoNominal: bad });
        expect(reply.status).toBe(400);
        expect(reply.body.errors.tensaoNominal).toBe('Tensão nominal deve ser 12 V, 24 V ou vazia (deduzida das leituras)');
      }
      expect((await get(`/v1/trackres/${plain.id}`)).tensaoNominal).toBeNull();

      // A truck's tracker reporting 13 V: healthy for the inferred 12 V system, a supply problem once it is 24 V.
      await env.t.database.db.execute(sql`UPDATE frota_estado SET last_update = now(), server_time = now(), fix_time = now(),
        valid = true, tensao = 13, tensao_maxima = 13, situacao = 'comunicando' WHERE idrastreador = ${plain.id}`);
      const situacao = async () => (await get(`/v1/frota?pesquisa=${plain.imei}`)).Items[0].situacao;
      expect(await situacao()).toBe('comunicando');
      const body = { imei: plain.imei, modelo: plain.modelo, marca: plain.marca };
      const to24 = await env.admin.put(`/v1/trackres/${plain.id}`, { ...body, tensaoNominal: '24' });
      expect(to24.status).toBe(200);
      expect(to24.body.tensaoNominal).toBe(24);
      expect(await situacao()).toBe('alimentacao');
      // Absent keeps it; empty goes back to inferred.
      expect((await env.admin.put(`/v1/trackres/${plain.id}`, { ...body, modelo: 'J16' })).body.tensaoNominal).toBe(24);
      const inferred = await env.admin.put(`/v1/trackres/${plain.id}`, { ...body, tensaoNominal: '' });
      expect(inferred.body.tensaoNominal).toBeNull();
      expect(await situacao()).toBe('comunicando');
      expect((await env.admin.put(`/v1/trackres/${plain.id}`, { ...body, tensaoNominal: 12 })).body.tensaoNominal).toBe(12);
    });

    it('links a tracker to a vehicle in both directions; a vehicle takes one tracker; moving and unlinking keep both sides right', async () => {
      const v1 = await veiculo();
      const v2 = await veiculo();
      const t1 = await post('/v1/trackres', newTracker());
      const t2 = await post('/v1/trackres', newTracker());

      const linked = await env.admin.put(`/v1/trackres/${t1.id}`, { ...t1, idveiculo: v1.id, idcliente: v1.idcliente });
      expect(linked.status).toBe(200);
      expect(linked.body).toMatchObject({
        idveiculo: v1.id,
        idVeiculo: v1.id,
        idcliente: v1.idcliente,
        Veiculo: { id: v1.id, marca: v1.marca, modelo: v1.modelo, placa: v1.placa },
      });
      expect((await get(`/v1/veiculos/${v1.id}`)).deviceId).toBe(t1.id);
      expect((await get(`/v1/veiculos/${v1.id}`)).device).toMatchObject({ id: t1.id, imei: t1.imei });
      const listed = (await get(`/v1/trackres?idveiculo=${v1.id}`)).Items;
      expect(listed.map((t: any) => t.id)).toEqual([t1.id]);
      expect(listed[0]).toMatchObject({ idVeiculo: v1.id, Veiculo: { id: v1.id, marca: v1.marca, modelo: v1.modelo, placa: v1.placa } });
      expect((await get(`/v1/veiculos?idcliente=${v1.idcliente}`)).Items[0].device).toEqual({
        id: t1.id,
        imei: t1.imei,
        modelo: t1.modelo,
        marca: t1.marca,
      });

      // idVeiculo is the other name of idveiculo (DESIGN 4): accepted when idveiculo is absent.
      const { idveiculo: _canonical, ...t2WithoutCanonical } = t2;
      const second = await env.admin.put(`/v1/trackres/${t2.id}`, { ...t2WithoutCanonical, idVeiculo: v1.id });
      expect(second.status).toBe(409);
      expect(second.body.message).toBe('Este veículo já tem outro rastreador. Desconecte-o primeiro.');
      expect((await get(`/v1/trackres/${t2.id}`)).idveiculo).toBe(0);

      // Moving t1 to v2 frees v1.
      const moved = await env.admin.put(`/v1/trackres/${t1.id}`, { ...linked.body, idveiculo: v2.id });
      expect(moved.body).toMatchObject({ idveiculo: v2.id, idcliente: v2.idcliente });
      expect((await get(`/v1/veiculos/${v1.id}`)).deviceId).toBe(0);
      expect((await get(`/v1/veiculos/${v2.id}`)).deviceId).toBe(t1.id);

      const unlinked = await env.admin.put(`/v1/trackres/${t1.id}`, { ...moved.body, idveiculo: 0, idcliente: 0 });
      expect(unlinked.body).toMatchObject({ idveiculo: 0, idcliente: 0, Veiculo: null });
      expect((await get(`/v1/veiculos/${v2.id}`)).deviceId).toBe(0);

      const unknown = await env.admin.put(`/v1/trackres/${t1.id}`, { ...t1, idveiculo: 999_999 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual({ idveiculo: 'Veículo não encontrado' });
    });

    it('connects a chip to a tracker from either side; a chip serves one tracker; disconnecting clears both', async () => {
      const tracker = await post('/v1/trackres', newTracker());
      const other = await post('/v1/trackres', newTracker());
      const chip = await post('/v1/chips', newChip({ operadora: 'Claro' }));
      const spare = await post('/v1/chips', newChip());

      const free = await get('/v1/chips?deviceId=0&pageSize=100');
      expect(free.Items.map((c: any) => c.id)).toEqual(expect.arrayContaining([chip.id, spare.id]));

      const connected = await env.admin.put(`/v1/trackres/${tracker.id}`, { ...tracker, chipId: chip.id, phone: 'ignorado' });
      expect(connected.status).toBe(200);
      expect(connected.body).toMatchObject({ chipId: chip.id, phone: chip.phone, iccid: chip.iccid, operadora: 'Claro' });
      const chipNow = await get(`/v1/chips/${chip.id}`);
      expect(chipNow).toMatchObject({ deviceId: tracker.id, device: { id: tracker.id, imei: tracker.imei } });
      expect((await get('/v1/chips?deviceId=0&pageSize=100')).Items.map((c: any) => c.id)).not.toContain(chip.id);
      // The list's status: 0 Livre, 1 Em uso.
      const emUso = (await get('/v1/chips?status=1&pageSize=100')).Items.map((c: any) => c.id);
      expect(emUso).toContain(chip.id);
      expect(emUso).not.toContain(spare.id);
      const listedChip = (await get(`/v1/chips?pesquisa=${chip.iccid}`)).Items[0];
      expect(listedChip.device).toEqual({ id: tracker.id, imei: tracker.imei, modelo: tracker.modelo, marca: tracker.marca });
      expect((await get('/v1/chips?status=0&pageSize=100')).Items.map((c: any) => c.id)).toContain(spare.id);
      // The tracker is found by its chip's number now.
      expect((await get(`/v1/trackres?pesquisa=${chip.phone}`)).Items.map((t: any) => t.id)).toEqual([tracker.id]);

      const taken = await env.admin.put(`/v1/trackres/${other.id}`, { ...other, chipId: chip.id });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('Este chip está em uso por outro rastreador.');
      const secondChip = await env.admin.put(`/v1/trackres/${tracker.id}`, { ...connected.body, chipId: spare.id });
      expect(secondChip.status).toBe(409);
      expect(secondChip.body.message).toBe('Este rastreador já tem outro chip. Desconecte-o primeiro.');
      const fromChipSide = await env.admin.put(`/v1/chips/${spare.id}`, { ...spare, deviceId: tracker.id });
      expect(fromChipSide.status).toBe(409);

      // A chip's new number reaches the tracker's copy.
      const renumbered = await env.admin.put(`/v1/chips/${chip.id}`, { ...chipNow, phone: '21912345678' });
      expect(renumbered.status).toBe(200);
      expect((await get(`/v1/trackres/${tracker.id}`)).phone).toBe('21912345678');

      const disconnected = await env.admin.put(`/v1/trackres/${tracker.id}`, { ...connected.body, chipId: 0 });
      expect(disconnected.body).toMatchObject({ chipId: 0, phone: '', iccid: '', operadora: '' });
      expect((await get(`/v1/chips/${chip.id}`)).deviceId).toBe(0);

      // The chip's side links and unlinks too.
      const viaChip = await env.admin.put(`/v1/chips/${spare.id}`, { ...spare, deviceId: other.id });
      expect(viaChip.status).toBe(200);
      expect(await get(`/v1/trackres/${other.id}`)).toMatchObject({ chipId: spare.id, iccid: spare.iccid });
      expect((await env.admin.put(`/v1/chips/${spare.id}`, { ...spare, deviceId: 0 })).body.deviceId).toBe(0);
      expect(await get(`/v1/trackres/${other.id}`)).toMatchObject({ chipId: 0, iccid: '' });
    });

    it('a failed link changes nothing: the vehicle link is rolled back when the chip is refused', async () => {
      const v = await veiculo();
      const holder = await post('/v1/trackres', newTracker());
      const chip = await post('/v1/chips', newChip());
      await env.admin.put(`/v1/trackres/${holder.id}`, { ...holder, chipId: chip.id });
      const tracker = await post('/v1/trackres', newTracker());
      const refused = await env.admin.put(`/v1/trackres/${tracker.id}`, { ...tracker, idveiculo: v.id, chipId: chip.id });
      expect(refused.status).toBe(409);
      expect((await get(`/v1/veiculos/${v.id}`)).deviceId).toBe(0);
      expect(await get(`/v1/trackres/${tracker.id}`)).toMatchObject({ idveiculo: 0, chipId: 0 });
    });

    it('a tracker created with its links gets both sides at once', async () => {
      const v = await veiculo();
      const chip = await post('/v1/chips', newChip());
      const tracker = await post('/v1/trackres', newTracker({ idveiculo: v.id, chipId: chip.id }));
      expect(tracker).toMatchObject({ idveiculo: v.id, idcliente: v.idcliente, chipId: chip.id, phone: chip.phone });
      expect((await get(`/v1/veiculos/${v.id}`)).deviceId).toBe(tracker.id);
      expect((await get(`/v1/chips/${chip.id}`)).deviceId).toBe(tracker.id);
    });

    it('concurrent links of two trackers to one vehicle: exactly one wins', async () => {
      const v = await veiculo();
      const [a, b] = [await post('/v1/trackres', newTracker()), await post('/v1/trackres', newTracker())];
      const replies = await Promise.all([a, b].map((t) => env.admin.put(`/v1/trackres/${t.id}`, { ...t, idveiculo: v.id })));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = replies.find((r) => r.status === 200)!.body;
      expect((await get(`/v1/veiculos/${v.id}`)).deviceId).toBe(winner.id);
      expect((await get(`/v1/trackres?idveiculo=${v.id}`)).meta.total).toBe(1);
    });

    it('removing frees the other side: vehicle → tracker, tracker → chip and vehicle; a chip in use cannot be removed', async () => {
      const v = await veiculo();
      const chip = await post('/v1/chips', newChip());
      const tracker = await post('/v1/trackres', newTracker({ idveiculo: v.id, chipId: chip.id }));

      const inUse = await env.admin.delete(`/v1/chips/${chip.id}`);
      expect(inUse.status).toBe(409);
      expect(inUse.body.message).toBe(`Chip em uso pelo rastreador IMEI ${tracker.imei}: desconecte-o antes de remover.`);
      expect((await get(`/v1/chips/${chip.id}`)).id).toBe(chip.id);

      await env.admin.post('/v1/uploads', [
        { unid: v.id, documento: 'veiculos', name: 'frente.png', type: 'image/png', base64: dataUrl('image/png', PNG_1PX) },
      ]);
      expect((await env.admin.delete(`/v1/veiculos/${v.id}`)).status).toBe(200);
      expect(await get(`/v1/trackres/${tracker.id}`)).toMatchObject({ idveiculo: 0, idcliente: 0, chipId: chip.id });
      expect((await get(`/v1/uploads?unid=${v.id}&documento=veiculos`)).Items).toEqual([]);

      expect((await env.admin.delete(`/v1/trackres/${tracker.id}`)).status).toBe(200);
      expect((await get(`/v1/chips/${chip.id}`)).deviceId).toBe(0);
      expect((await env.admin.delete(`/v1/chips/${chip.id}`)).status).toBe(200);

      const v2 = await veiculo();
      const t2 = await post('/v1/trackres', newTracker({ idveiculo: v2.id }));
      expect((await env.admin.delete(`/v1/trackres/${t2.id}`)).status).toBe(200);
      expect((await get(`/v1/veiculos/${v2.id}`)).deviceId).toBe(0);
    });
  });

  describe('list replies reused while their tables stand', () => {
    it('a write to an embedded table shows in the next list: renamed client, new IMEI, SQL straight to the table', async () => {
      const owner = await cliente();
      const v = await veiculo(owner.id);
      const chip = await post('/v1/chips', newChip());
      const tracker = await post('/v1/trackres', newTracker({ idveiculo: v.id, chipId: chip.id }));
      const vehicles = `/v1/veiculos?idcliente=${owner.id}`;
      const chipsList = `/v1/chips?pesquisa=${chip.iccid}`;
      const trackers = `/v1/trackres?idveiculo=${v.id}`;
      // Read twice: the second answer comes from the reused reply.
      for (let i = 0; i < 2; i++) {
        expect((await get(vehicles)).Items[0].cliente.name).toBe(owner.name);
        expect((await get(chipsList)).Items[0].device.imei).toBe(tracker.imei);
        expect((await get(trackers)).Items[0].Veiculo.placa).toBe(v.placa);
      }
      await env.admin.put(`/v1/clientes/${owner.id}`, { ...owner, name: 'Nome Trocado da Silva' });
      expect((await get(vehicles)).Items[0].cliente.name).toBe('Nome Trocado da Silva');
      const newImei = newTracker().imei;
      await env.admin.put(`/v1/trackres/${tracker.id}`, { ...tracker, imei: newImei });
      expect((await get(chipsList)).Items[0].device.imei).toBe(newImei);
      expect((await get(vehicles)).Items[0].device.imei).toBe(newImei);
      await env.t.database.db.execute(sql`UPDATE veiculos SET placa = 'SQL1A23' WHERE id = ${v.id}`);
      expect((await get(trackers)).Items[0].Veiculo.placa).toBe('SQL1A23');
    });
  });

  describe('planos', () => {
    it('needs descricao, device limit, value and additional value; money non-negative with two decimals', async () => {
      const missing = await env.admin.post('/v1/planos', {});
      expect(Object.keys(missing.body.errors).sort()).toEqual(['descricao', 'limtdispositivos', 'valor', 'valoradd']);
      expect((await env.admin.post('/v1/planos', newPlano({ valor: -1 }))).body.errors).toEqual({ valor: 'O valor não pode ser negativo' });
      expect((await env.admin.post('/v1/planos', newPlano({ valoradd: 10.555 }))).body.errors).toEqual({
        valoradd: 'Use no máximo duas casas decimais',
      });
      expect((await env.admin.post('/v1/planos', newPlano({ valor: 'dez' }))).status).toBe(400);
      const created = await post('/v1/planos', newPlano({ valor: '1.234,50', valoradd: 0 }));
      expect(created).toMatchObject({ valor: 1234.5, valoradd: 0, limtdispositivos: 1 });
      const updated = await env.admin.put(`/v1/planos/${created.id}`, { ...created, valor: 59.9 });
      expect(updated.body.valor).toBe(59.9);
      expect((await get('/v1/planos?pesquisa=rastreamento')).Items.some((p: any) => p.id === created.id)).toBe(true);
      expect((await env.admin.delete(`/v1/planos/${created.id}`)).status).toBe(200);
    });
  });
});
