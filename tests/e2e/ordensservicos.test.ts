/**
 * Service orders in Chromium through `npm start`: a client, a vehicle and a free tracker (set up
 * through the API), then in the screens an order for them (the client's vehicle picked from its
 * list; the saved order hidden by the Concluído filter, shown by Mostrar); the tracker linked to the
 * vehicle; the order under Em Aberto in the current month, in the agenda and on the dashboard; its page with the
 * checklist answered and Finalizar, confirmed; the order under Concluído; Imprimir asking for the print dialog
 * after 1 s; the page printed on one A4 sheet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { firstOfMonth } from '../../domain/calendar';
import { brDate, clicksOf, printsOf, recordPrints, shot, startApp, type RunningApp } from './support';
import { ADMIN, TECNICO, hoje } from './fixtures';
import { emptyUploadsThenClose, pickClient, screenOf } from './screens';
import { closeAllWithoutErrors, pageFetch, signedInBrowser } from './session';

const CLIENTE = {
  cadastro: 'FISICA',
  name: 'Helena Ordem Teste',
  cpf: generateCPF(),
  email: 'helena@exemplo.com.br',
  mobilePhone: '11976543210',
};
const VEICULO = {
  category: 'car',
  marca: 'Volkswagen',
  modelo: 'Gol',
  ano: '2021',
  placa: 'OSV1A23',
  renavan: '98765432101',
  chassi: '9BWAA05U0BP000001',
};
const TRACKER = { imei: '358899051234567', modelo: 'ST310U', marca: 'Suntech' };
const DESCRICAO = 'Instalação de rastreador com bloqueio';
const hojeBr = () => hoje().split('-').reverse().join('/');

describe('service orders in Chromium, through npm start', () => {
  let app: RunningApp;
  let browser: Browser, page: Page;
  let ordemId = 0;
  const errors: string[] = [];

  const { dialog, open, row } = screenOf(() => page);
  /** A call from the page itself: same origin, the session cookie. */
  const api = pageFetch(() => page);
  const openList = () => open('Ordens de Serviço', '/ordensservicos');
  const setStatus = (label: string) => page.getByLabel('Status').selectOption({ label });

  beforeAll(async () => {
    app = await startApp();
    ({ browser, page } = await signedInBrowser(app, ADMIN, errors, {
      prepare: async (context) => {
        // Imprimir opens the browser's dialog: here it is counted, with the moment it was asked for.
        await recordPrints(context);
        context.on('response', (response) => {
          if (response.status() === 400) errors.push(`400 from ${response.request().method()} ${response.url()}`);
        });
      },
    }));

    expect((await api('POST', '/v1/users', TECNICO)).status).toBe(201);
    const cliente = await api('POST', '/v1/clientes', CLIENTE);
    expect(cliente.status).toBe(201);
    const veiculo = await api('POST', '/v1/veiculos', { ...VEICULO, idcliente: cliente.body.id });
    expect(veiculo.status).toBe(201);
    const tracker = await api('POST', '/v1/trackres', TRACKER);
    expect(tracker.status).toBe(201);
    expect(tracker.body.idveiculo).toBe(0);
  });
  afterAll(() => closeAllWithoutErrors(errors, browser, app));

  it('opens on Concluído in the current month; /odensservicos is the same screen', async () => {
    await page.goto('/odensservicos');
    await page.getByRole('heading', { name: 'Ordens de Serviço', level: 1 }).waitFor();
    await page.waitForURL(/\/ordensservicos(\?|$)/);
    await expect.poll(() => page.getByLabel('Data inicial').inputValue()).toBe(brDate(firstOfMonth(hoje())));
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('1');
    await page.getByText('Nenhum registro encontrado.').waitFor();
    await shot(page, 'ordens-01-lista-vazia');
  });

  it('creates an order in the modal: Informações, Cliente, Veículo, Rastreador', async () => {
    await page.getByRole('link', { name: 'Novo' }).click();
    await dialog().getByRole('heading', { name: 'Nova Ordem de Serviço' }).waitFor();
    await dialog()
      .getByLabel(/^Descrição/)
      .fill(DESCRICAO);
    await dialog().getByLabel('Agendamento').fill(brDate(hoje()));
    await dialog().getByLabel('Horário').fill('09:30');
    await dialog().getByRole('combobox', { name: 'Técnico' }).click();
    await page.getByRole('option', { name: TECNICO.name }).click();
    await dialog().getByRole('textbox', { name: 'Informações' }).fill('Cliente aguarda na portaria.');
    await shot(page, 'ordens-02-modal-informacoes');

    await dialog().getByRole('tab', { name: 'Veículo' }).click();
    await dialog().getByText('Dados do cliente obrigatórios').waitFor();
    await dialog().getByRole('tab', { name: 'Rastreador' }).click();
    await dialog().getByText('Dados do veículo obrigatórios').waitFor();

    await dialog().getByRole('tab', { name: 'Cliente' }).click();
    await pickClient(dialog(), 'helena ordem', new RegExp(CLIENTE.name));
    await dialog().getByRole('region', { name: 'Cliente da ordem' }).getByText(CLIENTE.name).waitFor();
    await shot(page, 'ordens-03-modal-cliente');

    // The client's vehicles are listed to pick from; the search stays for the rest.
    await dialog().getByRole('tab', { name: 'Veículo' }).click();
    const doCliente = dialog().getByRole('region', { name: 'Veículos do cliente' });
    await doCliente.getByRole('button', { name: /Volkswagen Gol 2021/ }).waitFor();
    const placa = dialog().getByLabel('Placa, Renavam ou chassi');
    await dialog().getByRole('button', { name: 'Procurar' }).click();
    await dialog().getByText('Obrigatório informar placa, Renavam ou chassi').waitFor();
    await placa.fill('ZZZ9Z99');
    await dialog().getByRole('button', { name: 'Procurar' }).click();
    await dialog().getByText('Veículo não encontrado').waitFor();
    await doCliente.getByRole('button', { name: /Volkswagen Gol 2021/ }).click();
    await dialog().getByRole('region', { name: 'Veículo da ordem' }).getByText('Volkswagen Gol 2021').waitFor();
    await shot(page, 'ordens-04-modal-veiculo');

    await dialog().getByRole('tab', { name: 'Rastreador' }).click();
    await dialog().getByLabel('IMEI, modelo, marca ou chip').fill(TRACKER.imei);
    await dialog().getByRole('button', { name: 'Procurar' }).click();
    await dialog().getByRole('region', { name: 'Rastreador da ordem' }).getByText(`IMEI ${TRACKER.imei}`).waitFor();
    await shot(page, 'ordens-05-modal-rastreador');

    // The list shows Concluído: the notice says the new open order is hidden, and Mostrar shows it.
    await dialog().getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Cadastro realizado com sucesso. Os filtros atuais da lista escondem o novo registro.').waitFor();
    await dialog().waitFor({ state: 'detached' });
    await shot(page, 'ordens-05b-aviso-filtros');
    await page.getByRole('button', { name: 'Mostrar' }).click();
    await row(new RegExp(CLIENTE.name)).getByText('Em Aberto').waitFor();
  });

  it('the tracker is now on the vehicle', async () => {
    await page.goto('/rastreadores');
    await page.getByRole('heading', { name: 'Rastreadores', level: 1 }).waitFor();
    await row(new RegExp(TRACKER.imei)).getByText(new RegExp(VEICULO.placa)).waitFor();
    await shot(page, 'ordens-06-rastreador-vinculado');
  });

  it('finds the order under Em Aberto in the current month; the edit modal has Uploads and Finalizar', async () => {
    await openList();
    await setStatus('Em Aberto');
    const ordem = row(new RegExp(CLIENTE.name));
    await ordem.getByRole('cell', { name: 'Volkswagen Gol 2021' }).waitFor();
    await ordem.getByRole('cell', { name: `${hojeBr()} 09:30` }).waitFor();
    await ordem.getByText('Em Aberto').waitFor();
    ordemId = Number(await ordem.getByRole('cell').first().textContent());
    expect(ordemId).toBeGreaterThan(0);
    await shot(page, 'ordens-07-lista-em-aberto');

    await ordem.getByRole('link', { name: 'Editar' }).click();
    await dialog().getByRole('heading', { name: 'Ordem de Serviço' }).waitFor();
    for (const name of ['Salva', 'Limpa', 'Finalizar']) await dialog().getByRole('button', { name }).waitFor();
    await emptyUploadsThenClose(dialog(), 'ordens-08-modal-uploads');
  });

  it('the agenda shows the order on its day; a card opens its modal', async () => {
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    const day = page.getByRole('region', { name: new RegExp(hojeBr()) });
    const card = day.getByRole('link', { name: new RegExp(`09:30 ${CLIENTE.name}`) });
    await card.getByText(TECNICO.name).waitFor();
    await shot(page, 'ordens-09-agenda');
    await card.click();
    await dialog().getByRole('heading', { name: 'Ordem de Serviço' }).waitFor();
    await dialog().getByRole('button', { name: 'Fechar' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Lista', exact: true }).click();
    await page.getByRole('columnheader', { name: 'Descrição' }).waitFor();
  });

  it('the dashboard lists the next scheduled order; its row opens the modal', async () => {
    await page.goto('/dashboard');
    const ordens = page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: 'Ordens de Serviço' }) });
    // The row (its name holds the client's and the date), not the client's own link inside it.
    const linha = ordens.getByRole('link', { name: new RegExp(`${CLIENTE.name}.*${hojeBr()} 09:30`) });
    await linha.getByText(`${hojeBr()} 09:30`).waitFor();
    await shot(page, 'ordens-10-dashboard');
    await linha.click();
    await page.waitForURL(`**/ordensservicos/${ordemId}`);
    await dialog().getByRole('heading', { name: 'Ordem de Serviço' }).waitFor();
  });

  it('the order page: the checklist answered, Finalizar, then Concluído and read-only', async () => {
    await page.goto(`/ordenservico/${ordemId}`);
    await page.getByRole('heading', { name: 'Ordem de Serviço', level: 1 }).waitFor();
    await page.getByText(TRACKER.imei).waitFor();
    const finalizar = page.getByRole('button', { name: 'Finalizar' });
    await expect.poll(() => finalizar.isDisabled()).toBe(true);
    await shot(page, 'ordens-11-pagina');
    const groups = page.getByRole('radiogroup');
    await expect.poll(() => groups.count()).toBe(18);
    for (let i = 0; i < 18; i++) {
      await groups
        .nth(i)
        .getByRole('radio', { name: i === 12 ? 'NT' : 'OK' })
        .check();
    }
    await expect.poll(() => finalizar.isEnabled()).toBe(true);
    await shot(page, 'ordens-12-pagina-checklist');
    // Finalizar asks first: a finalized order is read-only.
    await finalizar.click();
    const confirmar = page.getByRole('dialog', { name: 'Finalizar a ordem de serviço?' });
    await confirmar.getByText(/Somente um administrador pode reabri-la/).waitFor();
    await shot(page, 'ordens-12b-confirmar-finalizar');
    await confirmar.getByRole('button', { name: 'Finalizar' }).click();
    await page.getByText('Ordem de serviço finalizada').waitFor();
    await page.getByText(/Nº \d+ · Concluído/).waitFor();
    await finalizar.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('radio').first().isDisabled()).toBe(true);
  });

  it('Imprimir asks for the print dialog after 1 s; on paper the order fits one A4 page', async () => {
    await page.getByRole('button', { name: 'Imprimir' }).click();
    // "After 1 s" measured on the times the page stored, from the click to the print: a loaded
    // machine only prints later, so the bound on the wait is generous.
    await expect.poll(async () => (await printsOf(page)).length, { timeout: 30_000 }).toBe(1);
    const [printedAt] = await printsOf(page);
    expect(printedAt - (await clicksOf(page)).at(-1)!).toBeGreaterThanOrEqual(950);

    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    // The document keeps its heading and both signature lines on paper.
    await expect.poll(() => page.getByRole('heading', { name: 'Ordem de Serviço', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Técnico responsável').isVisible()).toBe(true);
    await shot(page, 'ordens-13-pagina-impressao');
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pages.length).toBe(1);
    await page.emulateMedia({ media: 'screen' });
  });

  it('the finalized order is under Concluído and opens read-only', async () => {
    await openList();
    await setStatus('Concluído');
    const ordem = row(new RegExp(CLIENTE.name));
    await ordem.getByText('Concluído').waitFor();
    await expect.poll(() => ordem.getByRole('button', { name: 'Remover' }).count()).toBe(0);
    await shot(page, 'ordens-14-lista-concluido');
    await ordem.getByRole('link', { name: 'Editar' }).click();
    await dialog().getByText('Ordem concluída: somente leitura.').waitFor();
    await expect.poll(() => dialog().getByRole('button', { name: 'Salva' }).count()).toBe(0);
    await shot(page, 'ordens-15-modal-concluida');
  });
});
