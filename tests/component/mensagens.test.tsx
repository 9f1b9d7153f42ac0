/**
 * The messages list (issue 24): the table's columns, each row's links to its client's page and to
 * its charge or contract, the text on demand, the filters sent to GET /v1/mensagens (from the URL
 * too), the empty table, the cards on a phone, and the menu's entry for every staff member.
 */
import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MensagensPage from '../../src/custom-pages/mensagens/MensagensPage';
import { authProvider, setSessionUser } from '../../src/authProvider';
import { mockApi } from './apiMock';
import { TestAdmin } from './helpers';
import { expectMenuEntryAfter, renderMenu } from './sidebar';
import { phoneScreen } from './media';

const alerta = {
  id: 31,
  kind: 'vencida',
  occurrence: 2,
  destino: '5511987654321',
  texto: 'Olá Lia, sua cobrança 00017 venceu.\nPague pelo link.',
  status: 'falhou',
  motivo: 'O número não tem WhatsApp.',
  tentativas: 3,
  createdAt: '2026-03-05T14:07:00.000Z',
  enviadaEm: null,
  updatedAt: '2026-03-05T14:09:00.000Z',
  idcliente: 42,
  idcobranca: 17,
  idcontrato: null,
  cliente: 'Lia Mensagens',
};
const envio = {
  ...alerta,
  id: 30,
  kind: 'envio',
  occurrence: 0,
  texto: 'Seu contrato: https://exemplo/c',
  status: 'enviada',
  motivo: '',
  enviadaEm: '2026-03-04T12:00:00.000Z',
  idcobranca: null,
  idcontrato: 5,
};

const reply = (Items: unknown[], total = Items.length, page = 1, pageSize = 20) => ({
  meta: { page, pageSize, total, totalItens: total, totalPaginas: Math.ceil(total / pageSize) },
  Items,
});

function renderPage(routes: Parameters<typeof mockApi>[0], entry = '/mensagens') {
  const api = mockApi(routes);
  render(
    <TestAdmin initialEntries={[entry]}>
      <MensagensPage />
    </TestAdmin>,
  );
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionUser(null);
});

