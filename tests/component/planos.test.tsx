import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '../../domain/messages';
import { describe, expect, it, vi } from 'vitest';
import PlanoList from '../../src/resources/planos/PlanoList';
import { emptyDataProvider, renderResource } from './helpers';

const plano = { id: 5, name: 'Básico', descricao: 'Rastreamento 24h', limtdispositivos: 2, valor: 49.9, valoradd: 1234.5, informacoes: '' };

function renderAt(path: string, overrides = {}) {
  const dataProvider = emptyDataProvider({
    getList: (async () => ({ data: [plano], total: 1 })) as never,
    getOne: (async () => ({ data: plano })) as never,
    ...overrides,
  });
  renderResource({ resource: 'planos', List: PlanoList, path, dataProvider });
}

describe('plans', () => {
  it('shows Valor and Valor adicional in R$, pt-BR style', async () => {
    renderAt('/planos');
    const row = (await screen.findByText('Rastreamento 24h')).closest('tr') as HTMLElement;
    expect(within(row).getByText('R$ 49,90')).toBeInTheDocument();
    expect(within(row).getByText('R$ 1.234,50')).toBeInTheDocument();
  });

  it('edits money typed as 59,90 and sends it as a number', async () => {
    const update = vi.fn(async (_resource: string, params: { id: number; data: object }) => ({ data: { ...params.data, id: params.id } }));
    renderAt('/planos/5', { update });
    const valor = await screen.findByLabelText(/^Valor\b(?! adicional)/);
    await waitFor(() => expect(valor).toHaveValue('49,90'));
    expect(screen.getByLabelText(/^Valor adicional/)).toHaveValue('1.234,50');
    await userEvent.clear(valor);
    await userEvent.type(valor, '59,90');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'planos',
        expect.objectContaining({ data: expect.objectContaining({ valor: 59.9, valoradd: 1234.5 }) }),
      ),
    );
  });

  it('a value that is not money is not taken: the box stays empty and the amount is asked for', async () => {
    const update = vi.fn();
    renderAt('/planos/5', { update });
    const valor = await screen.findByLabelText(/^Valor\b(?! adicional)/);
    await waitFor(() => expect(valor).toHaveValue('49,90'));
    await userEvent.clear(valor);
    await userEvent.type(valor, 'quarenta');
    expect(valor).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.required)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });
});
