import * as React from 'react';
import { render, screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider, type GetListParams } from 'ra-core';
import { DataTable, Notification } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ListPage } from '../../src/components/ListPage';
import { ResourceDialog } from '../../src/components/ResourceDialog';
import { StatusFilter } from '../../src/components/SearchBar';
import { PlanoForm, planoTransform } from '../../src/resources/planos/PlanoForm';
import { UsuarioCreateForm } from '../../src/resources/usuarios/UsuarioForm';
import { recordPath } from '../../src/components/useCreatedNotify';
import { emptyDataProvider, TestAdmin } from './helpers';

describe('resource dialog', () => {
  const usuarioDialog = (
    <ResourceDialog
      resource="usuarios"
      createTitle="app.usuarios.create_title"
      editTitle="app.usuarios.edit_title"
      create={<UsuarioCreateForm />}
    />
  );

  it("opens 'Novo Usuário' on /usuarios/create", async () => {
    render(<TestAdmin initialEntries={['/usuarios/create']}>{usuarioDialog}</TestAdmin>);
    const dialog = await screen.findByRole('dialog', { name: 'Novo Usuário' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Nome/)).toBeInTheDocument();
  });

  it('stays closed on the list route, and closes when the route goes back to it', async () => {
    render(
      <TestAdmin initialEntries={['/usuarios']}>
        {usuarioDialog}
        <RouteLinks />
      </TestAdmin>,
    );
    // The positive sign: the router has rendered this route (the dialog's open state comes from it).
    expect(await screen.findByText('rota: /usuarios')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'abrir' }));
    expect(await screen.findByRole('dialog', { name: 'Novo Usuário' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'voltar', hidden: true }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(screen.getByText('rota: /usuarios')).toBeInTheDocument();
  });
});

describe('a new record the list filters hide', () => {
  const novo = { id: 9, name: 'Frota', descricao: 'Plano frota', limtdispositivos: 1, valor: 10, valoradd: 0, status: 0 };
  /** A list opening on `status` (as the orders open on Concluído), its records kept by the fake data provider. */
  function renderList(status: number, entry: string | { pathname: string; state: unknown } = '/planos/create') {
    let saved: object[] = [];
    const getList = vi.fn(async (_resource: string, params: GetListParams) => {
      const data = saved.filter(
        (record) => params.filter.status === undefined || (record as { status: number }).status === params.filter.status,
      );
      return { data, total: data.length };
    });
    const create = vi.fn(async (_resource: string, params: { data: object }) => {
      saved = [{ ...novo, ...params.data }];
      return { data: saved[0] };
    });
    render(
      <TestAdmin
        dataProvider={emptyDataProvider({
          getList: getList as never,
          create: create as never,
          getOne: (async () => ({ data: saved[0] })) as never,
        })}
        initialEntries={[entry]}
      >
        <ResourceContextProvider value="planos">
          <ListPage
            title="resources.planos.name"
            filterDefaultValues={{ status }}
            filters={
              <StatusFilter
                choices={[
                  { id: 0, name: 'Em Aberto' },
                  { id: 1, name: 'Concluído' },
                ]}
              />
            }
            dialog={
              <ResourceDialog resource="planos" createTitle="Novo" editTitle="Plano" create={<PlanoForm />} transform={planoTransform} />
            }
          >
            <DataTable rowClick={false} bulkActionButtons={false}>
              <DataTable.Col source="descricao" />
            </DataTable>
          </ListPage>
        </ResourceContextProvider>
        <Notification />
        <CurrentPath />
      </TestAdmin>,
    );
    return { getList };
  }
  const save = async () => {
    await userEvent.type(await screen.findByLabelText(/^Descrição/), 'Plano frota');
    await userEvent.type(screen.getByLabelText(/^Valor\b(?! adicional)/), '10,00');
    await userEvent.type(screen.getByLabelText(/^Valor adicional/), '0,00');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
  };

  it('the notice says the filters hide it and its Mostrar clears them so it shows', async () => {
    const { getList } = renderList(1);
    await save();
    expect(
      await screen.findByText('Cadastro realizado com sucesso. Os filtros atuais da lista escondem o novo registro.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Plano frota' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Mostrar' }));
    expect(await screen.findByRole('cell', { name: 'Plano frota' })).toBeInTheDocument();
    expect(getList).toHaveBeenLastCalledWith('planos', expect.objectContaining({ filter: {} }));
  });

  it('one the filters show gets the plain notice, with Abrir', async () => {
    renderList(0);
    await save();
    expect(await screen.findByText('Cadastro realizado com sucesso')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Plano frota' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Abrir' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mostrar' })).not.toBeInTheDocument();
  });

  it("made from another page (the client's: state.voltar), the notice has Abrir and no word of the list's filters", async () => {
    renderList(1, { pathname: '/planos/create', state: { voltar: '/clientes/4/show' } });
    await save();
    expect(await screen.findByText('caminho: /clientes/4/show')).toBeInTheDocument();
    expect(await screen.findByText('Cadastro realizado com sucesso')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Abrir' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mostrar' })).not.toBeInTheDocument();
  });

  it("every new record's notice offers Abrir, which opens it (its edit modal, or its page) even while the filters hide it", async () => {
    renderList(1);
    await save();
    await screen.findByText('Cadastro realizado com sucesso. Os filtros atuais da lista escondem o novo registro.');
    // The dialog closed, the notice's buttons are reachable.
    expect(await screen.findByRole('button', { name: 'Mostrar' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir' }));
    // /planos/9: the list's edit modal (this list gives none).
    expect(await screen.findByText('caminho: /planos/9')).toBeInTheDocument();
    // The notice closes once used.
    await waitFor(() => expect(screen.queryByText(/Cadastro realizado com sucesso/)).not.toBeInTheDocument());
    expect(recordPath('clientes', 4)).toBe('/clientes/4/show');
    expect(recordPath('ordensservicos', 5)).toBe('/ordenservico/5');
    expect(recordPath('cobrancas', 6)).toBe('/cobrancas/6');
    expect(recordPath('contratos', 7)).toBe('/contratos/7');
  });
});

/** The router's path, as text. */
function CurrentPath() {
  return <p>caminho: {useLocation().pathname}</p>;
}

/** Shows the current path and moves between the list and the create route. */
function RouteLinks() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <span>rota: {location.pathname}</span>
      <button onClick={() => navigate('/usuarios/create')}>abrir</button>
      <button onClick={() => navigate('/usuarios')}>voltar</button>
    </>
  );
}
