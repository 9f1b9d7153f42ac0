/**
 * The early-payment discount on screen (DESIGN 11, "Collecting without chasing"; issue 34 item 2):
 * the "Desconto por pagamento antecipado" group of the plan and subscription forms sends the API's
 * `desconto { valor, tipo, diasAntes } | null` (null on a subscription: "Usar o do plano", whose
 * rule the form shows), a refusal shows under its field and in the red snackbar, and the lists say
 * "5% até 3 dias antes".
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, type GetListParams } from 'ra-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG_DESCONTO } from '../../domain/desconto';
import AssinaturaList from '../../src/resources/assinaturas/AssinaturaList';
import PlanoList from '../../src/resources/planos/PlanoList';
import { allowRefusalLogs, emptyDataProvider, renderResource } from './helpers';
import { assinaturaFrota, transportesRapidos } from './fixtures';
import { NoticeProbe, readNotices } from './noticeProbe';

const plano = {
  id: 5,
  name: 'Básico',
  descricao: 'Rastreamento 24h',
  limtdispositivos: 2,
  valor: 49.9,
  valoradd: 10,
  informacoes: '',
  faixas: [],
  fidelidadeMeses: 0,
  multaFidelidade: null,
  desconto: { valor: 5, tipo: 'percentual', diasAntes: 3 },
};
const semDesconto = { ...plano, id: 6, name: 'Simples', descricao: 'Só o rastreamento', desconto: null };
const fixo = { ...plano, id: 7, name: 'Fixo', descricao: 'Com desconto fixo', desconto: { valor: 10, tipo: 'valor', diasAntes: 0 } };

const cliente = transportesRapidos;
const assinatura = {
  ...assinaturaFrota,
  enddate: null,
  informacoes: '',
  status: 0,
  formaCobranca: 'boleto_pix',
  cartao: null,
  pixAutomatico: null,
  desconto: { valor: 2.5, tipo: 'percentual', diasAntes: 1 },
};

/** What the real data provider puts in the request's body: the transformed record as JSON. */
const bodyOf = (spy: { mock: { calls: unknown[][] } }) => JSON.parse(JSON.stringify((spy.mock.calls[0][1] as { data: object }).data));
/** An update that answers with what it was sent. */
const savedAsSent = () => vi.fn(async (_r: string, p: { id: number; data: object }) => ({ data: { ...p.data, id: p.id } }));
/** The edit form at `path`, with an update that answers what it was sent: that update, and the dialog titled `title`. */
const editing = async (render: (path: string, overrides: object) => unknown, path: string, title: string) => {
  const update = savedAsSent();
  render(path, { update });
  return { update, dialog: await screen.findByRole('dialog', { name: title }) };
};
/** Salvar on the form's dialog, and the one call it makes to `spy`: the body it sent. */
const saveOnce = async (dialog: HTMLElement, spy: ReturnType<typeof vi.fn>) => {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
  await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
  return bodyOf(spy);
};

const refusal = (field: string, message: string) =>
  new HttpError('Dados inválidos.', 400, { message: 'Dados inválidos.', errors: { [field]: message } });

