import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppMenu } from '../../src/layout/AppMenu';
import { fakeAuthProvider, TestAdmin } from './helpers';

describe('sidebar', () => {
  it('hides Configurações from a Usuario', async () => {
    render(
      <TestAdmin authProvider={fakeAuthProvider(2)} initialEntries={['/dashboard']}>
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
    render(
      <TestAdmin authProvider={fakeAuthProvider(1)} initialEntries={['/dashboard']}>
        <AppMenu />
      </TestAdmin>,
    );
    expect(await screen.findByText('Configurações')).toBeInTheDocument();
  });
});
