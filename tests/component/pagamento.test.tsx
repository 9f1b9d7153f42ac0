/**
 * Getting paid on the charges list (issue 21): the selected rows sent with progress and one result
 * per charge; Receber suggesting an overdue charge's updated value, a refusal under its field and in
 * the red snackbar; Copiar link de pagamento.
 */
import * as React from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CobrancaList from '../../src/resources/cobrancas/CobrancaList';
import { json, mockApi } from './apiMock';
import { emptyDataProvider, renderResource } from './helpers';
import { phoneScreen } from './media';
import { NoticeProbe, readNotices } from './noticeProbe';
import { cobrancaAberta, cobrancaVencida } from './fixtures';

const aberta = {
  ...cobrancaAberta,
  token: 'a'.repeat(64),
  // The server's link from PUBLIC_URL: the one the WhatsApp message carries.
  linkPagamento: `https://pagar.exemplo.com.br/static/cobranca/${'a'.repeat(64)}`,
};
const vencida = { ...cobrancaVencida, token: 'b'.repeat(64), linkPagamento: null };

function renderList() {
  const dataProvider = emptyDataProvider({
    getList: (async () => ({ data: [aberta, vencida], total: 2, meta: {} })) as never,
  });
  renderResource({ resource: 'cobrancas', List: CobrancaList, dataProvider, beside: <NoticeProbe /> });
}

