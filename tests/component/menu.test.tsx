import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppMenu } from '../../src/layout/AppMenu';
import { authProvider, setSessionUser } from '../../src/authProvider';
import { TestAdmin } from './helpers';

describe('sidebar', () => {
  // The real authProvider: its canAccess is the domain's, fed by the session user.
  afterEach(() => setSessionUser(null));

  it('hides Configurações from a Usuario', async () => {
    setSessionUser({ id: 7, name: 'Pessoa Usuária', acesso: 2, nivel: '2' });
    render(
      <TestAdmin authProvider={authProvider} initialEntries={['/dashboard']}>
        <AppMenu />
      </TestAdmin>,
    );
    expect(await screen.findByText('Financeiro')).toBeInTheDocument();
    expect(screen.getByText('Equipamentos')).toBeInTheDocument();
    // give canAccess time to answer before asserting absence
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Configurações')).not.toBeInTheDocument();
  });

  it('shows Configurações to an administrator', async () => {
    setSessionUser({ id: 1, name: 'Pessoa Admin', acesso: 1, nivel: '1' });
    render(
      <TestAdmin authProvider={authProvider} initialEntries={['/dashboard']}>
        <AppMenu />
      </TestAdmin>,
    );
    expect(await screen.findByText('Configurações')).toBeInTheDocument();
  });
});
