import * as React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminLoginPage } from '../../src/custom-pages/login/AdminLoginPage';
import { fakeAuthProvider, TestAdmin } from './helpers';

const anonymous = (login = vi.fn(async () => undefined)) =>
  fakeAuthProvider(1, { login, checkAuth: async () => Promise.reject(new Error('anon')) });

describe('login page', () => {
  it('keeps Entrar disabled until login and password are filled', async () => {
    render(
      <TestAdmin authProvider={anonymous()} initialEntries={['/login']}>
        <AdminLoginPage />
      </TestAdmin>,
    );
    const button = await screen.findByRole('button', { name: 'Entrar' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Login ou e-mail'), 'admin');
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo');
    expect(button).toBeEnabled();
    expect(screen.getByRole('img', { name: 'Logotipo do Rastreio' })).toBeInTheDocument();
  });

  it('submits with Enter, calling authProvider.login with the values', async () => {
    const login = vi.fn(async () => undefined);
    render(
      <TestAdmin authProvider={anonymous(login)} initialEntries={['/login']}>
        <AdminLoginPage />
      </TestAdmin>,
    );
    await userEvent.type(await screen.findByLabelText('Login ou e-mail'), 'admin@rastreio.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo{Enter}');
    await waitFor(() => expect(login).toHaveBeenCalledWith({ username: 'admin@rastreio.com', password: 'segredo' }));
  });
});