/** POST /v1/cobrancas/enviar's reply: one result per charge, and how many went and were skipped. */
const enviarReply = (...resultados: { id: number; status: 'enviada' | 'ignorada'; motivo: string }[]) => ({
  resultados,
  enviadas: resultados.filter((r) => r.status === 'enviada').length,
  ignoradas: resultados.filter((r) => r.status === 'ignorada').length,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('charges: getting paid', () => {
  it('Enviar of the selected rows asks "Enviar N cobranças por WhatsApp?" first, then shows progress and one result per charge: sent, or skipped and why', async () => {
    const api = mockApi({
      'POST /v1/cobrancas/enviar': () =>
        enviarReply(
          { id: 7, status: 'enviada', motivo: '' },
          { id: 8, status: 'ignorada', motivo: 'O cliente não tem celular cadastrado.' },
        ),
    });
    renderList();
    await screen.findByText('Mensalidade outubro');
    for (const text of ['Mensalidade novembro', 'Mensalidade outubro']) {
      const row = screen.getByText(text).closest('tr') as HTMLElement;
      await userEvent.click(within(row).getByRole('checkbox'));
    }
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar (2)' }));
    // It asks first: nothing goes until Enviar, and Cancelar sends nothing.
    let confirm = await screen.findByRole('dialog', { name: 'Enviar 2 cobranças por WhatsApp?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /v1/cobrancas/enviar')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar (2)' }));
    confirm = await screen.findByRole('dialog', { name: 'Enviar 2 cobranças por WhatsApp?' });
    expect(confirm).toHaveTextContent('As enviadas nos últimos 10 minutos não são enviadas de novo');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar 2 cobranças' });
    await within(dialog).findByText('1 enviada(s), 1 ignorada(s).');
    expect(within(dialog).getByText('Cobrança 00007: enviada')).toBeInTheDocument();
    expect(within(dialog).getByText('Cobrança 00008: ignorada')).toBeInTheDocument();
    expect(within(dialog).getByText('O cliente não tem celular cadastrado.')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(api.callsTo('POST /v1/cobrancas/enviar').map((call) => call.body)).toEqual([{ ids: [7, 8] }]);
  });

  it('on a phone (cards) each charge has a checkbox, Selecionar tudo picks the page, and the same Enviar bar sends them', async () => {
    phoneScreen();
    const api = mockApi({
      'POST /v1/cobrancas/enviar': () => enviarReply({ id: 7, status: 'enviada', motivo: '' }, { id: 8, status: 'enviada', motivo: '' }),
    });
    renderList();
    const card = (await screen.findByText(/Mensalidade outubro/)).closest('li') as HTMLElement;
    expect(document.querySelector('table')).toBeNull();
    await userEvent.click(within(card).getByRole('checkbox'));
    expect(await screen.findByRole('button', { name: 'Enviar (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar tudo' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar (2)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Enviar 2 cobranças por WhatsApp?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar 2 cobranças' });
    await within(dialog).findByText('2 enviada(s), 0 ignorada(s).');
    expect(api.callsTo('POST /v1/cobrancas/enviar').map((call) => call.body)).toEqual([{ ids: [8, 7] }]);
  });

  it('Receber suggests an overdue charge’s updated value; a refusal shows under its field and in the red snackbar, then it goes', async () => {
    let refuse = true;
    const api = mockApi({
      'POST /v1/cobrancas/8/receber': () =>
        refuse
          ? json(
              { message: 'Dados inválidos.', errors: { data: 'Informe a data do pagamento (dd/mm/aaaa), que não pode estar no futuro.' } },
              400,
            )
          : { id: 8, status: 1 },
    });
    renderList();
    const row = (await screen.findByText('Mensalidade outubro')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Receber' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receber a cobrança nº 8' });
    expect(within(dialog).getByText('Cobrança vencida: o valor sugerido é o atualizado, R$ 103,50.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Valor recebido/)).toHaveValue('103,50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar recebimento' }));
    await waitFor(() => expect(readNotices()).toContainEqual({ text: 'Dados inválidos.', type: 'error', duration: '' }));
    expect(await within(dialog).findByText('Informe a data do pagamento (dd/mm/aaaa), que não pode estar no futuro.')).toBeInTheDocument();
    expect(api.callsTo('POST /v1/cobrancas/8/receber')[0].body).toMatchObject({ valor: 103.5, forma: 'pix' });

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar recebimento' }));
    await waitFor(() => expect(readNotices()).toContainEqual({ text: 'Cobrança recebida.', type: 'success', duration: '' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // An open charge has no updated value to suggest: its value.
    const openRow = screen.getByText('Mensalidade novembro').closest('tr') as HTMLElement;
    await userEvent.click(within(openRow).getByRole('button', { name: 'Receber' }));
    expect(within(await screen.findByRole('dialog', { name: 'Receber a cobrança nº 7' })).getByLabelText(/Valor recebido/)).toHaveValue(
      '49,90',
    );
  });

  it('Receber always sends the date paid: today by default; with the date cleared the dialog says so and sends nothing', async () => {
    const api = mockApi({ 'POST /v1/cobrancas/7/receber': () => ({ id: 7, status: 1 }) });
    renderList();
    const row = (await screen.findByText('Mensalidade novembro')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Receber' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receber a cobrança nº 7' });
    const data = within(dialog).getByLabelText(/Data do pagamento/);
    await userEvent.clear(data);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar recebimento' }));
    expect(await within(dialog).findByText('Informe a data do pagamento (dd/mm/aaaa), que não pode estar no futuro.')).toBeInTheDocument();
    expect(api.callsTo('POST /v1/cobrancas/7/receber')).toHaveLength(0);

    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await userEvent.type(data, hoje.split('-').reverse().join('/'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar recebimento' }));
    await waitFor(() => expect(api.callsTo('POST /v1/cobrancas/7/receber')).toHaveLength(1));
    expect(api.callsTo('POST /v1/cobrancas/7/receber')[0].body).toEqual({ valor: 49.9, data: hoje, forma: 'pix' });
  });

  it('Copiar link de pagamento copies the server’s link (PUBLIC_URL), or this origin’s when the server has none', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderList();
    const row = (await screen.findByText('Mensalidade outubro')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Copiar link de pagamento' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/static/cobranca/${'b'.repeat(64)}`));
    const withServerLink = (await screen.findByText('Mensalidade novembro')).closest('tr') as HTMLElement;
    await userEvent.click(within(withServerLink).getByRole('button', { name: 'Copiar link de pagamento' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(aberta.linkPagamento));
    await waitFor(() => expect(readNotices()).toContainEqual({ text: 'Link de pagamento copiado.', type: 'success', duration: '' }));
  });
});
