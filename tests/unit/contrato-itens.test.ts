/**
 * The money of contract items (DESIGN 11, "Vehicles as contract items"), as literal tables: pro
 * rata on the 1st, the 31st and February (28 and 29 days), the previous period's adjustment and
 * credit, a negative total carried, fleet tiers at their edges, and the fidelity fine.
 */
import { describe, expect, it } from 'vitest';
import {
  descricaoComItens,
  diasAtivos,
  faixasInvalidas,
  linhasDaCobranca,
  multaDeFidelidade,
  valorDaAssinatura,
  valorDaFaixa,
  valorEfetivo,
  type ItemACobrar,
} from '../../domain/contratoItens';

const item = (over: Partial<ItemACobrar> = {}): ItemACobrar => ({
  id: 1,
  descricao: 'Rastreador',
  placa: 'ABC1D23',
  valorEfetivo: 60,
  inicio: '2020-01-01',
  fim: null,
  suspensoes: [],
  ...over,
});

describe('pro rata of a charge’s period [due, due + cycle)', () => {
  // [due date, cycle, item's start, its end, days billed, the period's days, type, value]
  const casos: [string, 'MONTHLY' | 'QUARTERLY', string, string | null, number, number, string, number][] = [
    ['2026-04-01', 'MONTHLY', '2026-04-01', null, 30, 30, 'mensalidade', 60], // started on the 1st: whole
    ['2026-04-01', 'MONTHLY', '2026-04-02', null, 29, 30, 'proporcional', 58],
    ['2026-03-01', 'MONTHLY', '2026-03-15', null, 17, 31, 'proporcional', 32.9], // 60 × 17 / 31 = 32,903
    ['2026-03-01', 'MONTHLY', '2026-03-31', null, 1, 31, 'proporcional', 1.94], // the 31st: one day of 31
    ['2026-03-31', 'MONTHLY', '2026-04-15', null, 15, 30, 'proporcional', 30], // due the 31st: to Apr 30 (end of month)
    ['2026-01-31', 'MONTHLY', '2026-02-14', null, 14, 28, 'proporcional', 30], // Jan 31 → Feb 28: 28 days
    ['2027-02-01', 'MONTHLY', '2027-02-15', null, 14, 28, 'proporcional', 30], // February of 28 days
    ['2028-02-01', 'MONTHLY', '2028-02-15', null, 15, 29, 'proporcional', 31.03], // February of 29: 60 × 15 / 29 = 31,034
    ['2028-02-01', 'MONTHLY', '2020-01-01', '2028-02-29', 28, 29, 'proporcional', 57.93], // cancelled on the 29th: 28 of 29
    ['2026-03-01', 'QUARTERLY', '2026-03-01', null, 92, 92, 'mensalidade', 180], // 3 months × 60
    ['2026-03-01', 'QUARTERLY', '2026-04-01', null, 61, 92, 'proporcional', 119.35], // 180 × 61 / 92 = 119,347
  ];
  it.each(casos)('due %s %s, started %s, ended %s: %i of %i days, %s %d', (duedate, cycle, inicio, fim, dias, _periodo, tipo, valor) => {
    const { linhas, valor: total } = linhasDaCobranca({ duedate, cycle, itens: [item({ inicio, fim })] });
    expect(linhas).toHaveLength(1);
    expect(linhas[0]).toMatchObject({ tipo, dias, valor, iditem: 1, placa: 'ABC1D23' });
    expect(total).toBe(valor);
  });

  it('a pending item (no start), one ended before the period or starting after it add no line', () => {
    const itens = [item({ id: 1, inicio: null }), item({ id: 2, fim: '2026-03-01' }), item({ id: 3, inicio: '2026-04-01' })];
    expect(linhasDaCobranca({ duedate: '2026-03-01', cycle: 'MONTHLY', itens })).toEqual({ linhas: [], valor: 0, carregado: 0 });
  });

  it('a suspension is neither charged nor counted: suspended Mar 10 to Mar 20 → 21 of 31 days', () => {
    const suspenso = item({ suspensoes: [{ de: '2026-03-10', ate: '2026-03-20' }] });
    expect(diasAtivos(suspenso, '2026-03-01', '2026-04-01')).toBe(21);
    expect(diasAtivos(item({ suspensoes: [{ de: '2026-03-10', ate: null }] }), '2026-03-01', '2026-04-01')).toBe(9);
    const { linhas } = linhasDaCobranca({ duedate: '2026-03-01', cycle: 'MONTHLY', itens: [suspenso] });
    expect(linhas[0]).toMatchObject({ tipo: 'proporcional', de: '2026-03-01', ate: '2026-03-31', dias: 21, valor: 40.65 });
  });

  it('the previous period: a vehicle added mid-cycle is charged its days, one cancelled is credited, lines to the cent', () => {
    // March was billed (due Mar 1) for item 1 whole; item 2 was added on Mar 20, item 1 cancelled on Mar 21.
    const anterior = {
      duedate: '2026-03-01',
      linhas: [
        {
          tipo: 'mensalidade' as const,
          descricao: 'Rastreador',
          placa: 'ABC1D23',
          de: '2026-03-01',
          ate: '2026-03-31',
          dias: 31,
          valor: 60,
          iditem: 1,
        },
      ],
    };
    const itens = [item({ id: 1, fim: '2026-03-21' }), item({ id: 2, placa: 'XYZ9Z99', inicio: '2026-03-20' })];
    const { linhas, valor } = linhasDaCobranca({ duedate: '2026-04-01', cycle: 'MONTHLY', itens, anterior });
    expect(linhas.map(({ tipo, placa, de, ate, dias, valor: v }) => ({ tipo, placa, de, ate, dias, valor: v }))).toEqual([
      { tipo: 'mensalidade', placa: 'XYZ9Z99', de: '2026-04-01', ate: '2026-04-30', dias: 30, valor: 60 },
      { tipo: 'credito', placa: 'ABC1D23', de: '2026-03-01', ate: '2026-03-31', dias: -11, valor: -21.29 }, // 60 × 11 / 31
      { tipo: 'proporcional', placa: 'XYZ9Z99', de: '2026-03-01', ate: '2026-03-31', dias: 12, valor: 23.23 }, // 60 × 12 / 31
    ]);
    expect(valor).toBe(61.94);
  });

  it('a negative total becomes 0 and the rest is carried to the next charge as credit', () => {
    const anterior = {
      duedate: '2026-03-01',
      linhas: [
        { tipo: 'mensalidade' as const, descricao: '', placa: '', de: '2026-03-01', ate: '2026-03-31', dias: 31, valor: 60, iditem: 1 },
      ],
    };
    const primeira = linhasDaCobranca({ duedate: '2026-04-01', cycle: 'MONTHLY', itens: [item({ fim: '2026-03-21' })], anterior });
    expect(primeira.valor).toBe(0);
    expect(primeira.carregado).toBe(21.29);
    expect(primeira.linhas.map((l) => [l.tipo, l.valor])).toEqual([
      ['credito', -21.29],
      ['ajuste', 21.29],
    ]);
    const segunda = linhasDaCobranca({
      duedate: '2026-05-01',
      cycle: 'MONTHLY',
      itens: [item({ id: 1, fim: '2026-03-21' }), item({ id: 2, inicio: '2026-05-01' })],
      anterior: { duedate: '2026-04-01', linhas: primeira.linhas },
    });
    expect(segunda.linhas.map((l) => [l.tipo, l.valor])).toEqual([
      ['mensalidade', 60],
      ['credito', -21.29],
    ]);
    expect(segunda.valor).toBe(38.71);
    // every charge's lines sum to its value
    for (const { linhas, valor } of [primeira, segunda])
      expect(Math.round(linhas.reduce((s, l) => s + l.valor * 100, 0))).toBe(Math.round(valor * 100));
  });
});

