/**
 * The office's approval of a técnico's Finalizar (issue 35 item 4, DESIGN 11): on the order's page,
 * Aprovar and Reprovar (with the reason, required) against the real data provider and apiFetch;
 * the page says "Aguardando aprovação" and, after a Reprovar, who reproved the order, when and why;
 * the list shows and filters that status; the dashboard counts the orders waiting.
 */
import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CHECKLIST_ITEMS } from '../../domain/ordensservicos';
import { OrdensAguardando, ORDENS_AGUARDANDO_LINK } from '../../src/custom-pages/dashboard/OrdensAguardando';
import { dataProvider as appDataProvider } from '../../src/dataProvider';
import OrdemServicoList from '../../src/resources/ordensservicos/OrdemServicoList';
import { OrdemServicoPage } from '../../src/resources/ordensservicos/OrdemServicoPage';
import { adminUser, json, mockApi } from './apiMock';
import { fiatUno, gt06 } from './fixtures';
import { listsProvider, renderResource, TestAdmin } from './helpers';
import { noticeKinds, NoticeProbe } from './noticeProbe';

const HEAVY = 180_000;
const allAnswered = Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, 'OK']));
const ordem = (overrides: object = {}) => ({
  id: 21,
  idcliente: 3,
  idveiculo: 10,
  iddevice: 40,
  idtecnico: 5,
  descricao: 'Instalação do rastreador',
  agendamento: '2026-03-10',
  horario: '09:30',
  informacoes: '',
  status: 2,
  checklist: allAnswered,
  cliente: { id: 3, cadastro: 'FISICA', name: 'Maria Souza', cpf: '52998224725', email: 'maria@exemplo.com', contatos: [] },
  veiculo: { id: 10, idcliente: 3, ...fiatUno },
  device: { ...gt06, phone: '11987654321', iccid: '' },
  tecnico: { id: 5, name: 'Téo Técnico' },
  rejeicao: null,
  ...overrides,
});
const MOTIVO = 'Falta a foto do chicote.';
const CONFLITO = 'Esta ordem de serviço não aguarda aprovação.';

/** The order's page on the app's data provider: GET /v1/ordensservicos/21 answers the order as it is now. */
function renderPage(inicial: object) {
  let atual: Record<string, unknown> = ordem(inicial);
  const api = mockApi({
    'GET /v1/ordensservicos/21': () => atual,
    'GET /v1/users/7': () => adminUser(),
    'GET /v1/ordensservicos/21/telemetria': () => ({ estado: null, recente: false, conexao: {}, integracao: false }),
    'POST /v1/ordensservicos/21/aprovar': () => (atual = { ...atual, status: 1 }),
    'POST /v1/ordensservicos/21/rejeitar': ({ body }) =>
      (atual = {
        ...atual,
        status: 0,
        // 17:05 UTC is 14:05 in São Paulo.
        rejeicao: { motivo: body.motivo, por: { id: 7, name: 'Ana Administradora' }, em: '2026-03-10T17:05:00.000Z' },
      }),
  });
  render(
    <TestAdmin dataProvider={appDataProvider} initialEntries={['/ordenservico/21']}>
      <Routes>
        <Route path="/ordenservico/:id" element={<OrdemServicoPage />} />
      </Routes>
      <NoticeProbe />
    </TestAdmin>,
  );
  return api;
}

