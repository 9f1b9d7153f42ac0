/**
 * Integrations in Chromium, through `npm start`, against the local fakes (tests/fakes/): WhatsApp
 * configured on its screen and connected through the QR popup (Online); Traccar configured and its
 * connection tested; a client with its app login, vehicle and tracker (its Traccar device and user
 * made by the queue); a charge already past due created in its dialog, so the client is blocked
 * (Traccar user disabled) and the novacobranca alert reaches the fake's log and the charge's
 * message log; the payment through the webhook, so the client is Ativo and its Traccar user
 * enabled; the engine stopped through the confirmation dialog, and the command in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { addDays } from '../../domain/calendar';
import { startEvolutionFake, type EvolutionFake } from '../fakes/evolution';
import { startTraccarFake, type TraccarFake } from '../fakes/traccar';
import { waitFor } from '../support/wait';
import { brDate, shot, startApp, type RunningApp } from './support';
import { fillIn, openNew, pickClient, screenOf } from './screens';
import { hoje } from './fixtures';
import { closeAll, jsonApi, signedInBrowser } from './session';

const ADMIN = { name: 'Ana Integrações', email: 'ana@integracoes.test', password: 'senha-forte-1' };
const PLACA = 'INT2E34';
const IMEI = '356938035643809';
const CLIENTE = {
  cadastro: 'FISICA',
  name: 'Marta Integrada Teste',
  cpf: generateCPF(),
  email: 'marta@exemplo.com.br',
  mobilePhone: '11987659876',
  login: 'marta.app',
  password: 'senha-do-app',
};

describe('integrations in Chromium, through npm start, against the fakes', () => {
  let app: RunningApp;
  let evolution: EvolutionFake;
  let traccar: TraccarFake;
  let instanceToken = '';
  let browser: Browser, context: BrowserContext, page: Page;
  let idcliente = 0;
  let idveiculo = 0;
  let idcobranca = 0;
  const errors: string[] = [];

  const { dialog, open, snackbar } = screenOf(() => page);
  const api = jsonApi(() => page);
  const chooseStatusAtivo = async () => {
    await page.getByRole('combobox', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Ativo' }).click();
  };
  const traccarUser = () => [...traccar.users.values()].find((user) => user.email === CLIENTE.login);

  beforeAll(async () => {
    evolution = await startEvolutionFake();
    instanceToken = evolution.createInstance('rastreio');
    traccar = await startTraccarFake({ userId: 1 });
    app = await startApp();
    ({ browser, context, page } = await signedInBrowser(app, ADMIN, errors));
  });
  afterAll(async () => {
    await closeAll(browser, app, evolution, traccar);
  });

  it('WhatsApp: configured on its screen, connected through the QR popup, Online', async () => {
    await open('WhatsApp', '/integrations/whats');
    await page.getByText('Offline').waitFor();
    await page.getByLabel('Servidor').fill(evolution.url);
    await page.getByLabel('Instância').fill('rastreio');
    await page.getByLabel('Token', { exact: true }).fill(instanceToken);
    await chooseStatusAtivo();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await snackbar('Informações atualizadas com sucesso').waitFor();
    await page.getByRole('button', { name: 'Conectar' }).click();
    await dialog().getByRole('img', { name: 'QR Code do WhatsApp' }).waitFor();
    await shot(page, 'integracoes-01-whats-qr');
    evolution.scan('rastreio'); // the phone reads the code
    await dialog().waitFor({ state: 'hidden', timeout: 30_000 });
    await page.getByText('Online', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Desconectar' }).waitFor();
    await shot(page, 'integracoes-02-whats-online');
  });

  it('Traccar: configured, connection tested, saved', async () => {
    await open('Traccar', '/integrations/traccar');
    await page.getByLabel('Servidor').fill(traccar.url);
    await page.getByLabel('ID do usuário').fill(String(traccar.userId));
    await page.getByLabel('Token', { exact: true }).fill(traccar.token);
    await chooseStatusAtivo();
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    await snackbar(/Conexão estabelecida com o Traccar/).waitFor();
    await shot(page, 'integracoes-03-traccar');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await snackbar('Informações atualizadas com sucesso').waitFor();
  });

  it('a client, vehicle and tracker reach Traccar; a charge past due blocks the client and its alert is sent and logged', async () => {
    idcliente = (await api('POST', '/v1/clientes', CLIENTE)).id;
    idveiculo = (
      await api('POST', '/v1/veiculos', {
        idcliente,
        category: 'car',
        marca: 'Volkswagen',
        modelo: 'Gol',
        ano: '2021',
        placa: PLACA,
        renavan: '12345678901',
        chassi: '9BWZZZ377VT004251',
      })
    ).id;
    await api('POST', '/v1/trackres', { imei: IMEI, modelo: 'GT06', marca: 'Concox', idveiculo });
    await waitFor(() => [...traccar.devices.values()].some((device) => device.uniqueId === IMEI && device.name === PLACA));
    await waitFor(() => Boolean(traccarUser()));
    expect(traccarUser()!.disabled).toBe(false);

    // No wait for a correction before the charge's message here: it is watched going out (the wait has its API tests).
    await open('Notificações', '/notificacoes');
    await page.getByLabel(/^Espera antes de enviar uma cobrança/).fill('0');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await snackbar('Informações atualizadas com sucesso').waitFor();

    await open('Cobranças', '/cobrancas');
    await openNew(page, 'Nova Cobrança');
    await pickClient(dialog(), 'Marta Integrada', /Marta Integrada Teste/);
    const vencimento = brDate(addDays(hoje(), -10));
    await fillIn(dialog(), [/^Descrição/, 'Mensalidade de rastreamento'], [/^Valor/, '89,90'], [/^Vencimento/, vencimento]);
    await dialog().getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Cadastro realizado com sucesso').waitFor();
    const listed = await api('GET', `/v1/cobrancas?idcliente=${idcliente}&status=2`);
    idcobranca = listed.Items[0].id;
    // Ten days overdue, past `bloqueio` (5): Bloqueado, and the client's Traccar user disabled.
    expect((await api('GET', `/v1/clientes/${idcliente}`)).status).toBe(1);
    await waitFor(() => traccarUser()?.disabled === true);

    await waitFor(() => evolution.sent.some((message) => message.text.includes('Marta Integrada Teste')));
    await page.goto(`/cobrancas/${idcobranca}`);
    const mensagens = page.getByRole('region', { name: 'Mensagens' });
    await mensagens.getByText('Nova cobrança').waitFor();
    await mensagens.getByText('Enviada').waitFor({ timeout: 30_000 });
    await shot(page, 'integracoes-04-cobranca-mensagens');
    const fakeLog = await context.newPage();
    await fakeLog.goto(`${evolution.url}/__fake/`);
    await fakeLog
      .getByText(/Marta Integrada Teste/)
      .first()
      .waitFor();
    await shot(fakeLog, 'integracoes-05-evolution-log');
    await fakeLog.close();
  });

  it('the payment webhook pays the charge: the client is Ativo again and its Traccar user enabled', async () => {
    const { webhookToken } = (await api('GET', '/v1/users/1')).integrations.gateway;
    const posted = await page.request.post(`/webhook/cobranca/1/asaas`, {
      headers: { 'asaas-access-token': webhookToken, 'content-type': 'application/json' },
      data: {
        id: 'evt_e2e_1',
        event: 'PAYMENT_RECEIVED',
        dateCreated: `${hoje()} 10:00:00`,
        payment: { object: 'payment', id: 'pay_e2e_1', status: 'RECEIVED', value: 89.9, externalReference: String(idcobranca) },
      },
    });
    expect(posted.status()).toBe(200);
    await waitFor(async () => (await api('GET', `/v1/clientes/${idcliente}`)).status === 0);
    await waitFor(() => traccarUser()?.disabled === false);
    await open('Clientes', '/clientes');
    await page
      .getByRole('row', { name: /Marta Integrada Teste/ })
      .getByText('Ativo')
      .waitFor();
    await shot(page, 'integracoes-06-cliente-ativo');
    await page.goto(`/cobrancas/${idcobranca}`);
    await page.getByRole('region', { name: 'Mensagens' }).getByText('Recebida').first().waitFor({ timeout: 30_000 });
    await shot(page, 'integracoes-07-cobranca-paga');
  });

  it('the engine stopped through the confirmation dialog naming the plate; the command is in the audit log', async () => {
    const device = [...traccar.devices.values()].find((d) => d.uniqueId === IMEI)!;
    traccar.setOnline(device.id, true);
    await page.goto(`/veiculos/${idveiculo}`);
    await dialog().getByRole('tab', { name: 'Rastreador' }).click();
    await dialog().getByRole('button', { name: 'Bloquear motor', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Bloquear o motor do veículo ${PLACA}?` });
    await confirm.waitFor();
    await shot(page, 'integracoes-08-comando-confirmacao');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await snackbar(/Bloqueio do motor enviado ao rastreador/).waitFor();
    expect(traccar.commands.some((command) => command.deviceId === device.id && command.type === 'engineStop')).toBe(true);

    await open('Auditoria', '/auditoria');
    await page.getByRole('row', { name: new RegExp(`engineStop.*${PLACA}`) }).waitFor();
    await page
      .getByRole('row', { name: /Pagamento/ })
      .first()
      .waitFor();
    await shot(page, 'integracoes-09-auditoria');
    expect(errors).toEqual([]);
  });
});