describe('fleet tiers', () => {
  const faixas = [
    { de: 1, ate: 9, valor: 60 },
    { de: 10, ate: 49, valor: 50 },
    { de: 50, ate: null, valor: 40 },
  ];
  it.each([
    [0, 60],
    [1, 60],
    [9, 60],
    [10, 50],
    [49, 50],
    [50, 40],
    [1000, 40],
  ])('%i active vehicles → R$ %d', (veiculos, valor) => {
    expect(valorDaFaixa(faixas, veiculos)).toBe(valor);
    expect(valorEfetivo(null, { valor: 70, faixas }, veiculos)).toBe(valor);
  });
  it('a typed value wins; without tiers, the plan’s value', () => {
    expect(valorEfetivo(55.5, { valor: 70, faixas }, 10)).toBe(55.5);
    expect(valorEfetivo(null, { valor: 70, faixas: [] }, 10)).toBe(70);
    expect(valorDaFaixa([], 3)).toBeUndefined();
  });
  it.each([
    [[{ de: 2, ate: null, valor: 1 }], 'A primeira faixa começa em 1 veículo'],
    [
      [
        { de: 1, ate: 9, valor: 1 },
        { de: 11, ate: null, valor: 1 },
      ],
      'A faixa 2 deve começar em 10 veículos',
    ],
    [[{ de: 1, ate: 9, valor: 1 }], 'A última faixa não tem limite (até em branco)'],
    [
      [
        { de: 1, ate: null, valor: 1 },
        { de: 2, ate: null, valor: 1 },
      ],
      'Só a última faixa fica sem limite',
    ],
    [
      [
        { de: 1, ate: 0, valor: 1 },
        { de: 1, ate: null, valor: 1 },
      ],
      'A faixa 1 termina antes de começar',
    ],
  ])('tiers %j are refused: %s', (f, mensagem) => {
    expect(faixasInvalidas(f)).toBe(mensagem);
  });
  it('from 1, contiguous, the last open: accepted', () => {
    expect(faixasInvalidas(faixas)).toBeNull();
    expect(faixasInvalidas([{ de: 1, ate: null, valor: 1 }])).toBeNull();
    expect(faixasInvalidas([])).toBeNull();
  });
  it('a linked subscription’s value: the items’ sum × the cycle’s months, to the cent', () => {
    expect(valorDaAssinatura([50.01, 50], 1)).toBe(100.01);
    expect(valorDaAssinatura([33.33, 0.1], 3)).toBe(100.29);
  });
});