describe('the office approves or reproves a técnico’s Finalizar on /ordenservico/:id', () => {
  it(
    'waiting: says Aguardando aprovação, no Salvar or Finalizar; Aprovar posts, says so and reloads the order as Concluído',
    async () => {
      const api = renderPage({});
      expect(await screen.findByText('Nº 00021 · Aguardando aprovação')).toBeInTheDocument();
      expect(screen.getByTestId('aprovacao-aviso')).toHaveTextContent(/^Aguardando aprovação: o técnico finalizou esta ordem/);
      expect(screen.queryByRole('button', { name: 'Finalizar' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Salvar respostas' })).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
      await waitFor(() => expect(noticeKinds()).toContainEqual({ text: 'Ordem de serviço aprovada', type: 'success' }));
      expect(api.callsTo('POST /v1/ordensservicos/21/aprovar')).toHaveLength(1);
      expect(await screen.findByText('Nº 00021 · Concluído')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
      expect(screen.queryByTestId('aprovacao-aviso')).not.toBeInTheDocument();
    },
    HEAVY,
  );

  it(
    'Reprovar needs the reason: empty (or blanks) is refused under the field and nothing is sent; then it posts { motivo } and the page shows who, when and why',
    async () => {
      const api = renderPage({});
      await userEvent.click(await screen.findByRole('button', { name: 'Reprovar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reprovar a finalização do técnico?' });
      const campo = within(dialog).getByRole('textbox', { name: /Motivo \(o técnico verá no celular\)/ });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
      expect(await within(dialog).findByText('Informe o motivo da reprovação')).toBeInTheDocument();
      expect(campo).toHaveAttribute('aria-invalid', 'true');
      await userEvent.type(campo, '   ');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
      expect(await within(dialog).findByText('Informe o motivo da reprovação')).toBeInTheDocument();
      expect(api.callsTo('POST /v1/ordensservicos/21/rejeitar')).toHaveLength(0);

      await userEvent.clear(campo);
      await userEvent.type(campo, `  ${MOTIVO} `);
      expect(within(dialog).queryByText('Informe o motivo da reprovação')).not.toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
      await waitFor(() =>
        expect(noticeKinds()).toContainEqual({ text: 'Ordem de serviço reprovada: voltou para Em aberto', type: 'success' }),
      );
      const [call] = api.callsTo('POST /v1/ordensservicos/21/rejeitar');
      expect(call.body).toEqual({ motivo: MOTIVO });
      expect(api.callsTo('POST /v1/ordensservicos/21/aprovar')).toHaveLength(0);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      // Reloaded: open again, with the reason the técnico reads.
      expect(await screen.findByText('Nº 00021 · Em Aberto')).toBeInTheDocument();
      expect(screen.getByTestId('aprovacao-aviso')).toHaveTextContent(`Reprovada por Ana Administradora em 10/03/2026 14:05: ${MOTIVO}`);
      expect(screen.queryByRole('button', { name: 'Reprovar' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Finalizar' })).toBeEnabled();
    },
    HEAVY,
  );

  it(
    'a 409 (already answered elsewhere) is shown in the red snackbar, for Aprovar and for Reprovar, and the order is left as it was',
    async () => {
      const api = renderPage({});
      const conflito = () => json({ message: CONFLITO }, 409);
      api.routes['POST /v1/ordensservicos/21/aprovar'] = conflito;
      api.routes['POST /v1/ordensservicos/21/rejeitar'] = conflito;
      await userEvent.click(await screen.findByRole('button', { name: 'Aprovar' }));
      await waitFor(() => expect(noticeKinds()).toContainEqual({ text: CONFLITO, type: 'error' }));

      await userEvent.click(screen.getByRole('button', { name: 'Reprovar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reprovar a finalização do técnico?' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), MOTIVO);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
      await waitFor(() => expect(noticeKinds().filter((n) => n.type === 'error')).toHaveLength(2));
      expect(noticeKinds().some((n) => n.type === 'success')).toBe(false);
      // The dialog stays, with the reason typed, to cancel or try again.
      expect(within(dialog).getByRole('textbox', { name: /Motivo/ })).toHaveValue(MOTIVO);
      expect(screen.getByText('Nº 00021 · Aguardando aprovação')).toBeInTheDocument();
    },
    HEAVY,
  );

  it('a reproval is not shown on an order finalized since', async () => {
    renderPage({
      status: 1,
      rejeicao: { motivo: MOTIVO, por: { id: 7, name: 'Ana Administradora' }, em: '2026-03-10T17:05:00.000Z' },
    });
    expect(await screen.findByText('Nº 00021 · Concluído')).toBeInTheDocument();
    expect(screen.queryByTestId('aprovacao-aviso')).not.toBeInTheDocument();
  });
});

describe('orders waiting for approval in the list and on the dashboard', () => {
  it(
    'the list shows Aguardando aprovação in Situação and filters by it',
    async () => {
      const { dataProvider, getList } = listsProvider({ ordensservicos: () => ({ data: [ordem()] }) }, () => ordem());
      renderResource({ resource: 'ordensservicos', List: OrdemServicoList, dataProvider });
      await userEvent.selectOptions(await screen.findByLabelText('Status'), 'Aguardando aprovação');
      await waitFor(() =>
        expect(getList).toHaveBeenLastCalledWith(
          'ordensservicos',
          expect.objectContaining({ filter: expect.objectContaining({ status: 2 }) }),
        ),
      );
      const row = await screen.findByRole('row', { name: /Maria Souza/ });
      expect(within(row).getByText('Aguardando aprovação')).toBeInTheDocument();
    },
    HEAVY,
  );

  it(
    'the dashboard counts them, a link to the list on that status (any date); none, no hint',
    async () => {
      const { dataProvider, getList } = listsProvider({ ordensservicos: () => ({ data: [ordem()], total: 3 }) }, () => ordem());
      const { unmount } = render(
        <TestAdmin dataProvider={dataProvider}>
          <OrdensAguardando />
        </TestAdmin>,
      );
      const link = await screen.findByRole('link', { name: '3 aguardando aprovação' });
      expect(link).toHaveAttribute('href', ORDENS_AGUARDANDO_LINK);
      expect(getList).toHaveBeenCalledWith('ordensservicos', expect.objectContaining({ filter: { status: 2 } }));
      unmount();

      // The link opens the list on Aguardando aprovação, without the default month.
      const list = listsProvider({ ordensservicos: () => ({ data: [ordem()] }) }, () => ordem());
      renderResource({ resource: 'ordensservicos', List: OrdemServicoList, dataProvider: list.dataProvider, path: ORDENS_AGUARDANDO_LINK });
      await waitFor(() => expect(list.getList).toHaveBeenCalledWith('ordensservicos', expect.objectContaining({ filter: { status: 2 } })));
      expect(await screen.findByLabelText('Status')).toHaveValue('2');
      expect(screen.getByLabelText('Data inicial')).toHaveValue('');
    },
    HEAVY,
  );

  it('no hint when none waits', async () => {
    const { dataProvider, getList } = listsProvider({ ordensservicos: () => ({ data: [], total: 0 }) }, () => ordem());
    const { container } = render(
      <TestAdmin dataProvider={dataProvider}>
        <OrdensAguardando />
      </TestAdmin>,
    );
    await waitFor(() => expect(getList).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.textContent).toBe('');
  });
});
