/**
 * A client who chose "Não enviar mensagens" (issue item 10): Enviar is disabled and says why, on
 * the charges list, the charge page and the contract page; other clients' Enviar still works.
 */
import * as React from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CobrancaList from '../../src/resources/cobrancas/CobrancaList';
import ContratoList from '../../src/resources/contratos/ContratoList';
import { cobrancaAberta, mariaSouza } from './fixtures';
import { emptyDataProvider, renderResource } from './helpers';

const REASON = 'O cliente optou por não receber mensagens.';
const cliente = mariaSouza;
const quieto = { ...cliente, id: 4, name: 'Pedro Quieto', naoEnviarMensagens: true };
const charge = (id: number, owner: typeof cliente, descricao: string) => ({
  ...cobrancaAberta,
  id,
  idcliente: owner.id,
  cliente: owner,
  descricao,
  informacoes: '',
});
const charges = [charge(7, cliente, 'Mensalidade de Maria'), charge(8, quieto, 'Mensalidade de Pedro')];
const contrato = {
  id: 5,
  idcliente: 4,
  idplano: 2,
  plano: { id: 2, name: 'Frota', descricao: 'Gestão de frota', limtdispositivos: 10, valor: 59.9, valoradd: 15.5, informacoes: '' },
  informacoes: 'Cláusula 1.',
  status: 0,
  token: 'tok',
  cliente: quieto,
};

function renderAt(path: string, List: React.ComponentType, resource: string) {
  const dataProvider = emptyDataProvider({
    getList: (async (name: string) =>
      name === 'cobrancas'
        ? { data: charges, total: 2, meta: {} }
        : name === 'contratos'
          ? { data: [contrato], total: 1 }
          : { data: [], total: 0 }) as never,
    getOne: (async (name: string, params: { id: number }) => ({
      data:
        name === 'cobrancas'
          ? charges.find((c) => c.id === Number(params.id))
          : name === 'contratos'
            ? contrato
            : { id: params.id, dadosempresa: { nome: 'Rastreio Ltda' } },
    })) as never,
  });
  renderResource({ resource, List, path, dataProvider });
}

/** The button is disabled, described by the reason, and its tooltip says it. */
async function expectRefusedWithReason(button: HTMLElement) {
  expect(button).toBeDisabled();
  expect(button).toHaveAccessibleDescription(REASON);
  await userEvent.hover(button.parentElement!);
  expect(await screen.findByRole('tooltip')).toHaveTextContent(REASON);
}

afterEach(() => vi.unstubAllGlobals());

describe('Enviar for a client who chose "Não enviar mensagens"', () => {
  it('charges list: that row’s Enviar is disabled with the reason; another client’s is not, and nothing is sent', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Foi enviada com sucesso' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/cobrancas', CobrancaList, 'cobrancas');
    const row = (text: string) => screen.findByText(text).then((cell) => cell.closest('tr') as HTMLElement);
    const maria = within(await row('Mensalidade de Maria')).getByRole('button', { name: 'Enviar' });
    expect(maria).toBeEnabled();
    expect(maria).not.toHaveAccessibleDescription(REASON);
    await expectRefusedWithReason(within(await row('Mensalidade de Pedro')).getByRole('button', { name: 'Enviar' }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('charge page: Enviar disabled with the reason', async () => {
    renderAt('/cobrancas/8', CobrancaList, 'cobrancas');
    await screen.findByText('Mensalidade de Pedro');
    await expectRefusedWithReason(await screen.findByRole('button', { name: 'Enviar' }));
  });

  it('contract page: Enviar disabled with the reason', async () => {
    renderAt('/contratos/5', ContratoList, 'contratos');
    await screen.findByText('Contrato nº 00005');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled());
    await expectRefusedWithReason(screen.getByRole('button', { name: 'Enviar' }));
  });
});
