/**
 * The técnico's phone, /campo (DESIGN 11, "The técnico's phone"), online: its own entry (no
 * react-admin Admin) lists the agenda in the server's order with what the visit needs, sends each
 * checklist answer as an operation with its own uuid, shows a conflict's pt-BR reason and the
 * order's new status after Finalizar; only técnicos stay on it.
 */
import 'fake-indexeddb/auto';
import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKLIST_ITEMS } from '../../domain/ordensservicos';
import { authProvider, setSessionUser } from '../../src/authProvider';
import { CampoApp } from '../../src/campo/CampoApp';
import { freshTecnicoPhone, TECNICO } from './campo';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const TODAY = '2026-11-28';
const ENDERECO = 'Rua das Flores, 120, Centro, Campinas - SP, 13010000';
const MAPS = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ENDERECO)}`;

function ordem(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    versao: 1,
    status: 0,
    tipo: 'instalacao',
    descricao: '',
    agendamento: TODAY,
    horario: '09:00',
    informacoes: '',
    checklist: {},
    rejeicao: null,
    cliente: { id: 10 + id, name: `Cliente ${id}`, phones: ['11987654321'], endereco: ENDERECO },
    veiculo: { placa: 'ABC1D23', marca: 'Fiat', modelo: 'Uno', cor: 'Prata' },
    device: { imei: '123456789012345', marca: 'Suntech', modelo: 'ST310' },
    navegacao: MAPS,
    ...overrides,
  };
}

type Op = { id: string; idordemservico: number; versaoBase: number; em: string; tipo: string; dados: Record<string, unknown> };

/** The server as a técnico's phone sees it: the agenda, and the operations applied to it. */
function fakeServer(items: ReturnType<typeof ordem>[], answer?: (op: Op, current: ReturnType<typeof ordem>) => Response | undefined) {
  const ops: Op[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/v1/campo/agenda') return json(200, { de: TODAY, ate: '2026-12-04', Items: items });
    if (url === '/v1/session' && init?.method === 'DELETE') return json(200, {});
    if (url === '/v1/campo/operacoes' && init?.method === 'POST') {
      const op = JSON.parse(String(init.body)) as Op;
      ops.push(op);
      const index = items.findIndex((o) => o.id === op.idordemservico);
      const replied = answer?.(op, items[index]);
      if (replied) return replied;
      const current = items[index];
      const next = { ...current, versao: current.versao + 1 };
      if (op.tipo === 'checklist') next.checklist = { ...current.checklist, ...(op.dados.itens as object) };
      if (op.tipo === 'finalizar') next.status = 1;
      if (op.tipo === 'observacao') next.informacoes = String(op.dados.texto);
      items[index] = next;
      return json(200, { id: op.id, resultado: 'aplicada', ordem: next });
    }
    return json(404, { message: 'não encontrado' });
  });
  return { fetch, ops };
}

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <CampoApp />
      <Where />
    </MemoryRouter>,
  );

describe('the técnico’s /campo', () => {
  beforeEach(freshTecnicoPhone);
  afterEach(() => vi.unstubAllGlobals());

  it('lists today’s then the week’s orders in the server’s order, each with the client, address, maps link, phone, type, time and status; Sair signs out', async () => {
    const server = fakeServer([
      ordem(3, { horario: '08:00' }),
      ordem(1, { horario: '14:30', status: 2 }),
      ordem(2, { agendamento: '2026-11-30', horario: null, tipo: 'retirada', rejeicao: { motivo: 'Foto ilegível' } }),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    renderAt('/campo');
    const hoje = await screen.findByRole('region', { name: 'Hoje' });
    const semana = screen.getByRole('region', { name: 'Próximos dias' });
    expect(
      within(hoje)
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['Cliente 3', 'Cliente 1']);
    const first = within(hoje).getByRole('article', { name: 'Cliente 3' });
    expect(first).toHaveTextContent('Instalação · 08:00');
    expect(first).toHaveTextContent(ENDERECO);
    expect(within(first).getByTestId('status')).toHaveTextContent('Em aberto');
    expect(within(first).getByRole('link', { name: 'Abrir no mapa' })).toHaveAttribute('href', MAPS);
    expect(within(first).getByRole('link', { name: 'Ligar para (11) 98765-4321' })).toHaveAttribute('href', 'tel:11987654321');
    expect(within(within(hoje).getByRole('article', { name: 'Cliente 1' })).getByTestId('status')).toHaveTextContent(
      'Aguardando aprovação',
    );
    const later = within(semana).getByRole('article', { name: 'Cliente 2' });
    expect(later).toHaveTextContent(/Retirada · seg\.?, 30\/11 · Sem horário/);
    expect(within(later).getByTestId('status')).toHaveTextContent('Reprovada: Foto ilegível');
    // No office menu, no react-admin shell.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/login'));
    expect(server.fetch.mock.calls.some(([url, init]) => url === '/v1/session' && init?.method === 'DELETE')).toBe(true);
  });

  it('a checklist answer is sent as its own operation (a uuid, the order’s versao, now); Finalizar shows the new status, a conflict its reason', async () => {
    const almost = Object.fromEntries(CHECKLIST_ITEMS.filter((item) => item !== 'Luz de freio').map((item) => [item, 'OK']));
    let conflict = true;
    const server = fakeServer([ordem(7, { versao: 4, checklist: almost })], (op, current) => {
      if (op.tipo !== 'finalizar' || !conflict) return undefined;
      conflict = false;
      return json(409, {
        message: 'O cliente, o veículo ou o rastreador desta ordem de serviço mudou depois da versão usada no celular.',
        id: op.id,
        resultado: 'conflito',
        motivo: 'vinculos',
        ordem: { ...current, versao: current.versao + 1 },
      });
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAt('/campo');
    await userEvent.click(await screen.findByRole('link', { name: 'Abrir ordem Cliente 7' }));
    expect(await screen.findByText('17 de 18 itens respondidos')).toBeInTheDocument();
    const finalizar = screen.getByRole('button', { name: 'Finalizar' });
    expect(finalizar).toBeDisabled();

    const before = Date.now();
    await userEvent.click(within(screen.getByRole('group', { name: 'Luz de freio' })).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('18 de 18 itens respondidos')).toBeInTheDocument();
    const [op] = server.ops;
    expect(op).toMatchObject({ idordemservico: 7, versaoBase: 4, tipo: 'checklist', dados: { itens: { 'Luz de freio': 'OK' } } });
    expect(op.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Date.parse(op.em)).toBeGreaterThanOrEqual(before - 1000);
    expect(within(screen.getByRole('group', { name: 'Luz de freio' })).getByRole('button', { name: 'OK' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await waitFor(() => expect(finalizar).toBeEnabled());
    await userEvent.click(finalizar);
    expect(
      await screen.findByText('O cliente, o veículo ou o rastreador desta ordem de serviço mudou depois da versão usada no celular.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('status')).toHaveTextContent('Em aberto');

    await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('Concluído'));
    const finalizacoes = server.ops.filter((o) => o.tipo === 'finalizar');
    expect(finalizacoes).toHaveLength(2);
    expect(finalizacoes[1].id).not.toBe(finalizacoes[0].id);
    expect(finalizacoes[1].versaoBase).toBe(6);
    expect(screen.queryByRole('button', { name: 'Finalizar' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Voltar/ }));
    expect(within(await screen.findByRole('article', { name: 'Cliente 7' })).getByTestId('status')).toHaveTextContent('Concluído');
  });

  it('Finalizar with a silent tracker (409 validacao) asks to confirm, then sends semValidacao; the approval’s status is shown', async () => {
    const full = Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, 'OK']));
    const server = fakeServer([ordem(8, { checklist: full })], (op, current) => {
      if (op.tipo !== 'finalizar') return undefined;
      if (!op.dados.semValidacao)
        return json(409, {
          message: 'O rastreador não comunicou nos últimos 10 minutos. Confirme para finalizar sem validação.',
          errors: { semValidacao: 'O rastreador não comunicou nos últimos 10 minutos. Confirme para finalizar sem validação.' },
          id: op.id,
          resultado: 'conflito',
          motivo: 'validacao',
          ordem: current,
        });
      return json(200, { id: op.id, resultado: 'aplicada', ordem: { ...current, status: 2, versao: current.versao + 1 } });
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAt('/campo/8');
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('O rastreador não comunicou nos últimos 10 minutos. Confirme para finalizar sem validação.');
    expect(screen.getByTestId('status')).toHaveTextContent('Em aberto');
    await userEvent.click(within(alert).getByRole('button', { name: 'Finalizar mesmo assim' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('Aguardando aprovação'));
    expect(server.ops.map((o) => o.dados)).toEqual([{}, { semValidacao: true }]);
  });

  it('signing in sends a técnico to /campo and staff to the dashboard', async () => {
    for (const [user, path] of [
      [TECNICO, '/campo'],
      [{ id: 1, name: 'Ana', acesso: 1, nivel: '1' }, '/dashboard'],
      [{ id: 2, name: 'Bia', acesso: 2, nivel: '2' }, '/dashboard'],
    ] as const) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(200, user)),
      );
      expect(await authProvider.login({ username: 'x', password: 'y' })).toEqual({ redirectTo: path });
    }
  });

  it('staff visiting /campo go to the dashboard; nobody signed in goes to /login', async () => {
    vi.stubGlobal('fetch', fakeServer([]).fetch);
    setSessionUser({ id: 1, name: 'Ana', acesso: 1, nivel: '1' });
    const staff = renderAt('/campo');
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/dashboard'));
    staff.unmount();

    setSessionUser(null);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { message: 'Não autenticado.' })),
    );
    renderAt('/campo');
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/login'));
  });
});
