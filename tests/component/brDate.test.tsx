/**
 * Issue 18: every date box shows and takes dd/mm/aaaa whatever the browser's language; the value
 * kept is YYYY-MM-DD; a day that does not exist says 'Data inválida'.
 */
import * as React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, type GetListParams } from 'ra-core';
import { SaveButton } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { BrDateInput } from '../../src/components/BrDateInput';
import OrdemServicoList from '../../src/resources/ordensservicos/OrdemServicoList';
import { emptyDataProvider, renderResource, TestAdmin } from './helpers';

describe('dates as dd/mm/aaaa', () => {
  it('a list filter: 25/12/2026 filters on 2026-12-25; 31/02/2026 says Data inválida and filters nothing', async () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [], total: 0 }));
    renderResource({ resource: 'ordensservicos', List: OrdemServicoList, dataProvider: emptyDataProvider({ getList: getList as never }) });
    const user = userEvent.setup();
    const dataFinal = await screen.findByLabelText('Data final');
    // The current month's last day, shown the Brazilian way.
    expect((dataFinal as HTMLInputElement).value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await user.clear(dataFinal);
    await user.type(dataFinal, '25122026');
    expect(dataFinal).toHaveValue('25/12/2026');
    const ordens = () => getList.mock.calls.filter(([resource]) => resource === 'ordensservicos');
    await waitFor(() => expect(ordens().at(-1)![1].filter).toMatchObject({ dataFim: '2026-12-25' }));

    const calls = ordens().length;
    await user.clear(dataFinal);
    await user.type(dataFinal, '31/02/2026');
    expect(dataFinal).toHaveValue('31/02/2026');
    expect(await screen.findByText('Data inválida')).toBeInTheDocument();
    expect(dataFinal).toHaveAttribute('aria-invalid', 'true');
    expect(
      ordens()
        .slice(calls)
        .map(([, params]) => params.filter.dataFim),
    ).not.toContain('2026-02-31');
  });

  it('a form: a stored date shows as dd/mm/aaaa, 25/12/2026 is saved as 2026-12-25, 31/02/2026 says Data inválida and is not saved', async () => {
    const onSubmit = vi.fn();
    render(
      <TestAdmin>
        <Form record={{ id: 1, nextduedate: '2026-11-10' }} onSubmit={onSubmit}>
          <BrDateInput resource="assinaturas" source="nextduedate" isRequired />
          <SaveButton alwaysEnable />
        </Form>
      </TestAdmin>,
    );
    const user = userEvent.setup();
    const input = await screen.findByLabelText(/^Próximo vencimento/);
    expect(input).toHaveValue('10/11/2026');
    await user.clear(input);
    await user.type(input, '25/12/2026');
    expect(input).toHaveValue('25/12/2026');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ nextduedate: '2026-12-25' });

    await user.clear(input);
    await user.type(input, '31022026');
    await user.tab();
    expect(await screen.findByText('Data inválida')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // The refused submit has run once the form puts the focus back on the invalid field.
    await waitFor(() => expect(input).toHaveFocus());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