describe('the fidelity fine', () => {
  it.each([
    // [type, value, item's value, end, fidelity's end, fine]
    ['proporcional', 50, 60, '2026-06-30', '2026-12-31', 184], // DESIGN: R$ 60,00, 50 %, 184 days → R$ 184,00
    ['proporcional', 50, 60, '2026-12-30', '2026-12-31', 1],
    ['proporcional', 100, 59.9, '2026-02-01', '2026-03-01', 55.91], // 59,90 × 28 / 30 = 55,906
    ['fixa', 300, 60, '2026-06-30', '2026-12-31', 300],
    ['fixa', 300, 60, '2026-12-31', '2026-12-31', 0], // on the fidelity's last day: over
    ['proporcional', 50, 60, '2027-01-10', '2026-12-31', 0],
  ] as const)('%s %d %% of R$ %d, leaving %s with fidelity to %s → R$ %d', (tipo, valor, v, fim, fimFidelidade, multa) => {
    expect(multaDeFidelidade({ multa: { tipo, valor }, valorEfetivo: v, fim, fimFidelidade })).toBe(multa);
  });
  it('no fine without a fidelity or a fine', () => {
    expect(multaDeFidelidade({ multa: null, valorEfetivo: 60, fim: '2026-01-01', fimFidelidade: '2026-12-31' })).toBe(0);
    expect(multaDeFidelidade({ multa: { tipo: 'fixa', valor: 9 }, valorEfetivo: 60, fim: '2026-01-01', fimFidelidade: null })).toBe(0);
  });
});

describe('the Asaas description of a charge with lines', () => {
  it('names each line by plate, kind and value, within 500 characters', () => {
    const linhas = [
      { tipo: 'mensalidade' as const, descricao: 'Rastreador', placa: 'ABC1D23', dias: 30, valor: 60 },
      { tipo: 'proporcional' as const, descricao: 'Rastreador', placa: 'XYZ9Z99', dias: 12, valor: 23.23 },
      { tipo: 'credito' as const, descricao: 'Rastreador', placa: 'KLM4N56', dias: -11, valor: -21.29 },
    ];
    expect(descricaoComItens('Mensalidade', linhas)).toBe(
      'Mensalidade: ABC1D23 mensalidade R$ 60,00; XYZ9Z99 proporcional 12 dias R$ 23,23; KLM4N56 crédito 11 dias R$ -21,29',
    );
    expect(descricaoComItens('Mensalidade', null)).toBe('Mensalidade');
    expect(descricaoComItens('M', Array(40).fill(linhas[0]))).toHaveLength(500);
  });
});
