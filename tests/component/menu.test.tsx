import * as React from 'react';
import { screen } from '@testing-library/react';
import { useCanAccess } from 'ra-core';
import { afterEach, describe, expect, it } from 'vitest';
import { authProvider, setSessionUser } from '../../src/authProvider';
import { renderMenu } from './sidebar';

/** Shows the menu's own access question once it is answered. */
function AccessProbe() {
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: 'usuarios' });
  return isPending ? null : <span>acesso decidido: {canAccess ? 'sim' : 'não'}</span>;
}

describe('sidebar', () => {
  // The real authProvider: its canAccess is the domain's, fed by the session user.
  afterEach(() => setSessionUser(null));

  it('hides Configurações from a Usuario', async () => {
    setSessionUser({ id: 7, name: 'Pessoa Usuária', acesso: 2, nivel: '2' });
    renderMenu(authProvider, '/dashboard', <AccessProbe />);
    expect(await screen.findByText('Financeiro')).toBeInTheDocument();
    expect(screen.getByText('Equipamentos')).toBeInTheDocument();
    // The positive sign that canAccess has answered: the probe asks the same question and renders
    // its answer in the same render as the menu, from the same query cache.
    expect(await screen.findByText('acesso decidido: não')).toBeInTheDocument();
    expect(screen.queryByText('Configurações')).not.toBeInTheDocument();
  });

  it('shows Configurações to an administrator', async () => {
    setSessionUser({ id: 1, name: 'Pessoa Admin', acesso: 1, nivel: '1' });
    renderMenu(authProvider, '/dashboard');
    expect(await screen.findByText('Configurações')).toBeInTheDocument();
  });
});
