import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResourceDialog } from '../../src/components/ResourceDialog';
import { UsuarioCreateForm } from '../../src/resources/usuarios/UsuarioForm';
import { TestAdmin } from './helpers';

describe('resource dialog', () => {
  it("opens 'Novo Usuário' on /usuarios/create", async () => {
    render(
      <TestAdmin initialEntries={['/usuarios/create']}>
        <ResourceDialog
          resource="usuarios"
          createTitle="app.usuarios.create_title"
          editTitle="app.usuarios.edit_title"
          create={<UsuarioCreateForm />}
        />
      </TestAdmin>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Novo Usuário' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Nome/)).toBeInTheDocument();
  });

  it('stays closed on the list route', async () => {
    render(
      <TestAdmin initialEntries={['/usuarios']}>
        <ResourceDialog
          resource="usuarios"
          createTitle="app.usuarios.create_title"
          editTitle="app.usuarios.edit_title"
          create={<UsuarioCreateForm />}
        />
      </TestAdmin>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
