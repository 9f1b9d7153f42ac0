import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CobrancaPage from '../../src/resources/cobrancas/CobrancaPage';
import { dataProvider } from '../../src/dataProvider';
import { adminUser, mockApi, type ApiHandler } from './apiMock';
import { TestAdmin } from './helpers';
import { NoticeProbe, readNotices } from './noticeProbe';

const cobranca = {
  id: 8,
  idcliente: 3,
  cliente: { id: 3, cadastro: 'FISICA', name: 'Maria Souza', cpf: '52998224725', email: 'maria@exemplo.com', mobilePhone: '11987654321' },
  descricao: 'Mensalidade outubro',
  valor: 100,
  duedate: '2026-10-10',
  datecreated: '2026-10-01',
  status: 0,
  informacoes: '',
  valorAtualizado: null,
  encargos: null,
};

const mensagem = (fields: Record<string, unknown>) => ({
  id: 1,
  kind: 'novacobranca',
  occurrence: 0,
  destino: '11987654321',
  texto: 'Olá, Maria Souza! Sua cobrança 00008 de R$ 100,00 vence em 10/10/2026.',
  status: 'enviada',
  motivo: '',
  tentativas: 1,
  createdAt: '2026-10-01T12:00:00.000Z',
  enviadaEm: '2026-10-01T12:00:05.000Z',
  updatedAt: '2026-10-01T12:00:05.000Z',
  ...fields,
});

const MENSAGENS = [
  mensagem({
    id: 5,
    kind: 'vencida',
    occurrence: 2,
    status: 'falhou',
    motivo: 'Número sem WhatsApp',
    tentativas: 3,
    enviadaEm: null,
    updatedAt: '2026-10-14T13:15:00.000Z',
    texto: 'Olá, Maria Souza! Cobrança vencida.',
  }),
  mensagem({
    id: 4,
    kind: 'vencida',
    occurrence: 0,
    status: 'ignorada',
    motivo: 'Cliente marcado para não receber mensagens',
    enviadaEm: null,
    updatedAt: '2026-10-11T11:00:00.000Z',
  }),
  mensagem({ id: 3, kind: 'vencehoje', status: 'pendente', enviadaEm: null, updatedAt: '2026-10-10T09:00:00.000Z' }),
  mensagem({ id: 2, kind: 'envio', status: 'enviando', enviadaEm: null, updatedAt: '2026-10-02T15:30:00.000Z' }),
  mensagem({ id: 1 }),
];

function renderPage(mensagens: ApiHandler = () => ({ Items: MENSAGENS, meta: { total: MENSAGENS.length } })) {
  const api = mockApi({
    'GET /v1/cobrancas/8': () => cobranca,
    'GET /v1/users/7': () => adminUser(),
    'GET /v1/cobrancas/8/mensagens': mensagens,
    'POST /v1/cobrancas/enviar/8': () => ({ message: 'Foi enviada com sucesso' }),
  });
  render(
    <TestAdmin dataProvider={dataProvider} initialEntries={['/cobrancas/8']}>
      <CobrancaPage id={8} />
      <NoticeProbe />
    </TestAdmin>,
  );
  return api;
}

const section = () => screen.findByRole('region', { name: 'Mensagens' });
const items = (region: HTMLElement) => within(within(region).getByRole('list')).getAllByRole('listitem');

afterEach(() => vi.unstubAllGlobals());

