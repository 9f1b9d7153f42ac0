import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import TraccarPage from '../../src/custom-pages/integrations/TraccarPage';
import { adminUser, json } from './apiMock';
import { pressRefused, refusalsAllowedEachTest, renderSettingsPage } from './helpers';
import { noticeKinds } from './noticeProbe';

const renderPage = (user = adminUser()) => renderSettingsPage(TraccarPage, '/integrations/traccar', user);
const notices = noticeKinds;

describe('Traccar integration screen', () => {
  // react-admin logs a refused save with console.error; only that is expected.
  refusalsAllowedEachTest();

  it('loads server, user id, token and status from the signed-in user', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Traccar', level: 1 })).toBeInTheDocument();
    expect(await screen.findByLabelText('Servidor')).toHaveValue('http://127.0.0.1:8082');
    expect(screen.getByLabelText('ID do usuário')).toHaveValue('1');
    const token = screen.getByLabelText('Token');
    expect(token).toHaveValue('segredo-traccar');
    expect(token).toHaveAttribute('type', 'password');
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveTextContent('Ativo');
  });

  it('the token shows and hides', async () => {
    renderPage();
    const user = userEvent.setup();
    const token = await screen.findByLabelText('Token');
    await user.click(screen.getByRole('button', { name: 'Mostrar token' }));
    expect(token).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar token' }));
    expect(token).toHaveAttribute('type', 'password');
  });

  it('Salvar sends the user object with only the traccar and fleet groups, and the mask keeps the stored token', async () => {
    const api = renderPage(adminUser({ traccar: { server: 'http://127.0.0.1:8082', userId: '1', token: '********', status: 1 } }));
    const user = userEvent.setup();
    const server = await screen.findByLabelText('Servidor');
    await user.clear(server);
    await user.type(server, 'https://traccar.exemplo.com.br');
    await user.click(screen.getByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Desativado' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /v1/users/7')).toHaveLength(1));
    const { body } = api.callsTo('PUT /v1/users/7')[0];
    expect(body).toMatchObject({ id: 7, name: 'Pessoa Teste', login: 'admin' });
    expect(body.integrations).toEqual({
      traccar: { server: 'https://traccar.exemplo.com.br', userId: '1', token: '********', status: 0 },
      frota: {
        horasSilencio: 24,
        minutosGps: 60,
        mapa: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', atribuicao: '© OpenStreetMap contributors' },
      },
    });
    await waitFor(() => expect(notices()).toContainEqual({ text: MSG.updated, type: 'success' }));
  });

  it("a refused save shows the server's message in the red snackbar and under the field", async () => {
    const api = renderPage();
    api.routes['PUT /v1/users/7'] = () =>
      json({ message: MSG.invalidInput, errors: { 'integrations.traccar.server': 'Endereço inválido.' } }, 400);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('ID do usuário'), '2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByLabelText('Servidor')).toHaveAccessibleDescription('Endereço inválido.'));
    await waitFor(() => expect(notices()).toContainEqual({ text: MSG.invalidInput, type: 'error' }));
  });

  it('the shared schema checks the fields before anything is sent', async () => {
    const api = renderPage();
    const user = userEvent.setup();
    const server = await screen.findByLabelText('Servidor');
    await user.click(server);
    await user.paste('x'.repeat(301));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByLabelText('Servidor')).toHaveAccessibleDescription('No máximo 300 caracteres'));
    expect(api.callsTo('PUT /v1/users/7')).toHaveLength(0);
  });

  it("Testar conexão posts the form's current values and shows the reply in the green snackbar", async () => {
    const api = renderPage();
    api.routes['POST /v1/integrations/traccar/test'] = () => ({ message: 'Conexão com o Traccar realizada: usuário admin.' });
    const user = userEvent.setup();
    const userId = await screen.findByLabelText('ID do usuário');
    await user.clear(userId);
    await user.type(userId, '5');
    await user.click(screen.getByRole('button', { name: 'Testar conexão' }));
    await waitFor(() => expect(api.callsTo('POST /v1/integrations/traccar/test')).toHaveLength(1));
    expect(api.callsTo('POST /v1/integrations/traccar/test')[0].body).toEqual({
      server: 'http://127.0.0.1:8082',
      userId: '5',
      token: 'segredo-traccar',
    });
    await waitFor(() => expect(notices()).toContainEqual({ text: 'Conexão com o Traccar realizada: usuário admin.', type: 'success' }));
    // Testing saves nothing.
    expect(api.callsTo('PUT /v1/users/7')).toHaveLength(0);
  });

  it('a failed test shows its message in the red snackbar', async () => {
    await pressRefused(renderPage(), 'POST /v1/integrations/traccar/test', 502, 'Traccar recusou o token informado.', 'Testar conexão');
  });
});
