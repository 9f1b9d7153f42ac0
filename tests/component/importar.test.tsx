import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportacaoEstado } from '../../domain/importacao';
import { Resultado } from '../../src/custom-pages/importar/Resultado';
import { TestAdmin } from './helpers';

const estado = (overrides: Partial<ImportacaoEstado> = {}): ImportacaoEstado => ({
  id: 9,
  recurso: 'clientes',
  origem: 'arquivo',
  modo: 'simular',
  duplicados: 'ignorar',
  nomeArquivo: 'clientes.xlsx',
  status: 'concluida',
  motivo: '',
  total: 4,
  processadas: 4,
  criadas: 1,
  atualizadas: 0,
  ignoradas: 3,
  nErros: 0,
  nAvisos: 0,
  colunas: {},
  erros: [],
  avisos: [],
  ignoradasLinhas: [
    { linha: 2, motivo: 'Linha de exemplo do modelo', registro: null },
    { linha: 3, motivo: 'Já cadastrado: ignorado (duplicados: Ignorar)', registro: { id: 42, chave: '529.982.247-25' } },
    {
      linha: 5,
      motivo: 'Repete uma linha anterior da planilha: ignorada (duplicados: Ignorar)',
      registro: { id: null, chave: '111.444.777-35' },
    },
  ],
  ...overrides,
});

describe("the import's result", () => {
  it('lists each ignored row with its line, why, and a link to the existing record it matched', async () => {
    render(
      <TestAdmin>
        <Resultado estado={estado()} />
      </TestAdmin>,
    );
    const secao = await screen.findByRole('region', { name: 'Linhas ignoradas' });
    const rows = within(secao).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['2', 'Linha de exemplo do modelo', '—'],
      ['3', 'Já cadastrado: ignorado (duplicados: Ignorar)', 'Nº 00042 (529.982.247-25)'],
      ['5', 'Repete uma linha anterior da planilha: ignorada (duplicados: Ignorar)', '111.444.777-35'],
    ]);
    expect(within(rows[1]).getByRole('link', { name: 'Nº 00042 (529.982.247-25)' })).toHaveAttribute('href', '/clientes/42/show');
  });

  it('shows no list when nothing was ignored', async () => {
    render(
      <TestAdmin>
        <Resultado estado={estado({ ignoradas: 0, ignoradasLinhas: [] })} />
      </TestAdmin>,
    );
    await screen.findByRole('region', { name: 'Resultado da simulação' });
    expect(screen.queryByRole('region', { name: 'Linhas ignoradas' })).not.toBeInTheDocument();
  });
});
