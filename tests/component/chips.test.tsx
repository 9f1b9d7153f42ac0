import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type GetListParams } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import ChipList from '../../src/resources/chips/ChipList';
import { emptyDataProvider, expectCreated, renderCreateDialog, renderResource } from './helpers';

const chips = [
  { id: 7, phone: '11987654321', iccid: '8955101234567890123', operadora: 'Vivo', fonecedor: 'Distribuidora', deviceId: 0, device: null },
  {
    id: 8,
    phone: '21998765432',
    iccid: '8955101234567890124',
    operadora: 'Claro',
    fonecedor: '',
    deviceId: 40,
    device: { id: 40, imei: '356938035643809', modelo: 'GT06', marca: 'Concox' },
  },
];

function renderList(getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: chips, total: chips.length }))) {
  renderResource({ resource: 'chips', List: ChipList, dataProvider: emptyDataProvider({ getList: getList as never }) });
  return getList;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('chips list', () => {
  it('offers Remover only for a free chip', async () => {
    renderList();
    const free = await rowOf('(11) 98765-4321');
    const used = await rowOf('(21) 99876-5432');
    expect(within(free).getByRole('button', { name: 'Remover' })).toBeInTheDocument();
    expect(within(used).queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
    // Both can be edited.
    expect(within(free).getByRole('link', { name: 'Editar' })).toBeInTheDocument();
    expect(within(used).getByRole('link', { name: 'Editar' })).toBeInTheDocument();
  });

  it("shows 'Livre', or 'Em uso' with the tracker's IMEI and the device", async () => {
    renderList();
    const free = await rowOf('(11) 98765-4321');
    expect(within(free).getByText('Livre')).toBeInTheDocument();
    const used = await rowOf('(21) 99876-5432');
    expect(within(used).getByLabelText('Em uso pelo rastreador 356938035643809')).toHaveTextContent('Em uso');
    expect(within(used).getByText('356938035643809 / GT06')).toBeInTheDocument();
  });

  it('the status filter Livre asks for deviceId 0', async () => {
    const getList = renderList();
    await rowOf('(11) 98765-4321');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Livre');
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('chips', expect.objectContaining({ filter: { deviceId: 0 } })));
  });

  it("'Novo Chip' takes the number masked, the ICCID's digits and an operadora from the suggestions", async () => {
    const create = renderCreateDialog('chips', ChipList);
    await screen.findByRole('dialog', { name: 'Novo Chip' });
    await userEvent.type(screen.getByLabelText(/^Número/), '11987654321');
    expect(screen.getByLabelText(/^Número/)).toHaveValue('(11) 98765-4321');
    await userEvent.type(screen.getByLabelText(/^ICCID/), '8955 1012 3456 7890 123');
    expect(screen.getByLabelText(/^ICCID/)).toHaveValue('8955101234567890123');
    await userEvent.type(screen.getByLabelText('Operadora'), 'Vi');
    await userEvent.click(await screen.findByRole('option', { name: 'Vivo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await expectCreated(create, 'chips', { phone: '(11) 98765-4321', iccid: '8955101234567890123', operadora: 'Vivo' });
  });
});
