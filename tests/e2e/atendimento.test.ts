/**
 * The WhatsApp conversations in Chromium (DESIGN 11, issue 32), through `npm start` against the
 * Evolution fake, whose lever posts the client's messages to the app's webhook as Evolution does: the
 * client asks for the boleto and gets its link, then asks for a person; the shell counts the
 * conversation waiting; staff open it from the inbox at 1366 px, assume it and reply; the client's
 * page lists it and opens the inbox on it. On a phone (393 × 851, touch): the list, the
 * conversation and back, and the bot's payment link opens the payment page; an expired location link
 * shows its clear page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { addDays, todayIn } from '../../domain/calendar';
import { startEvolutionFake, type EvolutionFake } from '../fakes/evolution';
import { waitFor } from '../support/wait';
import { shot, startApp, watchErrors, type RunningApp } from './support';
import { closeAll, jsonApi, signedInBrowser } from './session';

const ADMIN = { name: 'Ana Atendente', email: 'ana@atendimento.test', password: 'senha-forte-1' };
const SEMPRE = [{ de: '00:00', ate: '24:00' }];
const ABERTO = { dom: SEMPRE, seg: SEMPRE, ter: SEMPRE, qua: SEMPRE, qui: SEMPRE, sex: SEMPRE, sab: SEMPRE, feriados: [] };
const PHONE = { viewport: { width: 393, height: 851 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'pt-BR' };
const CLIENTE = { nome: 'Rita Conversa Teste', telefone: '5511987650002' };
const JID = `${CLIENTE.telefone}@s.whatsapp.net`;

describe('atendimento pelo WhatsApp in Chromium', () => {
  let app: RunningApp;
  let evolution: EvolutionFake;
  let browser: Browser, context: BrowserContext, page: Page;
  let idcliente = 0;
  let token = '';
  const errors: string[] = [];
  const api = jsonApi(() => page);
  const sentTo = () => evolution.sent.filter((m) => m.remoteJid === JID || m.number === CLIENTE.telefone || m.number === JID);
  /** The client writes (as a person, not a burst); the test waits for the bot's reply and returns it. */
  let ultimaDoCliente = 0;
  const cliente = async (text: string) => {
    // As a person types: seconds after their last message, well past the 1.5 s within which a burst
    // shares one reply (on a loaded machine a post may reach the webhook late).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ultimaDoCliente + 3000 - Date.now())));
    ultimaDoCliente = Date.now();
    const before = sentTo().length;
    const result = await evolution.receive('rastreio', { from: CLIENTE.telefone, text, pushName: 'Rita' });
    expect(result.statuses).toEqual([200]);
    await waitFor(() => sentTo().length > before, 30_000);
    return sentTo().at(-1)!.text;
  };

  beforeAll(async () => {
    evolution = await startEvolutionFake();
    const instanceToken = evolution.createInstance('rastreio');
    evolution.scan('rastreio');
    app = await startApp();
    ({ browser, context, page } = await signedInBrowser(app, ADMIN, errors));
    await api('PUT', '/v1/users/1', {
      dadosempresa: { nome: 'Rastreio Atende' },
      integrations: {
        whats: { server: evolution.url, instance: 'rastreio', token: instanceToken, status: 1 },
        notificacoes: { esperaMinutos: 0 },
        atendimento: { ativo: true, observacao: false, horario: ABERTO, foraDoHorario: 'bot', telefoneEmergencia: '0800 000 1234' },
      },
    });
    await waitFor(() => Boolean(evolution.webhooks.get('rastreio')?.enabled), 30_000);
    idcliente = (
      await api('POST', '/v1/clientes', {
        cadastro: 'FISICA',
        name: CLIENTE.nome,
        cpf: generateCPF(),
        email: 'rita@conversa.test',
        mobilePhone: '11987650002',
      })
    ).id;
    token = (
      await api('POST', '/v1/cobrancas', {
        idcliente,
        descricao: 'Mensalidade de abril',
        valor: 89.9,
        duedate: addDays(todayIn('America/Sao_Paulo'), 5),
      })
    ).token;
    // The new charge's own alert goes first: the bot's replies come after it.
    await waitFor(() => sentTo().some((m) => m.text.includes(`/static/cobranca/${token}`)), 30_000);
  });
  afterAll(async () => {
    await closeAll(browser, app, evolution);
  });

  it('the client gets the boleto’s link and asks for a person; staff see the count, assume and reply from the inbox; the client’s page lists it', async () => {
    expect(await cliente('oi')).toContain('1. Segunda via');
    const boleto = await cliente('1');
    expect(boleto).toContain(`${app.url}/static/cobranca/${token}`);
    expect(boleto).toContain('R$ 89,90');
    expect(await cliente('5')).toContain('atendente');

    // The shell counts the conversation waiting, and opens the inbox's Aguardando tab.
    await page.goto('/dashboard');
    const aviso = page.getByRole('link', { name: '1 conversa aguardando atendimento' });
    await aviso.waitFor({ timeout: 30_000 });
    await aviso.click();
    await page.waitForURL('**/atendimento?aba=aguardando');
    await page.getByRole('tab', { name: 'Aguardando', selected: true }).waitFor();
    const item = page.getByRole('button', { name: new RegExp(CLIENTE.nome) });
    await item.click();
    const conversa = page.getByTestId('conversa');
    await conversa.getByText('Responda com o número da opção', { exact: false }).first().waitFor();
    await expect.poll(() => conversa.locator('[data-autor="cliente"]').count()).toBe(3);
    await expect.poll(() => conversa.locator('[data-autor="bot"]').count()).toBe(3);
    // Beside it: the client's open charge and situation.
    const lado = page.getByTestId('cliente-lado');
    await lado.getByText('R$ 89,90', { exact: false }).waitFor();
    await lado.getByText('Ativo').waitFor();
    await shot(page, 'atendimento-01-inbox-aguardando');

    await conversa.getByRole('button', { name: 'Assumir' }).click();
    await page.getByText('Conversa assumida').waitFor();
    await conversa.getByText('Com Ana Atendente', { exact: false }).waitFor();
    // An empty reply is refused under the field; then the reply goes.
    await conversa.getByRole('button', { name: 'Enviar' }).click();
    await conversa.getByText('Escreva a mensagem.').first().waitFor();
    await conversa.getByLabel('Responder').fill('Olá, Rita! Sou a Ana. Como posso ajudar?');
    await conversa.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Mensagem enviada').waitFor();
    await waitFor(() => sentTo().some((m) => m.text === 'Olá, Rita! Sou a Ana. Como posso ajudar?'), 30_000);
    await expect.poll(() => conversa.locator('[data-autor="staff"]').count(), { timeout: 15_000 }).toBe(1);
    await conversa.locator('[data-autor="staff"]').getByText('Enviada', { exact: false }).waitFor({ timeout: 15_000 });
    // The badge follows: nothing waits for a person now.
    await page.getByRole('link', { name: 'Nenhuma conversa aguardando atendimento' }).waitFor({ timeout: 30_000 });
    // The client answers: it shows in the open conversation within the 5 s refresh, and the bot stays silent.
    const enviadas = sentTo().length;
    await evolution.receive('rastreio', { from: CLIENTE.telefone, text: 'Quero mudar o vencimento', pushName: 'Rita' });
    await conversa.getByText('Quero mudar o vencimento').waitFor({ timeout: 20_000 });
    expect(sentTo()).toHaveLength(enviadas);
    await shot(page, 'atendimento-02-inbox-respondida');

    // The client's page lists the conversation; a click opens the inbox on it.
    await page.goto(`/clientes/${idcliente}/show`);
    const secao = page.getByRole('region', { name: 'Conversas' });
    await secao.getByText('Em atendimento').waitFor();
    await shot(page, 'atendimento-03-cliente-conversas');
    await secao.getByRole('link', { name: /Quero mudar o vencimento/ }).click();
    await page.waitForURL(/\/atendimento\/\d+/);
    await page.getByTestId('conversa').getByText('Olá, Rita! Sou a Ana.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });

  it('(phone) the list, the conversation and back; the bot’s payment link opens the payment page', async () => {
    const phone = await browser.newContext({ ...PHONE, baseURL: app.url, storageState: await context.storageState() });
    const mobile = await phone.newPage();
    const phoneErrors: string[] = [];
    watchErrors(mobile, phoneErrors);
    await mobile.goto('/atendimento');
    const item = mobile.getByRole('button', { name: new RegExp(CLIENTE.nome) });
    await item.waitFor();
    await shot(mobile, 'atendimento-04-phone-lista');
    await item.tap();
    const conversa = mobile.getByTestId('conversa');
    await conversa.getByText('Quero mudar o vencimento').waitFor();
    // No horizontal scroll on the phone.
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(mobile, 'atendimento-05-phone-conversa');
    const link = conversa.getByRole('link', { name: `${app.url}/static/cobranca/${token}` });
    const [pagamento] = await Promise.all([phone.waitForEvent('page'), link.tap()]);
    await pagamento.waitForLoadState();
    await pagamento.getByRole('heading', { name: 'Rastreio Atende', level: 1 }).waitFor({ timeout: 30_000 });
    await pagamento.getByText(`Olá, ${CLIENTE.nome}!`).waitFor();
    await shot(pagamento, 'atendimento-06-phone-link-pagamento');
    await pagamento.close();
    // The client's side panel, then back to the list.
    await mobile.getByRole('button', { name: 'Cobranças e veículos do cliente' }).tap();
    await mobile.getByTestId('cliente-lado').getByText('R$ 89,90', { exact: false }).waitFor();
    await shot(mobile, 'atendimento-07-phone-cliente');
    await mobile.getByRole('button', { name: 'Voltar à conversa' }).tap();
    await mobile.getByRole('button', { name: 'Voltar às conversas' }).tap();
    await mobile.waitForURL(/\/atendimento$/);
    await item.waitFor();
    expect(phoneErrors).toEqual([]);
    // Option 2's public page, opened from a link that expired (its 404 is expected): a clear page, no data.
    const localizacao = await phone.newPage();
    await localizacao.goto('/static/localizacao/expirado-ou-inexistente');
    await localizacao.getByRole('heading', { name: 'Este link de localização expirou ou não existe.' }).waitFor();
    await shot(localizacao, 'atendimento-08-phone-localizacao-expirada');
    await phone.close();
  });
});
