/**
 * The fake Traccar, Evolution and Asaas servers answer like the real ones (INTEGRATIONS.md): auth,
 * error shapes, the flows the app relies on, and the levers tests pull (down, slow, rate limit).
 * Everything goes through real HTTP with global fetch.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsaasFake, type AsaasFake } from '../fakes/asaas';
import { startEvolutionFake, type EvolutionFake } from '../fakes/evolution';
import { startTraccarFake, type TraccarFake } from '../fakes/traccar';

const json = { 'content-type': 'application/json' };
const send = (url: string, method: string, body: unknown, headers: Record<string, string>) =>
  fetch(url, { method, headers: { ...json, ...headers }, body: JSON.stringify(body) });

describe('traccar fake', () => {
  let t: TraccarFake;
  beforeAll(async () => void (t = await startTraccarFake({ userId: 7 })));
  afterAll(() => t.close());
  const auth = () => ({ authorization: `bearer ${t.token}` }); // the scheme is case-insensitive
  const api = (method: string, path: string, body?: unknown) => send(`${t.url}/api${path}`, method, body, auth());

  it('answers 401 with an empty body without the Bearer token; /api/session needs ?token=', async () => {
    const denied = await fetch(`${t.url}/api/devices`, { headers: { authorization: 'Bearer nope' } });
    expect([denied.status, await denied.text()]).toEqual([401, '']);
    expect((await fetch(`${t.url}/api/session?token=nope`)).status).toBe(401);
    expect((await fetch(`${t.url}/api/session`, { headers: auth() })).status).toBe(404);
    const session = await fetch(`${t.url}/api/session?token=${encodeURIComponent(t.token)}`);
    expect(await session.json()).toMatchObject({ id: 7, administrator: true });
  });

  it('keeps uniqueId trimmed and unique (400 text/plain), replaces a device whole by the body id', async () => {
    const created = await (await api('POST', '/devices', { name: 'Gol', uniqueId: ' 0861 ', phone: '11999' })).json();
    expect(created).toMatchObject({ name: 'Gol', uniqueId: '0861', status: 'offline', lastUpdate: null, positionId: 0, attributes: {} });
    const duplicate = await api('POST', '/devices', { name: 'Outro', uniqueId: '0861' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.headers.get('content-type')).toMatch(/^text\/plain/);
    const trace = await duplicate.text();
    expect(trace).toMatch(/Unique index or primary key violation.*tc_devices/s);
    expect(() => JSON.parse(trace)).toThrow();
    const put = await (await api('PUT', '/devices/999', { id: created.id, name: 'Gol G5', uniqueId: '0861' })).json();
    expect(put).toMatchObject({ id: created.id, name: 'Gol G5', phone: null });
    expect((await api('PUT', '/devices/1', { id: 999, name: 'x', uniqueId: 'y' })).status).toBe(400);
    expect(await (await api('GET', '/devices?uniqueId=0861&uniqueId=zzz')).json()).toHaveLength(1);
    t.setPosition(created.id, { speed: 30 });
    expect(await (await api('GET', `/positions?deviceId=${created.id}`)).json()).toMatchObject([
      { speed: 30, fixTime: expect.stringMatching(/\+00:00$/) },
    ]);
    expect((await api('DELETE', `/devices/${created.id}`)).status).toBe(204);
    expect(t.devices.size).toBe(0);
  });

  it('sends commands live (200), queues them offline (202) and refuses unsupported types (400 text)', async () => {
    const device = await (await api('POST', '/devices', { name: 'Moto', uniqueId: '555' })).json();
    expect(await (await api('GET', `/commands/types?deviceId=${device.id}`)).json()).toContainEqual({ type: 'engineStop' });
    const queued = await api('POST', '/commands/send', { deviceId: device.id, type: 'engineStop', attributes: {} });
    expect([queued.status, await queued.json()]).toEqual([202, expect.objectContaining({ id: expect.any(Number), textChannel: false })]);
    t.setOnline(device.id, true);
    expect((await api('POST', '/commands/send', { deviceId: device.id, type: 'engineResume', attributes: {} })).status).toBe(200);
    t.setSupported(device.id, ['positionSingle']);
    const refused = await api('POST', '/commands/send', { deviceId: device.id, type: 'engineStop', attributes: {} });
    expect([refused.status, await refused.text()]).toEqual([
      400,
      expect.stringContaining('Command engineStop is not supported in protocol gt06'),
    ]);
    expect(t.commands.map((c) => c.status)).toEqual([202, 200, 400]);
  });

  it("creates a customer's user without echoing the password and links devices to it", async () => {
    const user = await (await api('POST', '/users', { name: 'Cliente', email: 'c@x.com', password: 's3cr3t' })).json();
    expect(user).toMatchObject({ email: 'c@x.com', administrator: false });
    expect(JSON.stringify(user)).not.toContain('s3cr3t');
    expect((await api('POST', '/users', { name: 'Dup', email: 'C@x.com' })).status).toBe(400);
    const device = [...t.devices.values()][0];
    expect((await api('POST', '/permissions', { userId: user.id, deviceId: 999 })).status).toBe(400);
    expect((await api('POST', '/permissions', { userId: user.id, deviceId: device.id })).status).toBe(204);
    expect(await (await api('GET', `/devices?userId=${user.id}`)).json()).toMatchObject([{ id: device.id }]);
  });
});

describe('evolution fake', () => {
  let e: EvolutionFake;
  let token: string;
  beforeAll(async () => {
    e = await startEvolutionFake();
    token = e.createInstance('rastreio');
  });
  afterAll(() => e.close());
  const call = (method: string, path: string, key: string, body?: unknown) => send(`${e.url}${path}`, method, body, { apikey: key });

  it('checks the instance (404) before the key (401), each in its own shape', async () => {
    const missing = await call('GET', '/instance/connectionState/outra', 'wrong');
    expect([missing.status, await missing.json()]).toEqual([
      404,
      { status: 404, error: 'Not Found', response: { message: ['The "outra" instance does not exist'] } },
    ]);
    const denied = await call('GET', '/instance/connectionState/rastreio', 'wrong');
    expect(await denied.json()).toEqual({ status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } });
    expect((await call('GET', '/instance/connectionState/rastreio', token)).status).toBe(200);
    const otherToken = e.createInstance('outra');
    expect((await call('GET', '/instance/connectionState/rastreio', otherToken)).status).toBe(401);
    expect((await call('POST', '/instance/create', token, { instanceName: 'x', integration: 'WHATSAPP-BAILEYS' })).status).toBe(401);
    const dup = await call('POST', '/instance/create', e.globalKey, { instanceName: 'outra', integration: 'WHATSAPP-BAILEYS' });
    expect([dup.status, (await dup.json()).response.message]).toEqual([403, ['This name "outra" is already in use.']]);
    expect((await call('POST', '/instance/create', e.globalKey, { instanceName: 'y', integration: 'X' })).status).toBe(400);
    const created = await call('POST', '/instance/create', e.globalKey, { instanceName: 'nova', integration: 'WHATSAPP-BAILEYS' });
    expect([created.status, (await created.json()).hash]).toEqual([201, e.instances.get('nova')!.token]);
  });

  it('shows a QR code until it is scanned, refuses to send before, then sends and finds the message', async () => {
    const first = await (await call('GET', '/instance/connect/rastreio', token)).json();
    expect(first).toMatchObject({ pairingCode: null, code: expect.stringMatching(/^2@/), count: 1 });
    expect(Buffer.from(first.base64.replace('data:image/png;base64,', ''), 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await (await call('GET', '/instance/connect/rastreio', token)).json()).count).toBe(2);
    const closed = await call('POST', '/message/sendText/rastreio', token, { number: '5511987654321', text: 'Oi' });
    expect([closed.status, (await closed.json()).response.message]).toEqual([400, ['Connection Closed']]);
    e.scan('rastreio');
    expect(await (await call('GET', '/instance/connect/rastreio', token)).json()).toEqual({
      instance: { instanceName: 'rastreio', state: 'open' },
    });

    const sent = await call('POST', '/message/sendText/rastreio', token, {
      number: '+55 (11) 98765-4321',
      text: 'Seu boleto vence amanhã',
    });
    const message = await sent.json();
    expect(sent.status).toBe(201);
    expect(message).toMatchObject({
      key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, id: expect.stringMatching(/^[0-9A-F]+$/) },
      pushName: '',
      status: 'PENDING',
      message: { conversation: 'Seu boleto vence amanhã' },
      contextInfo: null,
      messageType: 'conversation',
      messageTimestamp: expect.any(Number),
      source: 'unknown',
    });
    expect(e.sent).toMatchObject([{ instance: 'rastreio', number: '5511987654321', id: message.key.id }]);
    const bad = await (await call('POST', '/message/sendText/rastreio', token, { number: '5511987654321' })).json();
    expect(bad).toMatchObject({ status: 400, error: 'Bad Request', response: { message: [expect.stringContaining('text')] } });
    e.notOnWhatsApp('5511900000000');
    const nobody = await call('POST', '/message/sendText/rastreio', token, { number: '5511900000000', text: 'Oi' });
    expect((await nobody.json()).response.message).toEqual([
      { jid: '5511900000000@s.whatsapp.net', exists: false, number: '5511900000000' },
    ]);

    const found = await (await call('POST', '/chat/findMessages/rastreio', token, { where: { key: { id: message.key.id } } })).json();
    expect(found.messages).toMatchObject({
      total: 1,
      pages: 1,
      currentPage: 1,
      records: [{ key: message.key, message: { conversation: 'Seu boleto vence amanhã' } }],
    });
    const none = await (await call('POST', '/chat/findMessages/rastreio', token, { where: { key: { id: 'NOPE' } } })).json();
    expect(none.messages.total).toBe(0);
    expect((await call('DELETE', '/instance/logout/rastreio', token)).status).toBe(200);
    expect((await call('DELETE', '/instance/logout/rastreio', token)).status).toBe(400);
  });

  it('goes down through the control API (connections cut) while the control API still answers', async () => {
    await fetch(`${e.url}/__fake/down`, { method: 'POST', body: JSON.stringify({ seconds: 5 }) });
    await expect(fetch(`${e.url}/`)).rejects.toThrow();
    expect((await fetch(`${e.url}/__fake/`)).headers.get('content-type')).toMatch(/text\/html/);
    await fetch(`${e.url}/__fake/up`, { method: 'POST' });
    expect((await (await fetch(`${e.url}/`)).json()).version).toBe('2.3.1');
  });

  it('stays down without seconds (or for a year) until /__fake/up: no timer overflow brings it back at once', async () => {
    for (const body of [{}, { seconds: 365 * 24 * 3600 }]) {
      const down = await (await fetch(`${e.url}/__fake/down`, { method: 'POST', body: JSON.stringify(body) })).json();
      expect(down.down).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 5)); // an overflowed timer fires after 1 ms
      await expect(fetch(`${e.url}/`)).rejects.toThrow();
      await fetch(`${e.url}/__fake/up`, { method: 'POST' });
      expect((await fetch(`${e.url}/`)).status).toBe(200);
    }
  });
});

describe('asaas fake', () => {
  let a: AsaasFake;
  let receiver: http.Server;
  const received: { token: unknown; body: any }[] = [];
  beforeAll(async () => {
    a = await startAsaasFake();
    receiver = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        received.push({ token: req.headers['asaas-access-token'], body: JSON.parse(text) });
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    a.setWebhook(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`, 'w'.repeat(32));
  });
  afterAll(async () => {
    await a.close();
    receiver.close();
  });
  const call = (method: string, path: string, body?: unknown, key = a.apiKey) =>
    send(`${a.url}${path}`, method, body, { access_token: key });
  const customer = () => call('POST', '/customers', { name: 'Maria', cpfCnpj: '24971563792' }).then((r) => r.json());

  it('answers 401 with an errors array to a wrong key and 403 to a GET with a body', async () => {
    const denied = await call('GET', '/customers', undefined, '$aact_prod_x');
    expect([denied.status, await denied.json()]).toEqual([
      401,
      { errors: [{ code: 'invalid_access_token', description: expect.any(String) }] },
    ]);
    const status = await new Promise((resolve) => {
      const req = http.request(`${a.url}/customers`, { method: 'GET', headers: { access_token: a.apiKey, 'content-length': 2 } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.end('{}');
    });
    expect(status).toBe(403);
  });

  it('validates fields with invalid_<field> codes', async () => {
    const bad = await (await call('POST', '/customers', { name: '', cpfCnpj: '123.456.789-09' })).json();
    expect(bad.errors.map((x: any) => x.code)).toEqual(['invalid_name', 'invalid_cpfCnpj']);
    const payment = await (
      await call('POST', '/payments', { customer: 'cus_nope', billingType: 'CHEQUE', value: 0, dueDate: '10/05/2030' })
    ).json();
    expect(payment.errors.map((x: any) => x.code)).toEqual(['invalid_customer', 'invalid_billingType', 'invalid_value', 'invalid_dueDate']);
    const { id } = await customer();
    const sub = await call('POST', '/subscriptions', {
      customer: id,
      billingType: 'PIX',
      value: 59.9,
      nextDueDate: '2030-01-10',
      cycle: 'DAILY',
    });
    expect([sub.status, (await sub.json()).errors[0].code]).toEqual([400, 'invalid_cycle']);
    expect((await call('GET', '/payments/pay_000000000000')).status).toBe(404);
  });

  it('PUT /payments/{id} requires billingType, value and dueDate (400 invalid_<field> for each missing), as the real PaymentUpdateRequest does', async () => {
    const { id } = await customer();
    const created = await (
      await call('POST', '/payments', { customer: id, billingType: 'UNDEFINED', value: 80, dueDate: '2030-04-10' })
    ).json();
    const partial = await call('PUT', `/payments/${created.id}`, { value: 95, description: 'Nova' });
    expect(partial.status).toBe(400);
    expect((await partial.json()).errors.map((x: any) => x.code)).toEqual(['invalid_billingType', 'invalid_dueDate']);
    expect(a.payments.get(created.id)).toMatchObject({ value: 80, description: null });
    const whole = await call('PUT', `/payments/${created.id}`, {
      billingType: 'UNDEFINED',
      value: 95,
      dueDate: '2030-04-12',
      description: 'Nova',
    });
    expect(whole.status).toBe(200);
    expect(await whole.json()).toMatchObject({ value: 95, dueDate: '2030-04-12', description: 'Nova', billingType: 'UNDEFINED' });
  });

  it('pay: the client chooses the method of an UNDEFINED payment (PIX by default) and may pay more than its value (fine and interest): value is what was paid, netValue after the fee', async () => {
    const { id } = await customer();
    const created = await (
      await call('POST', '/payments', { customer: id, billingType: 'UNDEFINED', value: 100, dueDate: '2030-04-10' })
    ).json();
    expect(a.pay(created.id, { billingType: 'BOLETO', value: 103.5 })).toMatchObject({
      status: 'RECEIVED',
      billingType: 'BOLETO',
      value: 103.5,
      originalValue: 100,
      interestValue: 3.5,
      netValue: 101.51,
    });
    const other = await (
      await call('POST', '/payments', { customer: id, billingType: 'UNDEFINED', value: 40, dueDate: '2030-04-10' })
    ).json();
    expect(a.pay(other.id)).toMatchObject({ billingType: 'PIX', value: 40, originalValue: null, netValue: 38.01 });
  });

  it('lists in the envelope, limit up to 100, filtering dueDate[ge]/[le] from the raw query', async () => {
    const { id } = await customer();
    for (const dueDate of ['2030-01-05', '2030-02-05', '2030-03-05'])
      await call('POST', '/payments', { customer: id, billingType: 'BOLETO', value: 89.9, dueDate });
    const page = await (await call('GET', `/payments?customer=${id}&limit=2`)).json();
    expect(page).toMatchObject({ object: 'list', hasMore: true, totalCount: 3, limit: 2, offset: 0 });
    expect(page.data[0]).toMatchObject({
      object: 'payment',
      id: expect.stringMatching(/^pay_[A-Za-z0-9]{12}$/),
      status: 'PENDING',
      deleted: false,
    });
    expect(page.data[0].bankSlipUrl).toMatch(/^https:\/\/sandbox\.asaas\.com\/b\/pdf\//);
    const range = await (await call('GET', `/payments?customer=${id}&dueDate%5Bge%5D=2030-02-01&dueDate[le]=2030-02-28`)).json();
    expect(range.data.map((p: any) => p.dueDate)).toEqual(['2030-02-05']);
    expect((await call('GET', '/payments?limit=101')).status).toBe(400);
  });

  it('delivers webhooks with asaas-access-token: subscription payment, payment received, replay, subscription deleted', async () => {
    received.length = 0;
    const { id } = await customer();
    const sub = await (
      await call('POST', '/subscriptions', { customer: id, billingType: 'PIX', value: 59.9, nextDueDate: '2030-01-10', cycle: 'MONTHLY' })
    ).json();
    expect(sub).toMatchObject({ object: 'subscription', id: expect.stringMatching(/^sub_/), status: 'ACTIVE', nextDueDate: '2030-01-10' });
    const [first] = (await (await call('GET', `/subscriptions/${sub.id}/payments`)).json()).data;
    expect(first).toMatchObject({ subscription: sub.id, dueDate: '2030-01-10', bankSlipUrl: null });
    a.pay(first.id);
    await a.idle();
    expect(received.map((r) => [r.token, r.body.event])).toEqual([
      ['w'.repeat(32), 'PAYMENT_CREATED'],
      ['w'.repeat(32), 'PAYMENT_RECEIVED'],
    ]);
    expect(received[1].body).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      dateCreated: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(received[1].body.payment).toMatchObject({ id: first.id, status: 'RECEIVED', paymentDate: expect.any(String) });
    a.replay(received[1].body.id);
    const second = a.generateNextPayment(sub.id);
    expect(second.dueDate).toBe('2030-02-10');
    expect(await (await call('DELETE', `/subscriptions/${sub.id}`)).json()).toEqual({ deleted: true, id: sub.id });
    await a.idle();
    expect(received.slice(2).map((r) => [r.body.event, r.body.payment.id])).toEqual([
      ['PAYMENT_RECEIVED', first.id],
      ['PAYMENT_CREATED', second.id],
      ['PAYMENT_DELETED', second.id],
    ]);
    expect(received[2].body.id).toBe(received[1].body.id);
    expect(a.deliveries.every((d) => d.status === 200)).toBe(true);
  });

  it('receives in cash (PAYMENT_RECEIVED, status RECEIVED_IN_CASH) and undoes it (PAYMENT_RECEIVED_IN_CASH_UNDONE), with their errors', async () => {
    const { id: customerId } = await customer();
    const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const pay = await (await call('POST', '/payments', { customer: customerId, billingType: 'UNDEFINED', value: 90, dueDate: due })).json();
    const cash = (id: string, body: unknown) => call('POST', `/payments/${id}/receiveInCash`, body);
    expect((await cash('pay_nao_existe', { paymentDate: due, value: 90, notifyCustomer: false })).status).toBe(404);
    expect((await call('POST', '/payments/pay_nao_existe/undoReceivedInCash', {})).status).toBe(404);
    const notReceived = await call('POST', `/payments/${pay.id}/undoReceivedInCash`, {});
    expect([notReceived.status, (await notReceived.json()).errors[0].code]).toEqual([400, 'invalid_action']);
    expect((await (await cash(pay.id, { value: 90 })).json()).errors[0].code).toBe('invalid_paymentDate');
    const received = await cash(pay.id, { paymentDate: due, value: 90, notifyCustomer: false });
    expect(await received.json()).toMatchObject({ status: 'RECEIVED_IN_CASH', paymentDate: due });
    const again = await cash(pay.id, { paymentDate: due, value: 90, notifyCustomer: false });
    expect([again.status, (await again.json()).errors[0]]).toEqual([
      400,
      { code: 'invalid_action', description: 'Esta cobrança já foi recebida.' },
    ]);
    expect(await (await call('POST', `/payments/${pay.id}/undoReceivedInCash`, {})).json()).toMatchObject({
      status: 'PENDING',
      paymentDate: null,
    });
    const events = [...a.events.values()]
      .filter((e) => (e as { payment?: { id: string } }).payment?.id === pay.id)
      .map((e) => (e as { event: string }).event);
    expect(events).toEqual(['PAYMENT_CREATED', 'PAYMENT_RECEIVED', 'PAYMENT_RECEIVED_IN_CASH_UNDONE']);
  });

  it('answers 429 on demand, keeps its state across stop/restart, and can be slow', async () => {
    a.rateLimit(1);
    const limited = await call('GET', '/customers');
    expect([limited.status, (await limited.json()).errors[0].code]).toEqual([429, 'rate_limit_exceeded']);
    expect((await call('GET', '/customers')).status).toBe(200);
    const before = a.customers.size;
    await a.stop();
    await expect(call('GET', '/customers')).rejects.toThrow();
    await a.restart();
    expect((await (await call('GET', '/customers?limit=100')).json()).totalCount).toBe(before);
    a.setDelay(150);
    const start = Date.now();
    await call('GET', '/customers?limit=1');
    expect(Date.now() - start).toBeGreaterThanOrEqual(140);
    a.setDelay(0);
  });
});
