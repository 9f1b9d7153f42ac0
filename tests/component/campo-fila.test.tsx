/**
 * The técnico's phone offline (DESIGN 11, "The técnico's phone"), with IndexedDB from
 * fake-indexeddb: the week kept on the phone opens /campo without signal; what is done offline waits
 * in the queue with its uuid, shown as "N pendentes", and is still there when the browser is opened
 * again (the connection closed, the page rendered anew, no session in memory); back online it is
 * sent in the order it was made; `repetida` counts as done; a 409 leaves the queue and shows its
 * reason on the order; a failed send is tried again after a back-off.
 */
import 'fake-indexeddb/auto';
import * as React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKLIST_ITEMS } from '../../domain/ordensservicos';
import { setSessionUser } from '../../src/authProvider';
import { CampoApp } from '../../src/campo/CampoApp';
import { fechar, pendentes } from '../../src/campo/fila';
import { Sincronia } from '../../src/campo/sincronia';
import { freshTecnicoPhone, TECNICO } from './campo';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const TODAY = '2026-11-28';

const ordem = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  versao: 3,
  status: 0,
  tipo: 'instalacao',
  agendamento: TODAY,
  horario: '09:00',
  informacoes: '',
  checklist: {} as Record<string, string>,
  rejeicao: null,
  cliente: { id: 10 + id, name: `Cliente ${id}`, phones: ['11987654321'], endereco: 'Rua A, 1' },
  veiculo: null,
  device: null,
  navegacao: null,
  fotos: [],
  assinaturaCliente: null,
  ...overrides,
});

type Op = { id: string; idordemservico: number; versaoBase: number; tipo: string; dados: Record<string, unknown> };

/** The server, reachable or not (a TypeError, as fetch without signal); `answer` may override a reply. */
function servidor(items: ReturnType<typeof ordem>[], answer?: (op: Op, index: number) => Response | undefined) {
  const state = { online: true, ops: [] as Op[] };
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    if (url === '/v1/session' && (!init?.method || init.method === 'GET')) return json(200, TECNICO);
    if (url === '/v1/campo/agenda') return json(200, { de: TODAY, ate: '2026-12-04', Items: items });
    if (url === '/v1/campo/operacoes') {
      const op = JSON.parse(String(init?.body)) as Op;
      state.ops.push(op);
      const replied = answer?.(op, state.ops.length - 1);
      if (replied) return replied;
      const index = items.findIndex((o) => o.id === op.idordemservico);
      const next = { ...items[index], versao: items[index].versao + 1 };
      if (op.tipo === 'checklist') next.checklist = { ...next.checklist, ...(op.dados.itens as Record<string, string>) };
      if (op.tipo === 'observacao') next.informacoes = String(op.dados.texto);
      if (op.tipo === 'finalizar') next.status = 1;
      items[index] = next;
      return json(200, { id: op.id, resultado: 'aplicada', ordem: next });
    }
    return json(404, { message: 'não encontrado' });
  });
  vi.stubGlobal('fetch', fetch);
  return state;
}

const abrir = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <CampoApp />
    </MemoryRouter>,
  );

/** The browser closed: the page, the connection to IndexedDB and the session in memory are gone. */
async function fecharNavegador(view: ReturnType<typeof abrir>) {
  view.unmount();
  await fechar();
  setSessionUser(null);
}

const setOnline = (value: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
};

