/**
 * No personal data in the log (issue 30 item 23): a CPF, a phone and the public pages' tokens never
 * reach a log line, whoever writes it: an Asaas error that repeats the request (logged by the
 * gateway's job at warn, the default level), a request's URL at info; nor a backup's passphrase.
 */
import { formatCPF } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { maskText } from '../../server/plugins/logging';
import { backends, Client, validCpf } from '../support/app';
import { useAppOnAsaasFake } from '../support/asaas';
import { LogCapture } from '../support/log';
import { newCliente } from '../support/registry';
import { waitFor } from '../support/wait';

describe('maskText: what a log line never holds', () => {
  it('masks CPF, CNPJ and phones in their usual spellings, and public tokens; keeps Asaas ids, IMEIs, dates and small numbers', () => {
    for (const personal of [
      '123.456.789-01',
      '12345678901',
      '12.345.678/0001-90',
      '12345678000190',
      '(11) 98765-4321',
      '11 98765-4321',
      '+55 11 98765-4321',
      '5511987654321',
      '(11)3456-7890',
    ])
      expect(maskText(`dado: ${personal}.`)).toBe('dado: [oculto].');
    expect(maskText('GET /v1/static/cobranca/Tk_9x-Ab1 /static/contrato/Zz9?token=abc&x=1')).toBe(
      'GET /v1/static/cobranca/[oculto] /static/contrato/[oculto]?token=[oculto]&x=1',
    );
    const kept = 'pay_080225913252 cus_000005219613 IMEI 356938035643809 em 2026-11-27 21:52:42, 27/11/2026, R$ 1234.56, porta 3000';
    expect(maskText(kept)).toBe(kept);
  });
});

describe.each(backends)('no CPF, phone or public token in the log (%s)', (backend) => {
  const log = new LogCapture();
  const { env, asaas } = useAppOnAsaasFake(backend, { workers: { pollingIntervalSeconds: 0.5 }, logStream: log, logLevel: 'info' });

  it('an Asaas error repeating the client sent (CPF, phone) is logged without them', async () => {
    expect(
      (await env.admin.put('/v1/users/1', { integrations: { gateway: { api: 'asaas', token: asaas.fake.apiKey, status: 1 } } })).status,
    ).toBe(200);
    const cpf = validCpf();
    const phone = '21976543210';
    asaas.fake.echoBody(5);
    const created = await env.admin.post('/v1/clientes', newCliente({ cpf, mobilePhone: phone }));
    expect(created.status).toBe(201);
    await waitFor(() => log.text.includes('Asaas recusou a sincronização'));
    // The fake did repeat them: the log would hold them unmasked.
    expect(asaas.fake.requests.some((r) => r.method === 'POST' && r.path === '/v3/customers' && r.status === 400)).toBe(true);
    expect(log.text).toContain('[oculto]');
    for (const secret of [cpf, formatCPF(cpf), phone, '(21) 97654-3210', '976543210']) {
      expect(log.text.includes(secret), `the log holds ${secret}`).toBe(false);
    }
  });

  it("the payment page's, pre-registration's and contract's tokens in logged URLs are masked (info level)", async () => {
    const tokens = ['cobr-plantado-81723', 'prec-plantado-55190', 'contr-plantado-33021', 'query-plantado-70412'];
    const anonymous = new Client(env.t.app);
    await anonymous.get(`/v1/static/cobranca/${tokens[0]}`);
    await anonymous.get(`/v1/static/precadastro/${tokens[1]}`);
    await anonymous.get(`/v1/static/contrato/${tokens[2]}`);
    await anonymous.get(`/v1/static/contrato?token=${tokens[3]}`);
    await anonymous.get(`/static/cobranca/${tokens[0]}`);
    expect(log.text).toContain('/v1/static/cobranca/[oculto]');
    for (const token of tokens) expect(log.text.includes(token), `the log holds ${token}`).toBe(false);
  });

  it("a backup's passphrase goes in the body and never reaches the log (accepted or refused)", async () => {
    const senha = 'frase-do-backup-plantada-4417';
    const made = await env.t.app.inject({
      method: 'POST',
      url: '/v1/backups/agora',
      headers: { cookie: env.admin.cookie },
      payload: { senha },
    });
    expect(made.statusCode).toBe(200);
    expect(made.rawPayload.subarray(0, 8).toString('ascii')).toBe('RSTRCIF1');
    expect((await env.admin.post('/v1/backups/agora', { senha: `${senha}-${'x'.repeat(200)}` })).status).toBe(400);
    expect(log.text).toContain('/v1/backups/agora');
    expect(log.text.includes(senha)).toBe(false);
  });
});
