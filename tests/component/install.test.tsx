import * as React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallPage } from '../../src/custom-pages/install/InstallPage';
import { TestAdmin } from './helpers';

describe('install page', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: false }), { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Salva disabled until email and password are filled', async () => {
    render(
      <TestAdmin initialEntries={['/install']}>
        <InstallPage />
      </TestAdmin>,
    );
    const button = await screen.findByRole('button', { name: 'Salva' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Nome'), 'Administrador');
    await userEvent.type(screen.getByLabelText('Email'), 'admin@rastreio.com');
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo');
    expect(button).toBeEnabled();
  });
});