describe('the técnico’s queue on the phone', () => {
  beforeEach(freshTecnicoPhone);
  afterEach(async () => {
    vi.unstubAllGlobals();
    await fechar();
  });

  it('opens the kept week without signal; offline answers wait as "N pendentes" and survive the browser closing; online they are sent in order', async () => {
    const server = servidor([ordem(1), ordem(2, { horario: '10:00' })]);
    let view = abrir('/campo');
    await screen.findByRole('article', { name: 'Cliente 1' });
    // Kept after the server's answer.
    await waitFor(async () => expect(await indexedDB.databases()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fecharNavegador(view);

    // No signal: the session cannot be checked, the week opens from the phone.
    server.online = false;
    view = abrir('/campo/1');
    expect(await screen.findByText('0 de 18 itens respondidos')).toBeInTheDocument();
    expect(screen.getByText('Sem conexão com o servidor: mostrando a agenda salva no celular.')).toBeInTheDocument();
    setOnline(false);
    const [first, second] = CHECKLIST_ITEMS;
    await userEvent.click(within(screen.getByRole('group', { name: first })).getByRole('button', { name: 'OK' }));
    await userEvent.click(within(screen.getByRole('group', { name: second })).getByRole('button', { name: 'Não testado' }));
    await userEvent.type(screen.getByLabelText('Observação'), 'Garagem sem sinal');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar observação' }));
    await waitFor(() => expect(screen.getByTestId('pendentes')).toHaveTextContent('3 pendentes'));
    expect(await screen.findByText('Salvo no celular: será enviado quando houver sinal.')).toBeInTheDocument();
    expect(screen.getByText('2 de 18 itens respondidos')).toBeInTheDocument();
    expect(screen.getByText('Sem sinal')).toBeInTheDocument();
    await fecharNavegador(view);

    // Opened again, still without signal: the queue and the answers are there.
    view = abrir('/campo');
    const card = await screen.findByRole('article', { name: 'Cliente 1' });
    await waitFor(() => expect(screen.getByTestId('pendentes')).toHaveTextContent('3 pendentes'));
    expect(card).toHaveTextContent('3 pendentes');
    expect(server.ops).toEqual([]);
    const kept = await pendentes(TECNICO.id);
    expect(kept.map((p) => p.op.tipo)).toEqual(['checklist', 'checklist', 'observacao']);
    expect(new Set(kept.map((p) => p.op.id)).size).toBe(3);
    expect(kept.every((p) => p.op.versaoBase === 3 && p.op.idordemservico === 1)).toBe(true);

    // Back online: sent once each, oldest first, with the uuids made on the phone.
    server.online = true;
    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('pendentes')).not.toBeInTheDocument());
    expect(server.ops.map((op) => op.id)).toEqual(kept.map((p) => p.op.id));
    expect(server.ops.map((op) => op.dados)).toEqual([
      { itens: { [first]: 'OK' } },
      { itens: { [second]: 'NT' } },
      { texto: 'Garagem sem sinal' },
    ]);
    expect(await pendentes(TECNICO.id)).toEqual([]);
    view.unmount();
  });

  it('a repeated answer counts as done; a conflict (409) leaves the queue and shows its reason on the order', async () => {
    const full = Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, 'OK']));
    const server = servidor([ordem(7, { checklist: full })], (op, index) => {
      if (index === 0) return json(200, { id: op.id, resultado: 'repetida', ordem: ordem(7, { checklist: full, versao: 4 }) });
      if (op.tipo === 'finalizar')
        return json(409, {
          message: 'Esta ordem de serviço já foi finalizada.',
          id: op.id,
          resultado: 'conflito',
          motivo: 'finalizada',
          ordem: ordem(7, { checklist: full, versao: 9, status: 1 }),
        });
      return undefined;
    });
    abrir('/campo/7');
    await screen.findByText('18 de 18 itens respondidos');
    server.online = false;
    setOnline(false);
    await userEvent.type(screen.getByLabelText('Observação'), 'Primeira');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar observação' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(await screen.findByText('Finalização salva no celular: será enviada quando houver sinal.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finalizar' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('pendentes')).toHaveTextContent('2 pendentes'));

    server.online = true;
    setOnline(true);
    const conflito = await screen.findByTestId('conflito');
    expect(conflito).toHaveTextContent('Esta ordem de serviço já foi finalizada.');
    await waitFor(() => expect(screen.queryByTestId('pendentes')).not.toBeInTheDocument());
    expect(screen.getByTestId('status')).toHaveTextContent('Concluído');
    expect(server.ops.map((op) => op.tipo)).toEqual(['observacao', 'finalizar']);
    expect(await pendentes(TECNICO.id)).toEqual([]);
    // Read: the reason goes away.
    await userEvent.click(within(conflito).getByRole('button', { name: 'Entendi' }));
    await waitFor(() => expect(screen.queryByTestId('conflito')).not.toBeInTheDocument());
  });

  it('a send that fails (no signal, a 503) stays queued and is tried again after a back-off', async () => {
    const server = servidor([ordem(3)], (op, index) => (index === 0 ? json(503, { message: 'Indisponível' }) : undefined));
    const eventos = { ordem: vi.fn(), conflito: vi.fn(), mudou: vi.fn(), sessaoPerdida: vi.fn() };
    const sincronia = new Sincronia(TECNICO.id, eventos);
    expect(await sincronia.enviar({ id: 3, versao: 3 }, 'checklist', { itens: { [CHECKLIST_ITEMS[0]]: 'OK' } })).toBe('pendente');
    expect(await pendentes(TECNICO.id)).toHaveLength(1);
    // 2 s later, tried again: sent with the same uuid.
    await waitFor(async () => expect(await pendentes(TECNICO.id)).toHaveLength(0), { timeout: 6000 });
    expect(server.ops).toHaveLength(2);
    expect(server.ops[1].id).toBe(server.ops[0].id);
    expect(eventos.ordem).toHaveBeenCalledWith(expect.objectContaining({ id: 3, versao: 4 }));
    sincronia.parar();
  });
});
