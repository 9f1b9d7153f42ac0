import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHATS_QR_REFRESH_MS } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { WHATS_STATUS_POLL_MS } from '../../src/custom-pages/integrations/WhatsConnectDialog';
import WhatsPage from '../../src/custom-pages/integrations/WhatsPage';
import { adminUser, json } from './apiMock';
import { allowRefusalLogs, renderSettingsPage } from './helpers';
import { noticeKinds } from './noticeProbe';

const QR1 = 'data:image/png;base64,UVIx';
const QR2 = 'data:image/png;base64,UVIy';
const CONNECT = 'GET /v1/integrations/whats/connect/7';
const STATUS = 'GET /v1/integrations/whats/status';

const renderPage = (status: string) => renderSettingsPage(WhatsPage, '/integrations/whats', adminUser(), { [STATUS]: () => ({ status }) });
const notices = noticeKinds;
/** Lets the replies of the calls a timer made arrive (fetch mock, apiFetch, React). */
const settle = () => act(async () => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

/** Offline, Conectar opened the popup and it shows QR1; the intervals are fake from the click on. */
async function showingQr() {
  const api = renderPage('close');
  const connect = await screen.findByRole('button', { name: 'Conectar' });
  api.routes[CONNECT] = () => ({ qr: QR1 });
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  fireEvent.click(connect);
  const dialog = await screen.findByRole('dialog', { name: 'Conectar WhatsApp' });
  await within(dialog).findByRole('img', { name: 'QR Code do WhatsApp' });
  return { api, dialog };
}

/** In state `status`, Conectar is refused with `code` and `message`: the red snackbar says it. */
async function connectRefused(status: string, code: number, message: string) {
  const api = renderPage(status);
  api.routes[CONNECT] = () => json({ message }, code);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Conectar' }));
  await waitFor(() => expect(notices()).toContainEqual({ text: message, type: 'error' }));
  return { api, user };
}

describe('WhatsApp integration screen', () => {
  beforeEach(() => {
    allowRefusalLogs();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads server, instance, token and status and saves only the whats group', async () => {
    const api = renderPage('close');
    expect(await screen.findByRole('heading', { name: 'WhatsApp', level: 1 })).toBeInTheDocument();
    expect(await screen.findByLabelText('Servidor')).toHaveValue('https://wa.exemplo.com');
    expect(screen.getByLabelText('Instância')).toHaveValue('rastreio');
    expect(screen.getByLabelText('Token')).toHaveValue('segredo-whats');
    expect(screen.getByLabelText('Token')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveTextContent('Ativo');

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Instância'));
    await user.type(screen.getByLabelText('Instância'), 'matriz');
    const statusCalls = api.callsTo(STATUS).length;
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /v1/users/7')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/users/7')[0].body.integrations).toEqual({
      whats: { server: 'https://wa.exemplo.com', instance: 'matriz', token: 'segredo-whats', status: 1 },
    });
    await waitFor(() => expect(notices()).toContainEqual({ text: MSG.updated, type: 'success' }));
    // A new configuration may change the connection: the state is asked again.
    await waitFor(() => expect(api.callsTo(STATUS).length).toBeGreaterThan(statusCalls));
  });

  it('offline: the chip says Offline and only Conectar is offered', async () => {
    renderPage('apiOff');
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Conectar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
  });

  it('online: the chip says Online and Desconectar disconnects, then the state is Offline', async () => {
    const api = renderPage('open');
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conectar' })).not.toBeInTheDocument();
    api.routes['DELETE /v1/integrations/whats/desconnect/7'] = () => {
      api.routes[STATUS] = () => ({ status: 'close' });
      return {};
    };
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Desconectar' }));
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    expect(api.callsTo('DELETE /v1/integrations/whats/desconnect/7')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Conectar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
  });

  it('the QR popup asks for a new code every 40 s and closes when a reply carries a status', async () => {
    const api = renderPage('close');
    const connect = await screen.findByRole('button', { name: 'Conectar' });
    let qr = QR1;
    api.routes[CONNECT] = () => ({ qr });
    // Only the intervals are fake: the page's other timers (and Testing Library's) run for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(connect);
    const dialog = await screen.findByRole('dialog', { name: 'Conectar WhatsApp' });
    expect(await within(dialog).findByRole('img', { name: 'QR Code do WhatsApp' })).toHaveAttribute('src', QR1);
    expect(within(dialog).getByText('Abra o WhatsApp no celular, toque em Aparelhos conectados e leia o código.')).toBeInTheDocument();
    expect(api.callsTo(CONNECT)).toHaveLength(1);

    qr = QR2;
    await advance(WHATS_QR_REFRESH_MS - 1);
    expect(api.callsTo(CONNECT)).toHaveLength(1);
    // Meanwhile the state was asked every 3 s.
    expect(api.callsTo(STATUS).length).toBeGreaterThanOrEqual(Math.floor((WHATS_QR_REFRESH_MS - 1) / WHATS_STATUS_POLL_MS));
    await advance(1);
    expect(api.callsTo(CONNECT)).toHaveLength(2);
    await settle();
    expect(within(dialog).getByRole('img', { name: 'QR Code do WhatsApp' })).toHaveAttribute('src', QR2);

    // Scanned: the next connect says so (the state checks until then still said 'close').
    api.routes[CONNECT] = () => {
      api.routes[STATUS] = () => ({ status: 'open' });
      return { status: 'open' };
    };
    await advance(WHATS_QR_REFRESH_MS);
    expect(api.callsTo(CONNECT)).toHaveLength(3);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Online')).toBeInTheDocument();
    await waitFor(() => expect(notices()).toContainEqual({ text: 'WhatsApp conectado', type: 'success' }));
    // The flow is over: no more calls.
    await advance(2 * WHATS_QR_REFRESH_MS);
    expect(api.callsTo(CONNECT)).toHaveLength(3);
  });

  it('a scan noticed by the 3 s state check ends the popup before the next QR', async () => {
    const { api } = await showingQr();
    api.routes[STATUS] = () => ({ status: 'open' });
    await advance(WHATS_STATUS_POLL_MS);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(api.callsTo(CONNECT)).toHaveLength(1);
    await waitFor(() => expect(notices()).toContainEqual({ text: 'WhatsApp conectado', type: 'success' }));
  });

  it('closing the popup by hand stops both timers and asks the state again', async () => {
    const { api, dialog } = await showingQr();
    const statusCalls = api.callsTo(STATUS).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo(STATUS)).toHaveLength(statusCalls + 1));
    await advance(2 * WHATS_QR_REFRESH_MS);
    expect(api.callsTo(CONNECT)).toHaveLength(1);
    expect(api.callsTo(STATUS)).toHaveLength(statusCalls + 1);
  });

  it('a refused connect (409) closes the popup and shows the message in the red snackbar', async () => {
    await connectRefused('apiOff', 409, 'A integração com o WhatsApp não está ativa.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a failure of Evolution (502) is shown and the popup offers to try again', async () => {
    const { api, user } = await connectRefused('close', 502, 'WhatsApp respondeu 500.');
    const dialog = screen.getByRole('dialog', { name: 'Conectar WhatsApp' });
    api.routes[CONNECT] = () => ({ qr: QR1 });
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dialog).findByRole('img', { name: 'QR Code do WhatsApp' })).toHaveAttribute('src', QR1);
    expect(api.callsTo(CONNECT)).toHaveLength(2);
  });
});
