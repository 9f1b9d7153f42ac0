import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionUser } from '../../src/authProvider/session';
import { PrimeirosPassos } from '../../src/custom-pages/dashboard/PrimeirosPassos';
import { emptyDataProvider, TestAdmin } from './helpers';

const empresa = (overrides: { nome?: string; traccar?: number; whats?: number; gateway?: number } = {}) => ({
  id: 7,
  dadosempresa: { nome: overrides.nome ?? '' },
  integrations: {
    traccar: { status: overrides.traccar ?? 0 },
    whats: { status: overrides.whats ?? 0 },
    gateway: { status: overrides.gateway ?? 0 },
  },
});

function renderPassos(user: object, totals: { clientes: number; planos: number }) {
  const dataProvider = emptyDataProvider({
    getOne: (async () => ({ data: user })) as never,
    getList: (async (resource: string) => ({ data: [], total: resource === 'clientes' ? totals.clientes : totals.planos })) as never,
  });
  return render(
    <TestAdmin dataProvider={dataProvider}>
      <PrimeirosPassos />
    </TestAdmin>,
  );
}

describe("the dashboard's first steps of a new install", () => {
  beforeEach(() => setSessionUser({ id: 7, name: 'Ana', acesso: 1 }));
  afterEach(() => setSessionUser(null));

  it('lists the six steps, each a link to where it is done, checked when done', async () => {
    renderPassos(empresa({ nome: 'Rastro Sul', whats: 1 }), { clientes: 0, planos: 2 });
    const secao = await screen.findByRole('region', { name: 'Primeiros passos' });
    expect(within(secao).getByText('3 de 6 concluídos')).toBeInTheDocument();
    const links = within(secao).getAllByRole('link');
    expect(
      links.map((link) => [link.querySelector('.MuiListItemText-primary')?.textContent, link.getAttribute('href'), link.dataset.feito]),
    ).toEqual([
      ['Dados da empresa', '/settings/perfil/', 'sim'],
      ['Integração com o Traccar', '/integrations/traccar', 'nao'],
      ['Integração com o WhatsApp', '/integrations/whats', 'sim'],
      ['Integração com o Asaas', '/integrations/mdp', 'nao'],
      ['Primeiro cliente', '/clientes/create', 'nao'],
      ['Primeiro plano', '/planos/create', 'sim'],
    ]);
    expect(within(links[0]).getByTitle('Concluído')).toBeInTheDocument();
    expect(within(links[1]).getByTitle('Pendente')).toBeInTheDocument();
  });

  it('is gone once every step is done', async () => {
    const { container } = renderPassos(empresa({ nome: 'Rastro Sul', traccar: 1, whats: 1, gateway: 1 }), { clientes: 1, planos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('region', { name: 'Primeiros passos' })).not.toBeInTheDocument();
    expect(container.textContent).toBe('');
  });

  it('is not shown to a Usuario', async () => {
    setSessionUser({ id: 7, name: 'Bruno', acesso: 2 });
    renderPassos(empresa(), { clientes: 0, planos: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('region', { name: 'Primeiros passos' })).not.toBeInTheDocument();
  });
});
