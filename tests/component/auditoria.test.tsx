import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import AuditoriaPage from '../../src/custom-pages/auditoria/AuditoriaPage';
import { AdminOnly } from '../../src/routes';
import { mockApi } from './apiMock';
import { fakeAuthProvider, TestAdmin } from './helpers';
import { expectMenuEntryAfter, renderMenu } from './sidebar';

const bloqueio = {
  id: 12,
  createdAt: '2026-03-05T14:07:00.000Z',
  usuario: 'Sistema',
  acao: 'bloqueio',
  idcliente: 42,
  idveiculo: null,
  iddevice: null,
  idcobranca: null,
  descricao: 'Cliente 00042 bloqueado por cobrança vencida há 10 dias.',
  resultado: 'Usuário do Traccar desativado',
};
const pagamento = {
  ...bloqueio,
  id: 11,
  createdAt: '2026-01-01T02:30:00.000Z',
  acao: 'pagamento',
  idcobranca: 17,
  descricao: 'Pagamento da cobrança 00017 recebido pelo gateway.',
  resultado: 'Cobrança recebida',
};
const situacao = {
  ...bloqueio,
  id: 10,
  usuario: 'Pessoa Teste',
  acao: 'situacao',
  descricao: 'Situação do cliente 00042 alterada pela equipe.',
  resultado: 'Bloqueado → Ativo',
};

const reply = (Items: unknown[], total = Items.length, page = 1, pageSize = 20) => ({
  meta: { page, pageSize, total, totalItens: total, totalPaginas: Math.ceil(total / pageSize) },
  Items,
});

function renderPage(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi(routes);
  render(
    <TestAdmin initialEntries={['/auditoria']}>
      <AuditoriaPage />
    </TestAdmin>,
  );
  return api;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('audit log', () => {
  it('lists when (São Paulo time), who, the action in words, what, the result and links to the client and the charge', async () => {
    renderPage({ 'GET /v1/auditoria?page=1&pageSize=20': () => reply([bloqueio, pagamento, situacao]) });
    expect(await screen.findByRole('heading', { name: 'Auditoria', level: 1 })).toBeInTheDocument();
    const headers = (await screen.findAllByRole('columnheader')).map((cell) => cell.textContent);
    expect(headers).toEqual(['Data/hora', 'Usuário', 'Ação', 'Descrição', 'Resultado', 'Relacionados']);

    const blocked = await rowOf(bloqueio.descricao);
    for (const text of ['05/03/2026 11:07', 'Sistema', 'Bloqueio', 'Usuário do Traccar desativado'])
      expect(within(blocked).getByText(text)).toBeInTheDocument();
    expect(within(blocked).getByRole('link', { name: 'Cliente 00042' })).toHaveAttribute('href', '/clientes/42/show');
    expect(within(blocked).queryByRole('link', { name: /Cobrança/ })).not.toBeInTheDocument();

    const paid = await rowOf(pagamento.descricao);
    expect(within(paid).getByText('31/12/2025 23:30')).toBeInTheDocument();
    expect(within(paid).getByText('Pagamento')).toBeInTheDocument();
    expect(within(paid).getByRole('link', { name: 'Cobrança 00017' })).toHaveAttribute('href', '/cobrancas/17');

    const changed = await rowOf(situacao.descricao);
    expect(within(changed).getByText('Pessoa Teste')).toBeInTheDocument();
    expect(within(changed).getByText('Situação alterada')).toBeInTheDocument();
    expect(within(changed).getByText('Bloqueado → Ativo')).toBeInTheDocument();
  });

  it('the Ação filter offers Todas and the twelve actions, sends acao and goes back to page 1', async () => {
    const api = renderPage({
      'GET /v1/auditoria?page=1&pageSize=20': () => reply([bloqueio, pagamento, situacao], 45),
      'GET /v1/auditoria?page=2&pageSize=20': () => reply([situacao], 45, 2),
      'GET /v1/auditoria?page=1&pageSize=20&acao=pagamento': () => reply([pagamento]),
      'GET /v1/auditoria?page=1&pageSize=20&acao=comando': () => reply([]),
    });
    const user = userEvent.setup();
    const filter = (await screen.findByLabelText('Ação')) as HTMLSelectElement;
    expect([...filter.options].map((option) => option.text)).toEqual([
      'Todas',
      'Comando',
      'Bloqueio',
      'Desbloqueio',
      'Pagamento',
      'Situação alterada',
      'Verificação em duas etapas',
      'Backup',
      'Aprovação',
      'Multa dispensada',
      'Atendimento',
      'Negativação',
      'Reajuste',
    ]);
    await rowOf(bloqueio.descricao);
    await user.click(screen.getByRole('button', { name: 'Ir para a página 2' }));
    await waitFor(() => expect(api.callsTo('GET /v1/auditoria?page=2&pageSize=20')).toHaveLength(1));

    await user.selectOptions(filter, 'pagamento');
    await waitFor(() => expect(api.callsTo('GET /v1/auditoria?page=1&pageSize=20&acao=pagamento')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(bloqueio.descricao)).not.toBeInTheDocument());
    expect(screen.getByText(pagamento.descricao)).toBeInTheDocument();

    await user.selectOptions(filter, 'comando');
    // Nothing found: still the table, its headers and one line saying so.
    const empty = await screen.findByRole('cell', { name: 'Nenhum registro encontrado.' });
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(6);
    expect(empty).toHaveAttribute('colspan', '6');
  });

  it('pages by 20, 50 or 100 like the other lists, asking the server for the page and its size', async () => {
    const api = renderPage({
      'GET /v1/auditoria?page=1&pageSize=20': () => reply([bloqueio, pagamento, situacao], 130),
      'GET /v1/auditoria?page=2&pageSize=20': () => reply([situacao], 130, 2),
      'GET /v1/auditoria?page=1&pageSize=50': () => reply([bloqueio], 130, 1, 50),
    });
    const user = userEvent.setup();
    await rowOf(bloqueio.descricao);
    expect(screen.getByText('1-20 de 130')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir para a página 2' }));
    expect(await screen.findByText('21-40 de 130')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(bloqueio.descricao)).not.toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: /Resultados por página/ }));
    const sizes = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(sizes).toEqual(['20', '50', '100']);
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(api.callsTo('GET /v1/auditoria?page=1&pageSize=50')).toHaveLength(1));
    expect(await screen.findByText('1-50 de 130')).toBeInTheDocument();
  });

  it('shows the server’s refusal instead of the table', async () => {
    renderPage({
      'GET /v1/auditoria?page=1&pageSize=20': () =>
        new Response(JSON.stringify({ message: 'Acesso restrito a administradores.' }), { status: 403 }),
    });
    expect(await screen.findByText('Acesso restrito a administradores.')).toBeInTheDocument();
  });

  it('is for administrators only: a Usuario is sent to the access-denied page', async () => {
    const api = mockApi({});
    render(
      <TestAdmin authProvider={fakeAuthProvider(2)} initialEntries={['/auditoria']}>
        <Routes>
          <Route
            path="/auditoria"
            element={
              <AdminOnly resource="configuracoes">
                <AuditoriaPage />
              </AdminOnly>
            }
          />
          <Route path="/access-denied" element={<p>Acesso negado</p>} />
        </Routes>
      </TestAdmin>,
    );
    expect(await screen.findByText('Acesso negado')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('Configurações lists Auditoria after Notificações', async () => {
    renderMenu(fakeAuthProvider(1), '/auditoria');
    await expectMenuEntryAfter('Auditoria', '/auditoria', 'Notificações');
  });
});