async function choose(dialog: HTMLElement, label: RegExp, option: string) {
  await userEvent.click(within(dialog).getByLabelText(label));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the discount of a plan', () => {
  const renderPlanos = (path: string, overrides = {}) => {
    const dataProvider = emptyDataProvider({
      getList: (async () => ({ data: [plano, semDesconto, fixo], total: 3 })) as never,
      getOne: (async (_r: string, p: { id: number }) => ({ data: [plano, semDesconto, fixo].find((x) => x.id === Number(p.id)) })) as never,
      ...overrides,
    });
    renderResource({ resource: 'planos', List: PlanoList, path, dataProvider, beside: <NoticeProbe /> });
  };
  beforeEach(() => allowRefusalLogs());

  it('the list says it in short: "5% até 3 dias antes", "R$ 10,00 até o vencimento", nothing without one', async () => {
    renderPlanos('/planos');
    const row = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
    expect(within(await row('Rastreamento 24h')).getByText('5% até 3 dias antes')).toBeInTheDocument();
    expect(within(await row('Com desconto fixo')).getByText('R$ 10,00 até o vencimento')).toBeInTheDocument();
    expect(within(await row('Só o rastreamento')).queryByText(/até/)).toBeNull();
  });

  it('a new plan with 5 % up to 3 days before: the body carries the rule as numbers', async () => {
    const create = vi.fn(async (_r: string, p: { data: object }) => ({ data: { ...p.data, id: 9 } }));
    renderPlanos('/planos/create', { create });
    const dialog = await screen.findByRole('dialog', { name: 'Novo Plano' });
    expect(within(dialog).getByText('Desconto por pagamento antecipado')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Tipo de desconto/)).toHaveTextContent('Sem desconto');
    expect(within(dialog).queryByLabelText(/^Percentual do desconto/)).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Frota');
    await userEvent.type(within(dialog).getByLabelText(/^Descrição/), 'Rastreamento de frota');
    await userEvent.type(within(dialog).getByLabelText(/^Valor\s*\*?$/), '89,90');
    await userEvent.type(within(dialog).getByLabelText(/^Valor adicional/), '29,90');
    await choose(dialog, /^Tipo de desconto/, 'Percentual (%)');
    await userEvent.type(within(dialog).getByLabelText(/^Percentual do desconto/), '2,5');
    await userEvent.type(within(dialog).getByLabelText(/^Até quantos dias antes do vencimento/), '3');
    await saveOnce(dialog, create);
    expect(bodyOf(create)).toEqual({
      name: 'Frota',
      descricao: 'Rastreamento de frota',
      limtdispositivos: 1,
      valor: 89.9,
      valoradd: 29.9,
      faixas: [],
      fidelidadeMeses: 0,
      multaFidelidade: null,
      desconto: { valor: 2.5, tipo: 'percentual', diasAntes: 3 },
    });
  });

  it('a fixed R$ discount until the due date (the days left blank: 0)', async () => {
    const { update, dialog } = await editing(renderPlanos, '/planos/6', 'Plano');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Descrição/)).toHaveValue('Só o rastreamento'));
    await choose(dialog, /^Tipo de desconto/, 'Valor fixo (R$)');
    await userEvent.type(within(dialog).getByLabelText(/^Valor do desconto/), '500');
    expect(within(dialog).getByLabelText(/^Valor do desconto/)).toHaveValue('5,00');
    expect((await saveOnce(dialog, update)).desconto).toEqual({ valor: 5, tipo: 'valor', diasAntes: 0 });
  });

  it('an edited plan shows its rule; "Sem desconto" sends null', async () => {
    const { update, dialog } = await editing(renderPlanos, '/planos/5', 'Plano');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Percentual do desconto/)).toHaveValue('5,00'));
    expect(within(dialog).getByLabelText(/^Até quantos dias antes do vencimento/)).toHaveValue(3);
    await choose(dialog, /^Tipo de desconto/, 'Sem desconto');
    expect(within(dialog).queryByLabelText(/^Percentual do desconto/)).toBeNull();
    await saveOnce(dialog, update);
    expect(bodyOf(update).desconto).toBeNull();
  });

  it('100 % is refused on the form, under the field, before any call', async () => {
    const update = vi.fn();
    renderPlanos('/planos/5', { update });
    const dialog = await screen.findByRole('dialog', { name: 'Plano' });
    const percentual = await within(dialog).findByLabelText(/^Percentual do desconto/);
    await userEvent.clear(percentual);
    await userEvent.type(percentual, '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Percentual do desconto/)).toHaveAccessibleDescription(MSG_DESCONTO.percentual),
    );
    expect(update).not.toHaveBeenCalled();
  });

  it('the server’s 400 shows under the field and in the red snackbar', async () => {
    const update = vi.fn(async () => {
      throw refusal('desconto.valor', MSG_DESCONTO.valor);
    });
    renderPlanos('/planos/7', { update });
    const dialog = await screen.findByRole('dialog', { name: 'Plano' });
    const valor = await within(dialog).findByLabelText(/^Valor do desconto/);
    await waitFor(() => expect(valor).toHaveValue('10,00'));
    await userEvent.type(within(dialog).getByLabelText(/^Até quantos dias antes do vencimento/), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Valor do desconto/)).toHaveAccessibleDescription(MSG_DESCONTO.valor));
    expect(within(dialog).getByLabelText(/^Valor do desconto/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(readNotices()).toContainEqual({ text: 'Dados inválidos.', type: 'error', duration: '' }));
  });
});

