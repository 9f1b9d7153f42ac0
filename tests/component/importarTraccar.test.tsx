import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ImportarPage from '../../src/custom-pages/importar/ImportarPage';
import { dataProvider } from '../../src/dataProvider';
import { mockApi } from './apiMock';
import { fakeAuthProvider, TestAdmin } from './helpers';

const dispositivo = (id: number, name: string, uniqueId: string) => ({ id, name, uniqueId });

/** A finished Traccar dry run of 7 devices: 6 created (2 of them with a note), 1 refused. */
const estado = {
  id: 41,
  recurso: 'trackres',
  origem: 'traccar',
  modo: 'simular',
  duplicados: 'ignorar',
  nomeArquivo: 'Traccar',
  status: 'concluida',
  motivo: '',
  total: 7,
  processadas: 7,
  criadas: 6,
  atualizadas: 0,
  ignoradas: 0,
  nErros: 1,
  nAvisos: 2,
  colunas: {},
  erros: [
    {
      linha: 7,
      campo: 'uniqueId',
      mensagem: 'O identificador ABC-77 não é um IMEI (15 dígitos): o dispositivo não vira rastreador.',
      dispositivo: dispositivo(17, 'Rastreador 9', 'ABC-77'),
    },
  ],
  avisos: [
    {
      linha: 1,
      campo: 'name',
      mensagem: 'Rastreador criado sem veículo: a placa QWE4B56 não está cadastrada e nenhum cliente tem este dispositivo no Traccar.',
      dispositivo: dispositivo(11, 'QWE4B56', '357653010010374'),
    },
    {
      linha: 3,
      campo: 'phone',
      mensagem: 'Rastreador criado sem chip: o telefone 123 do dispositivo não é um número de chip (10 a 13 dígitos).',
      dispositivo: dispositivo(13, '', '357653010010333'),
    },
  ],
};

describe('Integrações → Traccar → Importar dispositivos', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the result counts each device once and names the device of each refusal and note, never a sheet line or column', async () => {
    let leituras = 0;
    const api = mockApi({
      'POST /v1/importacoes/traccar': () => ({ id: 41 }),
      // Running first (its progress in devices), then done.
      'GET /v1/importacoes/41': () => (++leituras === 1 ? { ...estado, status: 'processando', processadas: 3 } : estado),
    });
    render(
      <TestAdmin authProvider={fakeAuthProvider(1)} dataProvider={dataProvider} initialEntries={['/importar?origem=traccar']}>
        <ImportarPage />
      </TestAdmin>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Simular' }));
    expect(await screen.findByText(/3 de 7 dispositivos/)).toBeInTheDocument();
    const card = async (name: string) => (await screen.findByRole('region', { name })).querySelector('h6, .MuiTypography-h6')?.textContent;
    expect(await card('Criados')).toBe('6');
    expect(await card('Recusados')).toBe('1');
    expect(api.callsTo('POST /v1/importacoes/traccar')[0].body).toEqual({ modo: 'simular' });
    expect(
      screen.getByText('Nada foi gravado nem alterado no Traccar. Confira os dispositivos recusados e os avisos, e importe.'),
    ).toBeInTheDocument();

    const recusados = screen.getByRole('table', { name: 'Recusados' });
    const header = within(recusados)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Dispositivo', 'Motivo']);
    expect(within(recusados).getAllByRole('row')[1].textContent).toBe(
      'Rastreador 9 · ABC-77O identificador ABC-77 não é um IMEI (15 dígitos): o dispositivo não vira rastreador.',
    );
    expect(screen.getByRole('link', { name: 'Baixar dispositivos recusados (CSV)' })).toHaveAttribute(
      'href',
      '/v1/importacoes/41/erros.csv',
    );

    const avisos = within(screen.getByRole('region', { name: 'Avisos' }));
    expect(avisos.getByRole('heading', { name: '2 avisos' })).toBeInTheDocument();
    const linhas = avisos.getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(linhas).toEqual([
      ['Dispositivo', 'Aviso'],
      ['QWE4B56 · 357653010010374', estado.avisos[0].mensagem],
      ['(sem nome) · 357653010010333', estado.avisos[1].mensagem],
    ]);
    expect(screen.queryByRole('columnheader', { name: 'Linha' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Coluna' })).toBeNull();
  });
});
