/**
 * Getting paid sooner in Chromium, phone-sized, through `npm start` against the fake Asaas and
 * Evolution (issue 21): a charge made by staff reaches WhatsApp with the payment page's link; the
 * link opens the page with the PIX QR code and a copia-e-cola that copies; a payment by webhook
 * turns it to "Pago"; an overdue charge is received by hand in PIX at its updated value, its page
 * says "Pago em dd/mm/aaaa: R$ … (PIX)" and the dashboard's "Recebido no mês" follows.
 * Screenshots of each screen, the payment page in print media too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { addDays } from '../../domain/calendar';
import { formatDate, formatMoney } from '../../domain/formatters';
import { startAsaasFake, type AsaasFake } from '../fakes/asaas';
import { startEvolutionFake, type EvolutionFake } from '../fakes/evolution';
import { waitFor } from '../support/wait';
import { shot, startApp, watchErrors, type RunningApp } from './support';
import { hoje } from './fixtures';
import { closeAll, jsonApi, signedInBrowser } from './session';

const ADMIN = { name: 'Paula Cobradora', email: 'paula@pagamento.test', password: 'senha-forte-1' };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'pt-BR' };

describe('payment page in Chromium, phone-sized', () => {
  let app: RunningApp;
  let asaas: AsaasFake;
  let evolution: EvolutionFake;
  let browser: Browser, page: Page;
  let idcliente = 0;
  const errors: string[] = [];

  const api = jsonApi(() => page);

  beforeAll(async () => {
    asaas = await startAsaasFake();
    evolution = await startEvolutionFake();
    const token = evolution.createInstance('rastreio');
    evolution.scan('rastreio');
    app = await startApp({ ASAAS_BASE_URL: asaas.url });
    ({ browser, page } = await signedInBrowser(app, ADMIN, errors, { options: PHONE }));
    const me = await api('GET', '/v1/users/1');
    await api('PUT', '/v1/users/1', {
      dadosempresa: { nome: 'Rastreio Sul', cnpj: '11222333000181', contato: '(51) 3333-4444' },
      integrations: {
        whats: { server: evolution.url, instance: 'rastreio', token, status: 1 },
        // The messages are watched going out: no wait for a correction (mensagens-espera.test.ts has it).
        notificacoes: { esperaMinutos: 0 },
        gateway: { api: 'asaas', token: asaas.apiKey, status: 1 },
        nfse: {
          ativo: true,
          municipalServiceId: '11.02',
          municipalServiceName: '11.02 - Monitoramento',
          iss: 3,
          retainIss: false,
          emissao: 'manual',
        },
      },
    });
    asaas.setWebhook(`${app.url}/webhook/cobranca/1/asaas`, me.integrations.gateway.webhookToken);
    idcliente = (
      await api('POST', '/v1/clientes', {
        cadastro: 'FISICA',
        name: 'Rita Pagadora Teste',
        cpf: generateCPF(),
        email: 'rita@exemplo.com.br',
        mobilePhone: '11987650001',
      })
    ).id;
  });
  afterAll(async () => {
    await closeAll(browser, app, asaas, evolution);
  });

  it('a charge reaches WhatsApp with its link; the page shows the PIX QR code and a copia-e-cola that copies; a webhook payment turns it to Pago', async () => {
    const cobranca = await api('POST', '/v1/cobrancas', {
      idcliente,
      descricao: 'Mensalidade de março',
      valor: 129.9,
      duedate: addDays(hoje(), 7),
    });
    const link = `${app.url}/static/cobranca/${cobranca.token}`;
    await waitFor(() => evolution.sent.some((message) => message.text.includes(link)), 30_000);
    const message = evolution.sent.find((m) => m.text.includes(link))!;
    expect(message.number).toBe('5511987650001');
    const paymentId = [...asaas.payments.values()].find((p) => p.externalReference === String(cobranca.id))!.id;
    expect(message.text).toContain(`PIX copia e cola: 0002`);

    // The client opens the link on a phone: no session, no shell.
    const client = await browser.newContext({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
    const phone = await client.newPage();
    const phoneErrors: string[] = [];
    watchErrors(phone, phoneErrors);
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'Rastreio Sul', level: 1 }).waitFor();
    await phone.getByText('Olá, Rita Pagadora Teste!').waitFor();
    const qr = phone.getByRole('img', { name: /QR Code do PIX/ });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const payload = await phone.getByLabel('PIX copia e cola').inputValue();
    expect(payload).toContain(paymentId);
    await phone.getByRole('button', { name: 'Copiar código PIX' }).click();
    await phone.getByRole('status').getByText('Copiado!').waitFor();
    expect(await phone.evaluate(() => navigator.clipboard.readText())).toBe(payload);
    await phone.getByLabel('Linha digitável').waitFor();
    await shot(phone, 'pagamento-01-pagina-pix');
    await phone.emulateMedia({ media: 'print' });
    await shot(phone, 'pagamento-02-pagina-impressao');
    await phone.emulateMedia({ media: 'screen' });

    asaas.pay(paymentId);
    await waitFor(async () => (await api('GET', `/v1/cobrancas/${cobranca.id}`)).status === 1, 30_000);
    await phone.reload();
    await phone.getByText(`Pago em ${formatDate(hoje())}`).waitFor();
    await expect.poll(() => phone.getByRole('button', { name: 'Copiar código PIX' }).count()).toBe(0);
    await shot(phone, 'pagamento-03-pagina-paga');

    expect(phoneErrors).toEqual([]);
    // A wrong token (its 404 is expected): a clear page with no data.
    await phone.goto(`${app.url}/static/cobranca/${'0'.repeat(64)}`);
    await phone.getByRole('heading', { name: 'Cobrança não encontrada' }).waitFor();
    await expect.poll(() => phone.getByText('Rita').count()).toBe(0);
    await client.close();

    // Its NFS-e, issued by hand: scheduled, then the PDF once the city hall authorizes it (INVOICE_AUTHORIZED).
    await page.goto(`/cobrancas/${cobranca.id}`);
    await page.getByRole('button', { name: 'Emitir NFS-e' }).click();
    await page.getByText('Agendada').waitFor();
    const invoice = [...asaas.invoices.values()].find((i) => i.payment === paymentId)!;
    asaas.authorizeInvoice(invoice.id);
    await waitFor(async () => (await api('GET', `/v1/cobrancas/${cobranca.id}`)).nfse?.status === 'AUTHORIZED', 30_000);
    await page.reload();
    const pdf = page.getByRole('link', { name: 'PDF da nota' });
    await pdf.waitFor();
    expect(await pdf.getAttribute('href')).toBe(invoice.pdfUrl);
    await shot(page, 'pagamento-07-nfse');
  });

  it('an overdue charge is received by hand in PIX at its updated value; its page says so and the dashboard follows', async () => {
    await page.goto('/dashboard');
    const recebido = page.getByTestId('app.dashboard.indicadores.recebido-valor');
    await expect.poll(async () => (await recebido.textContent())?.includes('R$')).toBe(true);
    const before = (await api('GET', '/v1/financeiro/indicadores')).recebidoMes.valor as number;

    const cobranca = await api('POST', '/v1/cobrancas', { idcliente, descricao: 'Instalação', valor: 250, duedate: addDays(hoje(), -12) });
    const atualizado = (await api('GET', `/v1/cobrancas/${cobranca.id}`)).valorAtualizado as number;
    expect(atualizado).toBeGreaterThan(250);
    await page.goto(`/cobrancas/${cobranca.id}`);
    await page.getByRole('button', { name: 'Receber' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`o valor sugerido é o atualizado, ${formatMoney(atualizado)}`).waitFor();
    await expect.poll(() => dialog.getByLabel(/Valor recebido/).inputValue()).toBe(formatMoney(atualizado).replace('R$', '').trim());
    await dialog.getByRole('combobox', { name: /Forma de pagamento/ }).click();
    await page.getByRole('option', { name: 'PIX' }).click();
    await shot(page, 'pagamento-04-receber');
    await dialog.getByRole('button', { name: 'Confirmar recebimento' }).click();
    await page.getByText(`Pago em ${formatDate(hoje())}: ${formatMoney(atualizado)} (PIX)`).waitFor();
    await shot(page, 'pagamento-05-cobranca-recebida');

    await page.goto('/dashboard');
    await expect.poll(async () => recebido.textContent()).toBe(formatMoney(before + atualizado));
    await shot(page, 'pagamento-06-dashboard');

    // The list on a phone is cards: a checkbox on each, Selecionar tudo, and the same Enviar bar.
    // (The list opens on this month's open charges: one due today is there whatever the date.)
    await api('POST', '/v1/cobrancas', { idcliente, descricao: 'Mensalidade', valor: 90, duedate: hoje() });
    await page.goto('/cobrancas');
    await page.getByRole('checkbox', { name: 'Selecionar tudo' }).check();
    await page.getByRole('button', { name: /^Enviar \(\d+\)$/ }).waitFor();
    await expect.poll(() => page.locator('table').count()).toBe(0);
    await shot(page, 'pagamento-09-lista-selecao');

    // Integrações → Nota fiscal: the service chosen from Asaas' list, as saved.
    await page.goto('/integrations/nfse');
    await page.getByRole('heading', { name: 'Nota fiscal (NFS-e)', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Serviço municipal').inputValue()).toBe('11.02 - Monitoramento');
    await shot(page, 'pagamento-08-nfse-configuracao');
    expect(errors).toEqual([]);
  });
});
