/**
 * Collecting without chasing in Chromium (DESIGN 11, issue 34), through `npm start` against the
 * fake Asaas: staff ask for a subscription's Pix Automático at 1366 px; the client, on a phone
 * (393×851), finds the discount ("Pague R$ 80,00 até dd/mm") and "Ative o débito automático" with
 * its QR code and copia e cola on the payment page; the fake's lever authorizes it (ACTIVATED: the
 * immediate QR code paid), and the next charge's page says "Será debitado automaticamente em
 * dd/mm" with no way to pay. An overdue charge is noticed, simulated (the fee) and sent to
 * negativação from its page by an administrator; its state follows Asaas's event, at 1366 px and
 * on the phone. Screenshots of each screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { addDays } from '../../domain/calendar';
import { formatDate } from '../../domain/formatters';
import { startAsaasFake, type AsaasFake } from '../fakes/asaas';
import { waitFor } from '../support/wait';
import { shot, startApp, watchErrors, type RunningApp } from './support';
import { hoje } from './fixtures';
import { closeAll, jsonApi, signedInBrowser } from './session';

const ADMIN = { name: 'Clara Cobradora', email: 'clara@automatica.test', password: 'senha-forte-1' };
const PHONE = { viewport: { width: 393, height: 851 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'pt-BR' };

describe('collecting without chasing in Chromium, 1366 px and phone', () => {
  let app: RunningApp;
  let asaas: AsaasFake;
  let browser: Browser, context: BrowserContext, page: Page;
  const errors: string[] = [];
  const api = jsonApi(() => page);
  const cliente = (name: string) =>
    api('POST', '/v1/clientes', {
      cadastro: 'FISICA',
      name,
      cpf: generateCPF(),
      email: 'cliente@exemplo.com.br',
      mobilePhone: '11987650002',
      postalCode: '01310-000',
      address: 'Avenida Paulista',
      addressNumber: '1000',
      province: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });

  beforeAll(async () => {
    asaas = await startAsaasFake();
    app = await startApp({ ASAAS_BASE_URL: asaas.url });
    ({ browser, context, page } = await signedInBrowser(app, ADMIN, errors));
    const me = await api('GET', '/v1/users/1');
    await api('PUT', '/v1/users/1', {
      dadosempresa: { nome: 'Rastreio Norte', cnpj: '11222333000181', contato: '(11) 3333-4444' },
      integrations: {
        gateway: { api: 'asaas', token: asaas.apiKey, status: 1 },
        pixAutomatico: { ativo: true },
        negativacao: { ativo: true, diasAtraso: 30, diasAviso: 0 },
      },
    });
    asaas.setWebhook(`${app.url}/webhook/cobranca/1/asaas`, me.integrations.gateway.webhookToken);
  });
  afterAll(async () => {
    await closeAll(browser, app, asaas);
  });

  it('a client authorizes Pix Automático from the payment page; the next charge says "será debitado"', async () => {
    const { id: idcliente } = await cliente('Bruno Debitado Teste');
    const assinatura = await api('POST', '/v1/assinaturas', {
      idcliente,
      description: 'Rastreamento mensal',
      valor: 90,
      cycle: 'MONTHLY',
      nextduedate: addDays(hoje(), 8),
      // The early-payment discount: R$ 10,00 until the due date.
      desconto: { valor: 10, tipo: 'valor', diasAntes: 0 },
    });
    const charges = async () => (await api('GET', `/v1/cobrancas?idcliente=${idcliente}&dataInicio=2000-01-01&dataFim=2100-01-01`)).Items;
    await waitFor(async () => (await charges()).length === 1, 30_000);
    const [first] = await charges();

    // Staff ask for the authorization from the subscription (1366 px).
    await page.goto(`/assinaturas/${assinatura.id}`);
    await page.getByRole('button', { name: 'Pix Automático', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ativar o Pix Automático' });
    await dialog.getByLabel('Enviar o QR Code e o copia e cola ao cliente por WhatsApp').uncheck();
    await dialog.getByRole('button', { name: 'Gerar autorização' }).click();
    await dialog.getByRole('img', { name: 'QR Code da autorização do Pix Automático' }).waitFor();
    expect(await dialog.getByLabel('Pix Automático copia e cola').inputValue()).toMatch(/^0002/);
    await shot(page, 'cobranca-auto-01-assinatura-autorizacao');
    await dialog.getByRole('button', { name: 'Fechar' }).click();

    // The client opens the payment page on a phone: "Ative o débito automático".
    const client = await browser.newContext(PHONE);
    const phone = await client.newPage();
    const phoneErrors: string[] = [];
    watchErrors(phone, phoneErrors);
    await phone.goto(`${app.url}/static/cobranca/${first.token}`);
    await phone.getByText(/Pague R\$\s80,00 até \d\d\/\d\d \(desconto de R\$\s10,00\)\./).waitFor();
    await phone.getByRole('heading', { name: 'Ative o débito automático' }).waitFor();
    const qr = phone.getByRole('img', { name: /QR Code do Pix Automático/ });
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await phone.getByLabel('Pix Automático copia e cola').inputValue()).toMatch(/^0002/);
    await shot(phone, 'cobranca-auto-02-pagina-ativar');

    // The client pays the QR code and authorizes in the bank's app (the fake's lever): the charge is paid, Pix Automático ativo.
    const [authorization] = [...asaas.authorizations.values()].filter((a) => a.contractId === `assinatura-${assinatura.id}`);
    asaas.authorizationEvent(authorization.id, 'ACTIVATED');
    await waitFor(async () => (await api('GET', `/v1/cobrancas/${first.id}`)).status === 1, 30_000);
    await waitFor(async () => (await api('GET', `/v1/assinaturas/${assinatura.id}`)).pixAutomatico?.status === 'ativa', 30_000);

    // The next charge: "Será debitado automaticamente em dd/mm", without PIX, boleto or link.
    const sub = [...asaas.subscriptions.values()].find((s) => s.externalReference === `assinatura-${assinatura.id}`)!;
    const payment = asaas.generateNextPayment(sub.id);
    await waitFor(async () => (await charges()).length === 2, 30_000);
    const next = (await charges()).find((c: { id: number }) => c.id !== first.id);
    await phone.goto(`${app.url}/static/cobranca/${next.token}`);
    await phone.getByText(`Será debitado automaticamente em ${formatDate(payment.dueDate).slice(0, 5)}`).waitFor();
    expect(await phone.getByRole('button', { name: /Copiar/ }).count()).toBe(0);
    expect(await phone.getByRole('link', { name: 'Outras formas de pagamento' }).count()).toBe(0);
    await shot(phone, 'cobranca-auto-03-sera-debitado');
    expect(phoneErrors).toEqual([]);
    await client.close();

    // Staff see the forma and its state in the list.
    await page.goto('/assinaturas');
    await page.getByText('Pix Automático · ativo').first().waitFor();
    await shot(page, 'cobranca-auto-04-assinaturas');

    // And on a phone: the list's card and the client's page show it too.
    const staffPhone = await browser.newContext({ ...PHONE, baseURL: app.url, storageState: await context.storageState() });
    const mobile = await staffPhone.newPage();
    watchErrors(mobile, errors);
    await mobile.goto('/assinaturas');
    await mobile.getByText('Pix Automático · ativo').first().waitFor();
    await shot(mobile, 'cobranca-auto-04b-assinaturas-celular');
    await mobile.goto(`/clientes/${idcliente}/show`);
    await mobile.getByText('Pix Automático · ativo').first().waitFor();
    await shot(mobile, 'cobranca-auto-04c-cliente-celular');
    await staffPhone.close();
  });

  it('an overdue charge with negativação shows its state on the charge page (1366 px and phone)', async () => {
    const { id: idcliente } = await cliente('Carla Negativada Teste');
    const cobranca = await api('POST', '/v1/cobrancas', {
      idcliente,
      descricao: 'Mensalidade antiga',
      valor: 150,
      duedate: addDays(hoje(), -40),
    });
    await waitFor(() => [...asaas.payments.values()].some((p) => p.externalReference === String(cobranca.id)), 30_000);
    const paymentId = [...asaas.payments.values()].find((p) => p.externalReference === String(cobranca.id))!.id;
    asaas.overdue(paymentId);
    await waitFor(async () => (await api('GET', `/v1/cobrancas/${cobranca.id}`)).status === 2, 30_000);

    await page.goto(`/cobrancas/${cobranca.id}`);
    const painel = page.getByTestId('negativacao');
    await painel.getByText('Não solicitada').waitFor();
    await painel.getByRole('button', { name: 'Registrar aviso por outro meio' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Registrar aviso por outro meio' }).click();
    await page.getByText('Aviso registrado.').waitFor();
    await painel.getByText(formatDate(hoje())).waitFor();
    await painel.getByRole('button', { name: 'Simular' }).click();
    await painel.getByText(/Permitida pelo Asaas\. Taxa: R\$\s9,99/).waitFor();
    await painel.getByRole('button', { name: 'Solicitar negativação' }).click();
    const pergunta = page.getByRole('dialog');
    await pergunta.getByText(/R\$\s9,99/).waitFor();
    await pergunta.getByRole('button', { name: 'Solicitar negativação' }).click();
    await painel.getByText('Pendente').waitFor();

    // Asaas processes it (PAYMENT_DUNNING_REQUESTED): the page follows.
    const [dunning] = [...asaas.dunnings.values()].filter((d) => d.payment === paymentId);
    asaas.setDunningStatus(dunning.id, 'PROCESSED');
    await waitFor(async () => (await api('GET', `/v1/cobrancas/${cobranca.id}`)).negativacao?.status === 'PROCESSED', 30_000);
    await page.reload();
    await page.getByTestId('negativacao').getByText('Negativada (Serasa)').waitFor();
    await page.getByTestId('negativacao').getByRole('button', { name: 'Cancelar negativação' }).waitFor();
    await page.getByTestId('negativacao').scrollIntoViewIfNeeded();
    await shot(page, 'cobranca-auto-05-negativacao');

    const phoneContext = await browser.newContext({ ...PHONE, baseURL: app.url, storageState: await context.storageState() });
    const mobile = await phoneContext.newPage();
    watchErrors(mobile, errors);
    await mobile.goto(`/cobrancas/${cobranca.id}`);
    await mobile.getByTestId('negativacao').getByText('Negativada (Serasa)').waitFor();
    await mobile.getByTestId('negativacao').scrollIntoViewIfNeeded();
    await shot(mobile, 'cobranca-auto-06-negativacao-celular');
    await phoneContext.close();
    expect(errors).toEqual([]);
  });
});
