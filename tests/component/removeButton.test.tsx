import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, ResourceContextProvider } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { RemoveButton } from '../../src/components/RemoveButton';
import { emptyDataProvider, TestAdmin } from './helpers';

describe('remove button', () => {
  it("asks 'Remover item?' in a snackbar and deletes on 'Remover'", async () => {
    const deleteOne = vi.fn(async (_resource: string, params: { id: number }) => ({ data: { id: params.id } }));
    render(
      <TestAdmin dataProvider={emptyDataProvider({ delete: deleteOne as never })}>
        <ResourceContextProvider value="usuarios">
          <RecordContextProvider value={{ id: 5, name: 'Maria' }}>
            <RemoveButton />
          </RecordContextProvider>
        </ResourceContextProvider>
      </TestAdmin>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remover' }));
    const snackbar = await screen.findByRole('alert');
    expect(within(snackbar).getByText('Remover item?')).toBeInTheDocument();
    expect(deleteOne).not.toHaveBeenCalled();
    await userEvent.click(within(snackbar).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('usuarios', expect.objectContaining({ id: 5 })));
  });
});