describe("the charge's messages", () => {
  it('names "cobrança atualizada" messages by their order (2ª, 3ª…), not as repeats', async () => {
    renderPage(() => ({
      Items: [
        mensagem({ id: 12, kind: 'atualizada', occurrence: 1, status: 'pendente', enviadaEm: null }),
        mensagem({ id: 11, kind: 'atualizada', occurrence: 0 }),
        mensagem({ id: 10 }),
      ],
      meta: { total: 3 },
    }));
    const region = await section();
    await waitFor(() => expect(items(region)).toHaveLength(3));
    const [segunda, primeira, nova] = items(region);
    expect(within(segunda).getByText('Cobrança atualizada (2ª)')).toBeInTheDocument();
    expect(within(primeira).getByText('Cobrança atualizada')).toBeInTheDocument();
    expect(within(nova).getByText('Nova cobrança')).toBeInTheDocument();
  });

  it('lists each message with its kind, repeat, status, time and reason, below the document and not on paper', async () => {
    renderPage();
    const region = await section();
    await waitFor(() => expect(items(region)).toHaveLength(5));
    const [repeat, skipped, pending, manual, sent] = items(region);

    expect(within(repeat).getByText('Vencida (2ª repetição)')).toBeInTheDocument();
    expect(within(repeat).getByText('Falhou')).toBeInTheDocument();
    expect(within(repeat).getByText('14/10/2026 10:15')).toBeInTheDocument();
    expect(within(repeat).getByText('Motivo: Número sem WhatsApp')).toBeInTheDocument();
    expect(within(repeat).getByText('Para (11) 98765-4321 · 3 tentativas')).toBeInTheDocument();

    expect(within(skipped).getByText('Vencida')).toBeInTheDocument();
    expect(within(skipped).getByText('Ignorada')).toBeInTheDocument();
    expect(within(skipped).getByText('Motivo: Cliente marcado para não receber mensagens')).toBeInTheDocument();

    expect(within(pending).getByText('Vence hoje')).toBeInTheDocument();
    expect(within(pending).getByText('Pendente')).toBeInTheDocument();
    expect(within(pending).queryByText(/^Motivo:/)).not.toBeInTheDocument();

    expect(within(manual).getByText('Envio manual')).toBeInTheDocument();
    expect(within(manual).getByText('Enviando')).toBeInTheDocument();

    expect(within(sent).getByText('Nova cobrança')).toBeInTheDocument();
    expect(within(sent).getByText('Enviada')).toBeInTheDocument();
    // enviadaEm, not updatedAt, when the message went out.
    expect(within(sent).getByText('01/10/2026 09:00')).toBeInTheDocument();

    // The chips' colours: sent green, pending and sending grey, failed red, skipped amber.
    const chip = (item: HTMLElement, label: string) => within(item).getByText(label).closest('.MuiChip-root');
    expect(chip(sent, 'Enviada')).toHaveClass('MuiChip-colorSuccess');
    expect(chip(pending, 'Pendente')).toHaveClass('MuiChip-colorDefault');
    expect(chip(manual, 'Enviando')).toHaveClass('MuiChip-colorDefault');
    expect(chip(repeat, 'Falhou')).toHaveClass('MuiChip-colorError');
    expect(chip(skipped, 'Ignorada')).toHaveClass('MuiChip-colorWarning');

    // The client's name on the charge's page opens the client's page.
    expect(screen.getByRole('link', { name: 'Maria Souza' })).toHaveAttribute('href', '/clientes/3/show');

    // Not part of the printed charge: outside the sheet, in a block print hides.
    expect(region.closest('article')).toBeNull();
    expect(region.closest('[data-print="hide"]')).not.toBeNull();
  });

  it("shows a message's text on demand", async () => {
    renderPage();
    const region = await section();
    await waitFor(() => expect(items(region)).toHaveLength(5));
    const [repeat] = items(region);
    const toggle = within(repeat).getByRole('button', { name: 'Ver texto' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(repeat).getByText('Olá, Maria Souza! Cobrança vencida.')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(within(repeat).getByRole('button', { name: 'Ocultar texto' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(repeat).getByText('Olá, Maria Souza! Cobrança vencida.')).toBeVisible();
  });

  it('says when the charge has no message yet', async () => {
    renderPage(() => ({ Items: [], meta: { total: 0 } }));
    const region = await section();
    expect(await within(region).findByText('Nenhuma mensagem enviada para esta cobrança.')).toBeInTheDocument();
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
  });

  it('Atualizar reads the messages again', async () => {
    let reply: unknown[] = [];
    const api = renderPage(() => ({ Items: reply, meta: { total: reply.length } }));
    const region = await section();
    await within(region).findByText('Nenhuma mensagem enviada para esta cobrança.');
    reply = [mensagem({ id: 9, kind: 'cancelada' })];
    await userEvent.click(within(region).getByRole('button', { name: 'Atualizar' }));
    expect(await within(region).findByText('Cancelada')).toBeInTheDocument();
    expect(api.callsTo('GET /v1/cobrancas/8/mensagens')).toHaveLength(2);
  });

  it('Enviar reads the list again once the server took the message', async () => {
    let reply: unknown[] = [];
    const api = renderPage(() => ({ Items: reply, meta: { total: reply.length } }));
    const region = await section();
    await within(region).findByText('Nenhuma mensagem enviada para esta cobrança.');
    reply = [mensagem({ id: 10, kind: 'envio', status: 'pendente', enviadaEm: null })];
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(readNotices()).toContainEqual({ text: 'Foi enviada com sucesso', type: 'success', duration: '' }));
    expect(await within(region).findByText('Envio manual')).toBeInTheDocument();
    expect(within(region).getByText('Pendente')).toBeInTheDocument();
    expect(api.callsTo('POST /v1/cobrancas/enviar/8')).toHaveLength(1);
    expect(api.callsTo('GET /v1/cobrancas/8/mensagens')).toHaveLength(2);
  });

  it('a refused Enviar leaves the list as it was', async () => {
    const api = renderPage();
    api.routes['POST /v1/cobrancas/enviar/8'] = () =>
      new Response(JSON.stringify({ message: 'A integração com o WhatsApp não está ativa.' }), { status: 409 });
    const region = await section();
    await waitFor(() => expect(items(region)).toHaveLength(5));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(readNotices()).toContainEqual({ text: 'A integração com o WhatsApp não está ativa.', type: 'error', duration: '' }),
    );
    expect(api.callsTo('GET /v1/cobrancas/8/mensagens')).toHaveLength(1);
  });
});