describe('the messages list', () => {
  it("lists when, the client's link, the kind, the number, the status, the reason, the charge's or contract's link and the text on demand", async () => {
    renderPage({ 'GET /v1/mensagens?page=1&pageSize=20': () => reply([alerta, envio]) });
    expect(await screen.findByRole('heading', { name: 'Mensagens', level: 1 })).toBeInTheDocument();
    const headers = (await screen.findAllByRole('columnheader')).map((cell) => cell.textContent);
    expect(headers).toEqual(['Data/hora', 'Cliente', 'Tipo', 'Para', 'Situação', 'Motivo', 'Relacionado', 'Texto']);

    const failed = (await screen.findByText('O número não tem WhatsApp.')).closest('tr') as HTMLElement;
    for (const text of ['05/03/2026 11:07', 'Vencida (2ª repetição)', '(11) 98765-4321', 'Falhou'])
      expect(within(failed).getByText(text)).toBeInTheDocument();
    expect(within(failed).getByRole('link', { name: 'Lia Mensagens' })).toHaveAttribute('href', '/clientes/42/show');
    expect(within(failed).getByRole('link', { name: 'Cobrança 00017' })).toHaveAttribute('href', '/cobrancas/17');
    expect(screen.queryByText(/sua cobrança 00017 venceu/)).not.toBeInTheDocument();

    const sent = (await within(screen.getByRole('table')).findByText('Envio manual')).closest('tr') as HTMLElement;
    expect(within(sent).getByText('04/03/2026 09:00')).toBeInTheDocument();
    expect(within(sent).getByText('Enviada')).toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: 'Contrato 00005' })).toHaveAttribute('href', '/contratos/5');

    // The text, on demand, in a dialog named by the kind and the time.
    const user = userEvent.setup();
    await user.click(within(failed).getByRole('button', { name: 'Ver texto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vencida (2ª repetição) · 05/03/2026 11:07' });
    expect(within(dialog).getByText(/sua cobrança 00017 venceu\.\s+Pague pelo link\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("opens for a client from the URL (the client's page), and sends Situação, Tipo and the days as filters", async () => {
    const base = 'GET /v1/mensagens?page=1&pageSize=20&idcliente=42';
    const api = renderPage(
      {
        [base]: () => reply([alerta, envio]),
        [`GET /v1/mensagens?page=1&pageSize=20&status=falhou&idcliente=42`]: () => reply([alerta]),
        [`GET /v1/mensagens?page=1&pageSize=20&status=falhou&kind=recebida&idcliente=42`]: () => reply([]),
        [`GET /v1/mensagens?page=1&pageSize=20&status=falhou&kind=recebida&dataInicio=2026-03-01&idcliente=42`]: () => reply([]),
      },
      '/mensagens?idcliente=42',
    );
    expect(await screen.findByText('Cliente: Lia Mensagens')).toBeInTheDocument();
    expect(api.callsTo(base)).toHaveLength(1);
    const user = userEvent.setup();
    const situacao = screen.getByLabelText('Situação') as HTMLSelectElement;
    expect([...situacao.options].map((option) => option.text)).toEqual(['Todas', 'Pendente', 'Enviando', 'Enviada', 'Falhou', 'Ignorada']);
    const tipo = screen.getByLabelText('Tipo') as HTMLSelectElement;
    expect([...tipo.options].map((option) => option.text)).toEqual([
      'Todas',
      'Nova cobrança',
      'Vence hoje',
      'Vencida',
      'Cancelada',
      'Recebida',
      'Cobrança atualizada',
      'Cartão: cadastrar',
      'Cartão recusado',
      'Aviso de negativação',
      'Débito agendado',
      'Forma de cobrança alterada',
      'Reajuste do contrato',
      'Autorização do Pix Automático',
      'Envio manual',
      'Atendimento',
    ]);
    await user.selectOptions(situacao, 'falhou');
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Envio manual')).not.toBeInTheDocument());
    await user.selectOptions(tipo, 'recebida');
    // Nothing found: still the table, its headers and one line saying so.
    const empty = await screen.findByRole('cell', { name: 'Nenhum registro encontrado.' });
    expect(empty).toHaveAttribute('colspan', '8');
    // Typed as dd/mm/aaaa, sent as AAAA-MM-DD once whole.
    await user.type(screen.getByLabelText('Criadas de'), '01032026');
    await waitFor(() =>
      expect(
        api.callsTo('GET /v1/mensagens?page=1&pageSize=20&status=falhou&kind=recebida&dataInicio=2026-03-01&idcliente=42'),
      ).toHaveLength(1),
    );
  });

  it('shows each message as a card on a phone, with the same links', async () => {
    phoneScreen();
    renderPage({ 'GET /v1/mensagens?page=1&pageSize=20': () => reply([alerta]) });
    const card = (await screen.findByText('O número não tem WhatsApp.', { exact: false })).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('Vencida (2ª repetição)')).toBeInTheDocument();
    expect(within(card).getByText('Falhou')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Lia Mensagens' })).toHaveAttribute('href', '/clientes/42/show');
    expect(within(card).getByRole('link', { name: 'Cobrança 00017' })).toHaveAttribute('href', '/cobrancas/17');
    expect(within(card).getByRole('button', { name: 'Ver texto' })).toBeInTheDocument();
  });

  it('is in the Financeiro menu for a Usuario too, after Cobranças', async () => {
    setSessionUser({ id: 7, name: 'Pessoa Usuária', acesso: 2, nivel: '2' });
    renderMenu(authProvider, '/mensagens');
    await expectMenuEntryAfter('Mensagens', '/mensagens', 'Cobranças');
  });
});
