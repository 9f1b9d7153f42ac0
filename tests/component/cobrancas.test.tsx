import * as React from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type GetListParams } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoToBr } from '../../src/components/BrDateInput';
import { currentMonthFilter } from '../../src/components/DateRangeFilter';
import { toCsv } from '../../src/components/csv';
import { setSessionUser } from '../../src/authProvider/session';
import CobrancaList from '../../src/resources/cobrancas/CobrancaList';
import { adminUser } from './apiMock';
import { cobrancaAberta, cobrancaVencida, mariaSouza } from './fixtures';
import { emptyDataProvider, expectCreated, renderResource } from './helpers';
import { NoticeProbe, readNotices } from './noticeProbe';

const aberta = { ...cobrancaAberta, informacoes: '' };
const vencida = { ...cobrancaVencida, informacoes: 'Pagável em qualquer banco.' };
const Informacoes = {
  valors: { total: 2345.6, recebidas: 1000, vencidas: 1234.5, vencehoje: 49.9, avencer: 61.2, canceladas: 0 },
  qnt: { total: 9, recebidas: 4, vencidas: 3, vencehoje: 1, avencer: 1, canceladas: 0 },
};

function renderAt(path: string, overrides = {}) {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({
    data: [aberta, vencida],
    total: 2,
    meta: { Informacoes },
  }));
  const dataProvider = emptyDataProvider({
    getList: getList as never,
    getOne: (async (resource: string, params: { id: number }) => ({
      data:
        resource === 'cobrancas'
          ? Number(params.id) === 8
            ? vencida
            : aberta
          : { id: params.id, dadosempresa: { nome: 'Rastreio Ltda' } },
    })) as never,
    ...overrides,
  });
  renderResource({ resource: 'cobrancas', List: CobrancaList, path, dataProvider, beside: <NoticeProbe /> });
  return { getList };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('charges', () => {
  it('shows the six summary cards with the count and amount of the reply’s Informacoes', async () => {
    renderAt('/cobrancas');
    const card = (name: string) => screen.findByRole('region', { name });
    const vencidas = await card('Vencidas');
    await waitFor(() => expect(within(vencidas).getByText('R$ 1.234,50')).toBeInTheDocument());
    expect(within(vencidas).getByText('3 cobranças')).toBeInTheDocument();
    expect(within(await card('Vencem hoje')).getByText('1 cobrança')).toBeInTheDocument();
    expect(within(await card('A vencer')).getByText('R$ 61,20')).toBeInTheDocument();
    expect(within(await card('Canceladas')).getByText('R$ 0,00')).toBeInTheDocument();
    expect(within(await card('Recebidas')).getByText('R$ 1.000,00')).toBeInTheDocument();
    expect(within(await card('Total')).getByText('R$ 2.345,60')).toBeInTheDocument();
  });

  it('opens filtered on Em Aberto (0) and the current month in America/Sao_Paulo', async () => {
    const { getList } = renderAt('/cobrancas');
    const month = currentMonthFilter();
    await waitFor(() => expect(getList).toHaveBeenCalled());
    expect(getList.mock.calls[0][1].filter).toEqual({ status: 0, dataInicio: month.dataInicio, dataFim: month.dataFim });
    expect(month.dataInicio).toMatch(/^\d{4}-\d{2}-01$/);
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('0');
    expect([...status.options].map((o) => o.text)).toEqual(['Todos', 'Em Aberto', 'Recebidas', 'Vencidas', 'Canceladas']);
    expect(screen.getByLabelText('Data inicial')).toHaveValue(isoToBr(month.dataInicio));
    expect(screen.getByLabelText('Data final')).toHaveValue(isoToBr(month.dataFim));
  });

  it('Todos clears every filter, the default status and month too: a charge of another month or status shows', async () => {
    const { getList } = renderAt('/cobrancas');
    await waitFor(() => expect(getList).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: 'Todos' }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('cobrancas', expect.objectContaining({ filter: {} })));
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.getByLabelText('Data inicial')).toHaveValue('');
    expect(screen.getByLabelText('Data final')).toHaveValue('');
  });

  it('Enviar of a charge sent a moment ago asks "Enviar 1 cobrança por WhatsApp?" with when it went, and sends again only on Enviar', async () => {
    const recente = 'Esta cobrança foi enviada há 2 minutos.';
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('?reenviar=1')
        ? new Response(JSON.stringify({ message: 'Foi enviada com sucesso' }), { status: 200 })
        : new Response(JSON.stringify({ message: recente, errors: { reenviar: recente } }), { status: 409 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/cobrancas');
    const row = (await screen.findByText('Mensalidade novembro')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Enviar' }));
    let confirm = await screen.findByRole('dialog', { name: 'Enviar 1 cobrança por WhatsApp?' });
    expect(confirm).toHaveTextContent('Esta cobrança foi enviada há 2 minutos. O cliente receberá a mensagem de novo.');
    // No red snackbar: the refusal is a question, not an error.
    expect(readNotices()).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch).toHaveBeenCalledTimes(1);

    await userEvent.click(within(row).getByRole('button', { name: 'Enviar' }));
    confirm = await screen.findByRole('dialog', { name: 'Enviar 1 cobrança por WhatsApp?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(readNotices()).toContainEqual({ text: 'Foi enviada com sucesso', type: 'success', duration: '' }));
    expect(fetch.mock.calls.map((call) => call[0])).toEqual([
      '/v1/cobrancas/enviar/7',
      '/v1/cobrancas/enviar/7',
      '/v1/cobrancas/enviar/7?reenviar=1',
    ]);
  });

  it('lists #, client, CPF/CNPJ, contact, description, dates, value (updated when overdue) and status', async () => {
    renderAt('/cobrancas');
    const row = (await screen.findByText('Mensalidade outubro')).closest('tr') as HTMLElement;
    for (const text of ['00008', 'Maria Souza', '529.982.247-25', '(11) 98765-4321', '01/11/2026', '10/10/2026', 'R$ 100,00', 'Vencida'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByTitle('Valor atualizado com multa e juros')).toHaveTextContent('Atualizado: R$ 103,50');
    expect(within(row).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/cobrancas/8/edit');
    expect(within(row).getByRole('link', { name: 'Abrir a cobrança' })).toHaveAttribute('href', '/cobrancas/8');
  });

  it('Enviar shows the server’s success, or its refusal in the red snackbar', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Foi enviada com sucesso' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/cobrancas');
    const row = (await screen.findByText('Mensalidade novembro')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(readNotices()).toContainEqual({ text: 'Foi enviada com sucesso', type: 'success', duration: '' }));
    expect(fetch).toHaveBeenCalledWith('/v1/cobrancas/enviar/7', expect.objectContaining({ method: 'POST' }));

    fetch.mockImplementation(
      async () => new Response(JSON.stringify({ message: 'A integração de mensagens não está ativa.' }), { status: 409 }),
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(readNotices()).toContainEqual({ text: 'A integração de mensagens não está ativa.', type: 'error', duration: '' }),
    );
  });

  it('creates in the dialog "Nova Cobrança" with a client, money typed 1.234,56 and the due date typed 05/12/2026 (kept as 2026-12-05)', async () => {
    const create = vi.fn(async (_r: string, p: { data: object }) => ({ data: { ...p.data, id: 9 } }));
    renderAt('/cobrancas/create', {
      create,
      getList: (async (resource: string) =>
        resource === 'clientes' ? { data: [mariaSouza], total: 1 } : { data: [], total: 0, meta: { Informacoes } }) as never,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Nova Cobrança' });
    await userEvent.type(within(dialog).getByLabelText(/^Nome, CPF\/CNPJ/), 'Maria');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Procurar' }));
    await userEvent.click(await within(dialog).findByText('Maria Souza'));
    await userEvent.type(within(dialog).getByLabelText(/^Descrição/), 'Instalação');
    await userEvent.type(within(dialog).getByLabelText(/^Valor/), '1.234,56');
    await userEvent.type(within(dialog).getByLabelText(/^Vencimento/), '05/12/2026');
    expect(within(dialog).getByLabelText(/^Vencimento/)).toHaveValue('05/12/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectCreated(create, 'cobrancas', { idcliente: 3, descricao: 'Instalação', valor: 1234.56, duedate: '2026-12-05', status: 0 });
  });

  it("warns under a past due date, before saving, what it does: Vencida and the client Vencido, or blocked after the company's bloqueio days", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T15:00:00Z'));
    renderAt('/cobrancas/create', {
      getOne: (async (resource: string, params: { id: number }) => ({
        data:
          resource === 'usuarios'
            ? adminUser({ notificacoes: { emaberto: 5, repeticoes: 2, intervalo: 2, bloqueio: 10 } })
            : { id: params.id },
      })) as never,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Nova Cobrança' });
    const vencimento = within(dialog).getByLabelText(/^Vencimento/);
    const typeDate = async (date: string) => {
      await userEvent.clear(vencimento);
      await userEvent.type(vencimento, date);
    };
    await typeDate('10/03/2026');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await typeDate('05/03/2026');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Vencimento no passado (há 5 dias): a cobrança será criada como Vencida. O cliente ficará Vencido.',
    );
    await typeDate('28/02/2026');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Vencimento no passado (há 10 dias): a cobrança será criada como Vencida. O cliente ficará Bloqueado e perderá o acesso ao rastreamento (bloqueio após 10 dias de atraso).',
    );
    // A charge saved as paid moves nobody.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Recebida' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    vi.useRealTimers();
  });

  it("the past due date's warning follows the client's state: blocked by an older overdue charge, or nothing more when already blocked", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T15:00:00Z'));
    let situacao = { status: 2, motivo: 'billing', cobranca: { id: 5, duedate: '2026-03-04', valor: 50 } };
    const fetch = vi.fn(async () => new Response(JSON.stringify({ cliente: { id: 3 }, situacao }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/cobrancas/8/edit', {
      getOne: (async (resource: string, params: { id: number }) => ({
        data:
          resource === 'usuarios'
            ? adminUser({ notificacoes: { emaberto: 5, repeticoes: 2, intervalo: 2, bloqueio: 5 } })
            : resource === 'cobrancas'
              ? { ...vencida, duedate: '2026-03-20', status: 0 }
              : { id: params.id },
      })) as never,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Cobrança' });
    const vencimento = await within(dialog).findByLabelText(/^Vencimento/);
    await userEvent.clear(vencimento);
    await userEvent.type(vencimento, '09/03/2026');
    // One day late, but the client is Vencido since 04/03: six days, past the company's 5.
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Vencimento no passado (há 1 dia): a cobrança ficará Vencida. O cliente ficará Bloqueado e perderá o acesso ao rastreamento (bloqueio após 5 dias de atraso).',
      ),
    );
    expect(fetch).toHaveBeenCalledWith('/v1/clientes/3/resumo', expect.anything());
    // A client staff blocked stays as it is: the warning says only what happens to the charge.
    situacao = { status: 1, motivo: 'staff', cobranca: null } as never;
    await userEvent.clear(vencimento);
    await userEvent.type(vencimento, '02/03/2026');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Vencimento no passado \(há 8 dias\): a cobrança ficará Vencida\.$/),
    );
    vi.useRealTimers();
  });

  it('the charge page shows the client, the charge, the updated value with fine and interest, and Vencida (the word the list uses)', async () => {
    renderAt('/cobrancas/8');
    expect(await screen.findByText('Nº 00008')).toBeInTheDocument();
    expect(screen.getByText('Vencida')).toBeInTheDocument();
    expect(screen.queryByText('Vencido')).not.toBeInTheDocument();
    const charge = screen.getByRole('region', { name: 'Cobrança' });
    for (const text of ['Mensalidade outubro', '01/11/2026', '10/10/2026'])
      expect(within(charge).getAllByText(text).length).toBeGreaterThan(0);
    const updated = within(charge).getByRole('region', { name: 'Valor atualizado' });
    expect(within(updated).getByText('R$ 2,00')).toBeInTheDocument();
    expect(within(updated).getByText('R$ 1,50')).toBeInTheDocument();
    expect(within(updated).getByText('1% ao mês, 45 dias')).toBeInTheDocument();
    expect(within(updated).getByText('R$ 103,50')).toBeInTheDocument();
    expect(screen.getByText('Pagável em qualquer banco.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    // Its payment follows every change: no warning that it is out of date.
    expect(screen.queryByText(/não acompanhou a última alteração/)).toBeNull();
  });

  it("the charge page says when Asaas refused the last change of value or due date: the payment is out of date, with Asaas' reason", async () => {
    const gatewayErro = 'O Asaas recusou a alteração: Só é possível editar cobranças aguardando pagamento ou vencidas.';
    renderAt('/cobrancas/7', {
      getOne: (async (resource: string, params: { id: number }) => ({
        data: resource === 'cobrancas' ? { ...aberta, gatewayErro } : { id: params.id, dadosempresa: { nome: 'Rastreio Ltda' } },
      })) as never,
    });
    const alert = (await screen.findByText(gatewayErro)).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent(
      'O pagamento no Asaas não acompanhou a última alteração: o PIX e o boleto ainda cobram o valor ou o vencimento anteriores.',
    );
    expect(within(screen.getByRole('region', { name: 'Pagamento' })).getAllByRole('alert')).toContain(alert);
  });

  it('an administrator may undo a receipt staff recorded, not a payment Asaas reported (recebidoPor gateway); the page says what was paid either way', async () => {
    setSessionUser({ id: 7, name: 'Pessoa Teste', acesso: 1 });
    try {
      for (const [recebidoPor, formaPagamento, texto] of [
        ['equipe', 'dinheiro', 'Pago em 10/11/2026: R$ 49,90 (Dinheiro)'],
        ['gateway', 'pix', 'Pago em 10/11/2026: R$ 49,90 (PIX)'],
      ] as const) {
        const paga = { ...aberta, status: 1, paymentDate: '2026-11-10', valorPago: 49.9, formaPagamento, recebidoPor };
        const dataProvider = emptyDataProvider({
          getOne: (async (resource: string, params: { id: number }) => ({
            data: resource === 'cobrancas' ? paga : { id: params.id, dadosempresa: { nome: 'Rastreio Ltda' } },
          })) as never,
        });
        const { unmount } = renderResource({ resource: 'cobrancas', List: CobrancaList, path: '/cobrancas/7', dataProvider });
        expect(await screen.findByText(texto)).toBeInTheDocument();
        expect(screen.queryAllByRole('button', { name: 'Desfazer recebimento' })).toHaveLength(recebidoPor === 'equipe' ? 1 : 0);
        unmount();
      }
    } finally {
      setSessionUser(null);
    }
  });
});

describe('CSV export', () => {
  it('is Excel-ready: BOM, ; between fields, quoted when needed, CRLF', () => {
    const csv = toCsv(
      [{ a: 'x;y', b: 'R$ 1,50' }],
      [
        { header: 'Descrição', value: (r) => r.a },
        { header: 'Valor', value: (r) => r.b },
      ],
    );
    expect(csv).toBe('\uFEFFDescrição;Valor\r\n"x;y";R$ 1,50\r\n');
  });
});
