/**
 * Issue 11: while a modal is open the rest of the page is aria-hidden, the red snackbar included.
 * A refused save's message is also an ARIA alert inside the dialog, and the field error stays.
 */
import * as React from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../domain/messages';
import ClienteList from '../../src/resources/clientes/ClienteList';
import { allowRefusalLogs, emptyDataProvider, renderResource, stubEmptyUploads } from './helpers';

const cliente = {
  id: 42,
  cadastro: 'FISICA',
  name: 'Maria da Silva',
  cpf: '52998224725',
  email: 'maria@exemplo.com.br',
  mobilePhone: '11987654321',
  status: 0,
  contatos: [],
};

describe('a refused save in a modal', () => {
  beforeEach(() => {
    // The uploads tab lists its files through fetch.
    stubEmptyUploads();
    // react-admin logs a data provider's rejection in development: that one is expected here.
    allowRefusalLogs();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is an ARIA alert inside the dialog (the snackbar is hidden), and the field error stays', async () => {
    const refusal = new HttpError(MSG.clienteCpfTaken, 409, { message: MSG.clienteCpfTaken, errors: { cpf: MSG.clienteCpfTaken } });
    const update = vi.fn(async () => {
      throw refusal;
    });
    const dataProvider = emptyDataProvider({ getOne: (async () => ({ data: cliente })) as never, update: update as never });
    renderResource({ resource: 'clientes', List: ClienteList, path: '/clientes/42', dataProvider, beside: <Notification /> });
    const dialog = await screen.findByRole('dialog', { name: 'Cliente' });
    const user = userEvent.setup();
    await user.type(await within(dialog).findByLabelText(/^Nome/), ' X');
    await user.click(within(dialog).getByRole('button', { name: /^Salva/ }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));

    // The accessible alert (getByRole skips aria-hidden trees) is the dialog's, with the server's message.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.clienteCpfTaken);
    expect(dialog).toContainElement(alert);
    // The snackbar shows it too, in the part of the page hidden while the modal is open.
    await waitFor(() => expect(document.querySelector('.MuiSnackbar-root')).toHaveTextContent(MSG.clienteCpfTaken));
    expect(document.querySelector('.MuiSnackbar-root')!.closest('[aria-hidden="true"]')).not.toBeNull();
    // The field error stays as it was.
    expect(within(dialog).getByLabelText(/^CPF/)).toHaveAccessibleDescription(MSG.clienteCpfTaken);
    expect(within(dialog).getByLabelText(/^CPF/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(alert).getByRole('button', { name: 'Ocultar aviso' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
