import * as React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../domain/messages';
import { setSessionUser } from '../../src/authProvider/session';
import { ProfilePage } from '../../src/custom-pages/profile/ProfilePage';
import { allowRefusalLogs, emptyDataProvider, fakeAuthProvider, stubEmptyUploads, TestAdmin } from './helpers';
import { NoticeProbe, readNotices } from './noticeProbe';

/** The first administrator, as /install creates it: no CPF. */
const admin = { id: 7, name: 'Pessoa Teste', cpf: '', email: 'admin@exemplo.com.br', login: 'admin', acesso: 1, bloqueado: false };

function renderProfile(
  update = vi.fn(async (_r: string, p: { id: number; data: object }) => ({ data: { ...p.data, id: p.id } })),
  record: object = admin,
) {
  render(
    <TestAdmin
      authProvider={fakeAuthProvider(1)}
      dataProvider={emptyDataProvider({ getOne: (async () => ({ data: record })) as never, update: update as never })}
      initialEntries={['/settings/perfil/']}
    >
      <ProfilePage />
      <NoticeProbe />
    </TestAdmin>,
  );
  return update;
}

describe('profile page', () => {
  beforeEach(() => {
    setSessionUser(admin);
    // The profile photo is listed through fetch.
    stubEmptyUploads();
  });
  afterEach(() => {
    setSessionUser(null);
    vi.unstubAllGlobals();
  });

  it('an administrator without a CPF saves the company settings (defect 3)', async () => {
    const update = renderProfile();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nome da empresa'), 'Rastreio Sul');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1].data).toMatchObject({ dadosempresa: { nome: 'Rastreio Sul' } });
    await waitFor(() => expect(readNotices().map((n) => n.text)).toContain(MSG.updated));
  });

  it('still asks for the CPF when the profile itself is edited', async () => {
    const update = renderProfile();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nome \*/), ' Souza');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByLabelText(/^CPF/)).toHaveAccessibleDescription(MSG.required));
    expect(update).not.toHaveBeenCalled();
  });

  it("a refused save shows the server's message in the red snackbar and under the field", async () => {
    allowRefusalLogs();
    const update = vi.fn(async () => {
      throw new HttpError(MSG.loginIsEmail, 409, { message: MSG.loginIsEmail, errors: { login: MSG.loginIsEmail } });
    });
    renderProfile(update as never, { ...admin, cpf: '52998224725' });
    const user = userEvent.setup();
    const login = await screen.findByLabelText(/^Login/);
    await user.clear(login);
    await user.type(login, 'outra@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByLabelText(/^Login/)).toHaveAccessibleDescription(MSG.loginIsEmail));
    await waitFor(() => expect(readNotices()).toContainEqual({ text: MSG.loginIsEmail, type: 'error', duration: '' }));
  });
});
