import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../domain/messages';
import NotificacoesPage from '../../src/custom-pages/notificacoes/NotificacoesPage';
import { adminUser, json } from './apiMock';
import { allowRefusalLogs, renderSettingsPage } from './helpers';
import { noticeKinds } from './noticeProbe';

const renderPage = (user = adminUser()) => renderSettingsPage(NotificacoesPage, '/notificacoes', user);
const notices = noticeKinds;

async function openAlertas(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Alertas' }));
}

describe('notification settings screen', () => {
  beforeEach(() => {
    allowRefusalLogs();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the four options with the values of SPEC 9 and the wait before a charge message, loaded from the user', async () => {
    renderPage(adminUser({ notificacoes: { emaberto: 10, repeticoes: 3, intervalo: 4, bloqueio: 15, esperaMinutos: 2 } }));
    expect(await screen.findByRole('heading', { name: 'Notificações', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Notificações' })).toHaveAttribute('aria-selected', 'true');
    const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
    expect(await screen.findByRole('combobox', { name: /^Dias de aviso antes do vencimento/ })).toHaveTextContent('10');
    expect(select('Repetições após o vencimento')).toHaveTextContent('3');
    expect(select('Intervalo entre repetições (dias)')).toHaveTextContent('4');
    expect(select('Dias até o bloqueio')).toHaveTextContent('15');
    expect(screen.getByRole('spinbutton', { name: /^Espera antes de enviar uma cobrança \(minutos\)/ })).toHaveValue(2);

    const user = userEvent.setup();
    const options = async (name: string) => {
      await user.click(select(name));
      const listbox = await screen.findByRole('listbox');
      const texts = within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
      return texts;
    };
    expect(await options('Dias de aviso antes do vencimento')).toEqual(['5', '7', '10', '15']);
    expect(await options('Repetições após o vencimento')).toEqual(['2', '3', '4', '5']);
    expect(await options('Intervalo entre repetições (dias)')).toEqual(['2', '3', '4', '5']);
    expect(await options('Dias até o bloqueio')).toEqual(['5', '10', '15']);
  });

  it('one Salvar sends both tabs, notificacoes and alertas only', async () => {
    const api = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^Dias até o bloqueio/ }));
    await user.click(await screen.findByRole('option', { name: '10' }));
    await openAlertas(user);
    const recebida = screen.getByRole('textbox', { name: 'Recebida' });
    await user.clear(recebida);
    await user.type(recebida, 'Obrigado, {{{{name}}!');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /v1/users/7')).toHaveLength(1));
    const { body } = api.callsTo('PUT /v1/users/7')[0];
    expect(Object.keys(body.integrations)).toEqual(['notificacoes', 'alertas']);
    expect(body.integrations.notificacoes).toEqual({ emaberto: 5, repeticoes: 2, intervalo: 2, bloqueio: 10, esperaMinutos: 2 });
    expect(body.integrations.alertas).toMatchObject({ recebida: 'Obrigado, {{name}}!', vencehoje: 'Olá, {{name}}! Vence hoje.' });
    await waitFor(() => expect(notices()).toContainEqual({ text: MSG.updated, type: 'success' }));
  });

  it('the Alertas tab has the twelve templates (six of collecting without chasing), each with its preview filled from a sample charge', async () => {
    renderPage();
    const user = userEvent.setup();
    await openAlertas(user);
    for (const name of [
      'Nova cobrança',
      'Vence hoje',
      'Vencida',
      'Cancelada',
      'Recebida',
      'Cobrança atualizada',
      'Cartão: cadastrar',
      'Cartão recusado',
      'Débito agendado',
      'Autorização do Pix Automático',
      'Forma de cobrança alterada',
      'Aviso de negativação',
    ]) {
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: `Prévia: ${name}` })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Prévia: Nova cobrança' })).toHaveTextContent(
      'Olá, Maria da Silva! Sua cobrança 00042 de R$ 89,90 vence em 15/03/2026.',
    );
  });

  it('a placeholder chip inserts at the cursor and the preview follows as one types', async () => {
    renderPage();
    const user = userEvent.setup();
    await openAlertas(user);
    const text = screen.getByRole('textbox', { name: 'Vencida' }) as HTMLTextAreaElement;
    await user.clear(text);
    await user.type(text, 'Link:  (vence em )');
    expect(screen.getByRole('region', { name: 'Prévia: Vencida' })).toHaveTextContent('Link: (vence em )');
    // Cursor after "Link: ".
    text.setSelectionRange(6, 6);
    const chips = screen.getByRole('group', { name: 'Inserir campo em Vencida' });
    await user.click(within(chips).getByRole('button', { name: '{{linkFatura}}' }));
    expect(text).toHaveValue('Link: {{linkFatura}} (vence em )');
    // The cursor ends after the inserted placeholder: the next one goes after it… and a selection is replaced.
    expect(text.selectionStart).toBe(6 + '{{linkFatura}}'.length);
    const before = 'Link: {{linkFatura}} (vence em '.length;
    text.setSelectionRange(before, before);
    await user.click(within(chips).getByRole('button', { name: '{{vencimento}}' }));
    expect(text).toHaveValue('Link: {{linkFatura}} (vence em {{vencimento}})');
    expect(screen.getByRole('region', { name: 'Prévia: Vencida' })).toHaveTextContent(
      'Link: https://www.asaas.com/i/exemplo (vence em 15/03/2026)',
    );
    // Only this template changed.
    expect(screen.getByRole('textbox', { name: 'Cancelada' })).toHaveValue('Olá, {{name}}! Cobrança cancelada.');
  });

  it('offers the payment placeholders; with Asaas off the preview leaves out a line whose placeholders are all empty, as the message does', async () => {
    renderPage(adminUser({ gateway: { api: 'asaas', token: '', status: 0 } }));
    const user = userEvent.setup();
    await openAlertas(user);
    const chips = screen.getByRole('group', { name: 'Inserir campo em Vencida' });
    for (const name of ['{{linkPagamento}}', '{{pixCopiaECola}}', '{{linhaDigitavel}}'])
      expect(within(chips).getByRole('button', { name })).toBeInTheDocument();
    const text = screen.getByRole('textbox', { name: 'Vencida' });
    fireEvent.change(text, {
      target: { value: 'Olá, {{name}}!\nPague: {{linkPagamento}}\nPIX: {{pixCopiaECola}}\nBoleto: {{linhaDigitavel}}' },
    });
    const preview = screen.getByRole('region', { name: 'Prévia: Vencida' });
    await waitFor(() => expect(preview).toHaveTextContent(`Olá, Maria da Silva! Pague: ${window.location.origin}/static/cobranca/exemplo`));
    expect(preview).not.toHaveTextContent('PIX:');
    expect(preview).not.toHaveTextContent('Boleto:');
  });

  it('a chip on a text never focused appends at the end', async () => {
    renderPage();
    const user = userEvent.setup();
    await openAlertas(user);
    const chips = screen.getByRole('group', { name: 'Inserir campo em Cancelada' });
    fireEvent.click(within(chips).getByRole('button', { name: '{{codigo}}' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Cancelada' })).toHaveValue('Olá, {{name}}! Cobrança cancelada.{{codigo}}'),
    );
    expect(screen.getByRole('region', { name: 'Prévia: Cancelada' })).toHaveTextContent('Olá, Maria da Silva! Cobrança cancelada.00042');
  });

  it('a template over 2000 characters is refused by the shared schema before anything is sent', async () => {
    const api = renderPage();
    const user = userEvent.setup();
    await openAlertas(user);
    const text = screen.getByRole('textbox', { name: 'Vence hoje' });
    await user.click(text);
    await user.paste('x'.repeat(2001));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Vence hoje' })).toHaveAccessibleDescription('No máximo 2000 caracteres'),
    );
    expect(api.callsTo('PUT /v1/users/7')).toHaveLength(0);
  });

  it("a refused save shows the server's message in the red snackbar and under the template", async () => {
    const api = renderPage();
    api.routes['PUT /v1/users/7'] = () =>
      json(
        { message: MSG.invalidInput, errors: { 'integrations.alertas.novacobranca': 'Caracteres de controle não são permitidos' } },
        400,
      );
    const user = userEvent.setup();
    await openAlertas(user);
    await user.type(screen.getByRole('textbox', { name: 'Nova cobrança' }), ' Até logo.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Nova cobrança' })).toHaveAccessibleDescription(
        'Caracteres de controle não são permitidos',
      ),
    );
    await waitFor(() => expect(notices()).toContainEqual({ text: MSG.invalidInput, type: 'error' }));
  });
  it('the chips offer the pt-BR placeholder names; a template saved with the English names still previews filled', async () => {
    renderPage();
    const user = userEvent.setup();
    await openAlertas(user);
    const chips = within(screen.getByRole('group', { name: 'Inserir campo em Nova cobrança' }))
      .getAllByRole('button')
      .map((chip) => chip.textContent);
    expect(chips).toEqual([
      '{{codigo}}',
      '{{nome}}',
      '{{descricao}}',
      '{{valor}}',
      '{{dataCriacao}}',
      '{{vencimento}}',
      '{{linkFatura}}',
      '{{linkBoleto}}',
      '{{linkPagamento}}',
      '{{pixCopiaECola}}',
      '{{linhaDigitavel}}',
      '{{empresa}}',
      '{{desconto}}',
      '{{valorComDesconto}}',
      '{{descontoAte}}',
      '{{pixAutomatico}}',
    ]);
    // The mock's "Nova cobrança" was saved with {{name}} and {{dueDate}}; "Cobrança atualizada" with {{nome}} and {{vencimento}}.
    expect(screen.getByRole('region', { name: 'Prévia: Nova cobrança' })).toHaveTextContent('Olá, Maria da Silva! Sua cobrança 00042');
    expect(screen.getByRole('region', { name: 'Prévia: Cobrança atualizada' })).toHaveTextContent(
      'Olá, Maria da Silva! A cobrança 00042 agora é de R$ 89,90, vence em 15/03/2026.',
    );
  });

  it('the wait before a charge message: 0 to 60 minutes, refused before anything is sent, else saved', async () => {
    const api = renderPage();
    const user = userEvent.setup();
    const espera = await screen.findByRole('spinbutton', { name: /^Espera antes de enviar uma cobrança/ });
    await user.clear(espera);
    await user.type(espera, '61');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(espera).toHaveAccessibleDescription('Informe de 0 a 60 minutos.'), { timeout: 5000 });
    expect(api.callsTo('PUT /v1/users/7')).toHaveLength(0);
    await user.clear(espera);
    await user.type(espera, '10');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /v1/users/7')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/users/7')[0].body.integrations.notificacoes.esperaMinutos).toBe(10);
  });
});