describe('the discount of a subscription', () => {
  const renderAssinaturas = (path: string, overrides = {}, contratos: object[] = [{ id: 30, idcliente: 4, idplano: 5, status: 0 }]) => {
    const getList = vi.fn(async (resource: string, params: GetListParams) =>
      resource === 'clientes'
        ? { data: String(params.filter.pesquisa).startsWith('Trans') ? [cliente] : [], total: 1 }
        : resource === 'contratos'
          ? { data: contratos, total: contratos.length }
          : { data: [assinatura, { ...assinatura, id: 13, description: 'Sem desconto próprio', desconto: null }], total: 2 },
    );
    const getOne = vi.fn(async (resource: string, p: { id: number }) => ({
      data: resource === 'planos' ? plano : resource === 'assinaturas' ? assinatura : { id: p.id },
    }));
    const dataProvider = emptyDataProvider({ getList: getList as never, getOne: getOne as never, ...overrides });
    renderResource({ resource: 'assinaturas', List: AssinaturaList, path, dataProvider, beside: <NoticeProbe /> });
    return { getList };
  };
  beforeEach(() => allowRefusalLogs());

  it('the list shows its own discount under the description', async () => {
    renderAssinaturas('/assinaturas');
    const row = (await screen.findByText('Rastreamento frota')).closest('tr') as HTMLElement;
    expect(within(row).getByText('desconto de 2,5% até 1 dia antes')).toBeInTheDocument();
    const outra = (await screen.findByText('Sem desconto próprio')).closest('tr') as HTMLElement;
    expect(within(outra).queryByText(/desconto de/)).toBeNull();
  });

  it('a new one takes "Usar o do plano" (null) and shows the plan’s rule', async () => {
    const create = vi.fn(async (_r: string, p: { data: object }) => ({ data: { ...p.data, id: 14 } }));
    const { getList } = renderAssinaturas('/assinaturas/create', { create });
    const dialog = await screen.findByRole('dialog', { name: 'Nova Assinatura' });
    await userEvent.type(within(dialog).getByLabelText(/^Nome, CPF\/CNPJ/), 'Trans');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Procurar' }));
    await userEvent.click(await within(dialog).findByText('Transportes Rápidos Ltda'));
    expect(await within(dialog).findByText('Desconto do plano (Básico): 5% até 3 dias antes.')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(
      'contratos',
      expect.objectContaining({ filter: { idcliente: 4, status: 0 }, sort: { field: 'id', order: 'DESC' } }),
    );
    expect(within(dialog).getByLabelText(/^Tipo de desconto/)).toHaveTextContent('Usar o do plano');
    await userEvent.type(within(dialog).getByLabelText(/^Descrição da cobrança/), 'Frota');
    await userEvent.type(within(dialog).getByLabelText(/^Valor/), '199,90');
    await userEvent.type(within(dialog).getByLabelText(/^Próximo vencimento/), '05/01/2027');
    await saveOnce(dialog, create);
    const body = bodyOf(create);
    expect(body).toHaveProperty('desconto', null);
    expect(body).toMatchObject({ idcliente: 4, valor: 199.9, nextduedate: '2027-01-05' });
  });

  it('a client without an active contract: the form says the plan gives none', async () => {
    renderAssinaturas('/assinaturas/12', {}, []);
    const dialog = await screen.findByRole('dialog', { name: 'Assinatura' });
    expect(await within(dialog).findByText('O cliente não tem contrato ativo: não há desconto do plano.')).toBeInTheDocument();
  });

  it('an edited one shows its own rule and sends a fixed one instead', async () => {
    const { update, dialog } = await editing(renderAssinaturas, '/assinaturas/12', 'Assinatura');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Percentual do desconto/)).toHaveValue('2,50'));
    expect(within(dialog).getByLabelText(/^Até quantos dias antes do vencimento/)).toHaveValue(1);
    await choose(dialog, /^Tipo de desconto/, 'Valor fixo (R$)');
    expect(within(dialog).getByLabelText(/^Valor do desconto/)).toHaveValue('');
    await userEvent.type(within(dialog).getByLabelText(/^Valor do desconto/), '1500');
    const dias = within(dialog).getByLabelText(/^Até quantos dias antes do vencimento/);
    await userEvent.clear(dias);
    await userEvent.type(dias, '0');
    expect((await saveOnce(dialog, update)).desconto).toEqual({ valor: 15, tipo: 'valor', diasAntes: 0 });
  });

  it('"Usar o do plano" on an edited one sends null', async () => {
    const { update, dialog } = await editing(renderAssinaturas, '/assinaturas/12', 'Assinatura');
    await within(dialog).findByLabelText(/^Percentual do desconto/);
    await choose(dialog, /^Tipo de desconto/, 'Usar o do plano');
    await saveOnce(dialog, update);
    expect(bodyOf(update)).toHaveProperty('desconto', null);
  });

  it('"Sem desconto (nem o do plano)" sends { tipo: "nenhum" }: no discount, not even the plan’s; the list and the edit form say so', async () => {
    const { update, dialog } = await editing(renderAssinaturas, '/assinaturas/12', 'Assinatura');
    await within(dialog).findByLabelText(/^Percentual do desconto/);
    await choose(dialog, /^Tipo de desconto/, 'Sem desconto (nem o do plano)');
    // No figure nor days to type for it.
    expect(within(dialog).queryByLabelText(/^Percentual do desconto/)).toBeNull();
    expect(within(dialog).queryByLabelText(/^Até quantos dias antes do vencimento/)).toBeNull();
    expect((await saveOnce(dialog, update)).desconto).toEqual({ tipo: 'nenhum' });
  });

  it('a saved "sem desconto" reads back on the form and in the list', async () => {
    const nenhum = { ...assinatura, desconto: { tipo: 'nenhum' } };
    renderAssinaturas('/assinaturas/12', {
      getOne: (async () => ({ data: nenhum })) as never,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Assinatura' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Tipo de desconto/)).toHaveTextContent('Sem desconto (nem o do plano)'));
    const list = emptyDataProvider({ getList: (async () => ({ data: [nenhum], total: 1 })) as never });
    cleanup();
    renderResource({ resource: 'assinaturas', List: AssinaturaList, path: '/assinaturas', dataProvider: list });
    const row = (await screen.findByText('Rastreamento frota')).closest('tr') as HTMLElement;
    expect(within(row).getByText('sem desconto')).toBeInTheDocument();
  });

  it('the server’s 400 on the days shows under the field and in the red snackbar', async () => {
    const update = vi.fn(async () => {
      throw refusal('desconto.diasAntes', MSG_DESCONTO.dias);
    });
    renderAssinaturas('/assinaturas/12', { update });
    const dialog = await screen.findByRole('dialog', { name: 'Assinatura' });
    const dias = await within(dialog).findByLabelText(/^Até quantos dias antes do vencimento/);
    await userEvent.clear(dias);
    await userEvent.type(dias, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Até quantos dias antes do vencimento/)).toHaveAccessibleDescription(MSG_DESCONTO.dias),
    );
    await waitFor(() => expect(readNotices()).toContainEqual({ text: 'Dados inválidos.', type: 'error', duration: '' }));
  });
});
