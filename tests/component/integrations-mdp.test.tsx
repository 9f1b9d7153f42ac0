import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../domain/messages';
import MdpPage from '../../src/custom-pages/integrations/MdpPage';
import { adminUser, deferred } from './apiMock';
import { pressRefused, refusalsAllowedEachTest, renderSettingsPage } from './helpers';
import { noticeKinds } from './noticeProbe';

const renderPage = (user = adminUser()) => renderSettingsPage(MdpPage, '/integrations/mdp', user);
const notices = noticeKinds;
/** A user-event user, and a clipboard whose writeText the test reads. */
function userWithClipboard() {
  // After setup: user-event puts its own clipboard on the navigator.
  const user = userEvent.setup();
  const writeText = vi.fn(async () => undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  return { user, writeText };
}
const importCard = () => screen.getByText('Importar do Asaas').closest<HTMLElement>('.MuiCard-root')!;

describe('payment gateway screen', () => {
  // react-admin logs a refused save with console.error; only that is expected.
  refusalsAllowedEachTest();

  it('loads the gateway, token, status, the webhook link and the masked webhook token', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Meios de pagamento', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /^Gateway/ })).toHaveTextContent('Asaas');
    expect(screen.getByLabelText('Token')).toHaveValue('segredo-asaas');
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveTextContent('Ativo');
    const link = screen.getByLabelText('Link do webhook');
    expect(link).toHaveValue(`${window.location.origin}/webhook/cobranca/7/asaas`);
    expect(link).toHaveAttribute('readonly');
    const webhookToken = screen.getByLabelText('Token do webhook');
    expect(webhookToken).toHaveValue('webhook-atual-123');
    expect(webhookToken).toHaveAttribute('type', 'password');
    expect(webhookToken).toHaveAttribute('readonly');
  });

  it('Salvar sends the gateway group without the webhook token (the mask keeps the stored token), and the Pix Automático and negativação settings', async () => {
    const api = renderPage(adminUser({ gateway: { api: 'asaas', token: '********', status: 0, webhookToken: '********' } }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Ativo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /v1/users/7')).toHaveLength(1));
    // The gateway, with the token's mask (the stored token kept) and no webhook token, and the two
    // settings Asaas enables on request (Pix Automático, negativação), off as they were.
    expect(api.callsTo('PUT /v1/users/7')[0].body.integrations).toEqual({
      gateway: { api: 'asaas', token: '********', status: 1 },
      pixAutomatico: { ativo: false },
      negativacao: { ativo: false },
    });
    await waitFor(() => expect(notices()).toContainEqual({ text: MSG.updated, type: 'success' }));
  });

  it('copies the webhook link', async () => {
    renderPage();
    const { user, writeText } = userWithClipboard();
    await user.click(await screen.findByRole('button', { name: 'Copiar link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/webhook/cobranca/7/asaas`));
    await waitFor(() => expect(notices()).toContainEqual({ text: MSG.linkCopied, type: 'success' }));
  });

  it('the webhook token shows, hides and copies', async () => {
    renderPage();
    const { user, writeText } = userWithClipboard();
    const webhookToken = await screen.findByLabelText('Token do webhook');
    const field = webhookToken.closest<HTMLElement>('.MuiFormControl-root')!;
    await user.click(within(field).getByRole('button', { name: 'Mostrar token' }));
    expect(webhookToken).toHaveAttribute('type', 'text');
    await user.click(within(field).getByRole('button', { name: 'Ocultar token' }));
    expect(webhookToken).toHaveAttribute('type', 'password');
    await user.click(within(field).getByRole('button', { name: 'Copiar token' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('webhook-atual-123'));
    await waitFor(() => expect(notices()).toContainEqual({ text: 'Token copiado para a área de transferência!', type: 'success' }));
  });

  it('Regenerar asks first, then shows the new webhook token', async () => {
    const api = renderPage();
    api.routes['POST /v1/integrations/gateway/webhook-token'] = () => ({ webhookToken: 'novo-token-456' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Regenerar' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Gerar um novo token? O Asaas deixará de ser aceito até receber o novo token.');
    // Cancelling changes nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /v1/integrations/gateway/webhook-token')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Regenerar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.getByLabelText('Token do webhook')).toHaveValue('novo-token-456'));
    expect(screen.getByLabelText('Token do webhook')).toHaveAttribute('type', 'text');
    expect(api.callsTo('POST /v1/integrations/gateway/webhook-token')).toHaveLength(1);
    // Regenerating is not a save.
    expect(api.callsTo('PUT /v1/users/7')).toHaveLength(0);
  });

  it('an import shows its progress, keeps the three buttons waiting, then shows the counts and the message', async () => {
    const api = renderPage();
    const reply = deferred<unknown>();
    api.routes['GET /v1/clientes/imports/7/asaas'] = () => reply.promise;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Importar clientes' }));
    const card = importCard();
    expect(within(card).getByRole('progressbar', { name: 'Importando clientes…' })).toBeInTheDocument();
    for (const name of ['Importar clientes', 'Importar assinaturas', 'Importar cobranças']) {
      expect(within(card).getByRole('button', { name })).toBeDisabled();
    }
    reply.resolve({ imported: 12, updated: 3, message: 'Clientes importados com sucesso' });
    expect(await within(card).findByText('12 importados, 3 atualizados')).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Importar assinaturas' })).toBeEnabled();
    await waitFor(() => expect(notices()).toContainEqual({ text: 'Clientes importados com sucesso', type: 'success' }));
  });

  it('one of each reads in the singular', async () => {
    const api = renderPage();
    api.routes['GET /v1/cobrancas/imports/7/asaas'] = () => ({ imported: 1, updated: 1, message: 'Cobranças importadas com sucesso' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Importar cobranças' }));
    expect(await within(importCard()).findByText('1 importado, 1 atualizado')).toBeInTheDocument();
  });

  it('a refused import shows its message in the red snackbar', async () => {
    const refusal = 'A integração com o Asaas não está ativa.';
    await pressRefused(renderPage(), 'GET /v1/assinaturas/imports/7/asaas', 409, refusal, 'Importar assinaturas');
    expect(within(importCard()).getByRole('button', { name: 'Importar assinaturas' })).toBeEnabled();
  });
});
