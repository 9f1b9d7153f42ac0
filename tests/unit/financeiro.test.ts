import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, isCalendarDate, lastOfMonth, msUntilNextDay, todayIn } from '../../domain/calendar';
import { addCycle, CYCLES, CYCLE_LABELS, efeitoNoCliente, fillTemplate, toCents, valorAtualizado } from '../../domain/financeiro';
import { assinaturaSchema, cobrancaSchema } from '../../domain/schemas/financeiro';

describe('calendar dates', () => {
  it('today is the wall-clock date of the time zone', () => {
    // 02:30 UTC on January 1st is still December 31st in São Paulo (UTC-3).
    expect(todayIn('America/Sao_Paulo', new Date('2026-01-01T02:30:00Z'))).toBe('2025-12-31');
    expect(todayIn('America/Sao_Paulo', new Date('2026-01-01T03:00:00Z'))).toBe('2026-01-01');
    expect(todayIn('UTC', new Date('2026-01-01T02:30:00Z'))).toBe('2026-01-01');
  });

  it('only real calendar dates are dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-04-31', '26-01-01', '2026-1-1', 20260101, ''])
      expect(isCalendarDate(bad)).toBe(false);
  });

  it('days and months across month and year ends', () => {
    expect(addDays('2025-12-28', 7)).toBe('2026-01-04');
    expect(daysBetween('2026-02-20', '2026-03-02')).toBe(10);
    expect(daysBetween('2026-03-02', '2026-02-20')).toBe(-10);
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-01-30', 1)).toBe('2025-02-28');
    expect(addMonths('2025-03-15', 1)).toBe('2025-04-15');
    expect(addMonths('2025-12-10', 1)).toBe('2026-01-10');
    expect(addMonths('2026-03-10', -3)).toBe('2025-12-10');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(lastOfMonth('2028-02-03')).toBe('2028-02-29');
  });

  it('a due date on the last day of a month stays at the end of every month (Jan 31 → Feb 28 → Mar 31)', () => {
    const dates = ['2025-01-31'];
    for (let i = 0; i < 4; i++) dates.push(addCycle(dates[i], 'MONTHLY'));
    expect(dates).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31']);
  });

  it('each of the 7 cycles moves the due date, with its Portuguese label', () => {
    const from = '2025-11-30';
    expect(CYCLES.map((cycle) => [CYCLE_LABELS[cycle], addCycle(from, cycle)])).toEqual([
      ['Semanal', '2025-12-07'],
      ['Quinzenal', '2025-12-14'],
      ['Mensal', '2025-12-31'],
      ['Bimestral', '2026-01-31'],
      ['Trimestral', '2026-02-28'],
      ['Semestral', '2026-05-31'],
      ['Anual', '2026-11-30'],
    ]);
  });

  it('the next run is at 00:01 of the next day in the time zone', () => {
    // 12:00 UTC is 09:00 in São Paulo; 00:01 there tomorrow is 03:01 UTC.
    expect(msUntilNextDay('America/Sao_Paulo', new Date('2026-11-23T12:00:00Z'))).toBe((15 * 60 + 1) * 60_000);
    expect(msUntilNextDay('UTC', new Date('2026-11-23T23:59:30Z'))).toBe(90_000);
  });
});

describe('updated value of an overdue charge (fine and interest), to the cent', () => {
  const rates = { multa: 2, jurosmensal: 1 };

  it('value + fine once + monthly interest pro rata per day', () => {
    expect(valorAtualizado(100, rates, 15)).toEqual({ dias: 15, multa: 2, juros: 0.5, total: 102.5, taxas: rates });
    // 49,90: fine 0,998 → 1,00; interest 49,90 × 1% × 10/30 = 0,1663 → 0,17.
    expect(valorAtualizado(49.9, rates, 10)).toMatchObject({ multa: 1, juros: 0.17, total: 51.07 });
    // 1.234,56 at 2,5% and 1,99% a month, 45 days: 30,864 → 30,86 and 36,8516 → 36,85.
    expect(valorAtualizado(1234.56, { multa: 2.5, jurosmensal: 1.99 }, 45)).toMatchObject({ multa: 30.86, juros: 36.85, total: 1302.27 });
    // Half a cent rounds up: 0,50 × 1% = 0,005.
    expect(valorAtualizado(0.5, { multa: 1, jurosmensal: 0 }, 1)).toMatchObject({ multa: 0.01, juros: 0, total: 0.51 });
    // Large values stay exact (no float drift): 99.999.999,99 × 2% = 1.999.999,9998.
    expect(valorAtualizado(99_999_999.99, rates, 30)).toMatchObject({ multa: 2_000_000, juros: 1_000_000, total: 103_000_000 - 0.01 });
  });

  it('not overdue: the value as it is', () => {
    expect(valorAtualizado(80, rates, 0)).toEqual({ dias: 0, multa: 0, juros: 0, total: 80, taxas: rates });
    expect(valorAtualizado(80, rates, -3).total).toBe(80);
    expect(valorAtualizado(80, { multa: 0, jurosmensal: 0 }, 90).total).toBe(80);
  });

  it('amounts become cents exactly', () => {
    expect(toCents(0.1 + 0.2)).toBe(30n);
    expect(toCents(49.9)).toBe(4990n);
    expect(toCents('1234.5')).toBe(123450n);
  });
});

describe('finance schemas', () => {
  it('SEMINANULLY is taken as SEMIANNUALLY; an unknown cycle is refused', () => {
    const base = { idcliente: 1, description: 'Mensalidade', valor: 10, nextduedate: '2026-01-10' };
    expect(assinaturaSchema.parse({ ...base, cycle: 'SEMINANULLY' }).cycle).toBe('SEMIANNUALLY');
    expect(assinaturaSchema.safeParse({ ...base, cycle: 'DAILY' }).success).toBe(false);
  });

  it('a charge takes either name of its dates, the canonical one first', () => {
    const base = { idcliente: 1, descricao: 'Instalação', valor: 10 };
    expect(cobrancaSchema.parse({ ...base, vncdata: '2026-01-10', dtcard: '2026-01-01' })).toMatchObject({
      duedate: '2026-01-10',
      datecreated: '2026-01-01',
    });
    expect(cobrancaSchema.parse({ ...base, duedate: '2026-01-10', vncdata: '2026-02-10' }).duedate).toBe('2026-01-10');
  });
});

describe('fillTemplate (DESIGN 10: a line whose placeholders are all empty is left out)', () => {
  const template =
    'Olá, {{name}}! Vence em {{dueDate}}.\nPague pelo link: {{linkPagamento}}\nPIX copia e cola: {{pixCopiaECola}}\nObrigado!';
  it('fills every placeholder and keeps every line when all have values', () => {
    expect(fillTemplate(template, { name: 'Ana', dueDate: '10/03/2026', linkPagamento: 'https://x/p', pixCopiaECola: '000201' })).toBe(
      'Olá, Ana! Vence em 10/03/2026.\nPague pelo link: https://x/p\nPIX copia e cola: 000201\nObrigado!',
    );
  });
  it('leaves out a line whose placeholders are all empty, keeps lines without placeholders and lines with one value', () => {
    expect(fillTemplate(template, { name: 'Ana', dueDate: '', linkPagamento: 'https://x/p', pixCopiaECola: '' })).toBe(
      'Olá, Ana! Vence em .\nPague pelo link: https://x/p\nObrigado!',
    );
  });
  it('keeps an unknown placeholder as typed (its line too)', () => {
    expect(fillTemplate('Código: {{desconhecido}}\nLink: {{linkPagamento}}', { linkPagamento: '' })).toBe('Código: {{desconhecido}}');
  });
});

describe('fillTemplate: the pt-BR placeholder names, and the English ones of templates saved before them (issue 30)', () => {
  const values = {
    nome: 'Ana',
    descricao: 'Mensalidade',
    vencimento: '10/03/2026',
    dataCriacao: '01/03/2026',
    linkFatura: '',
    linkBoleto: 'https://x/b',
  };
  it('fills the pt-BR names', () => {
    expect(fillTemplate('{{nome}}: {{descricao}}, criada em {{dataCriacao}}, vence em {{vencimento}}.', values)).toBe(
      'Ana: Mensalidade, criada em 01/03/2026, vence em 10/03/2026.',
    );
  });
  it('fills the English names as their pt-BR ones, alone or mixed with them', () => {
    expect(fillTemplate('{{name}}: {{description}}, criada em {{dateCreated}}, vence em {{dueDate}}.', values)).toBe(
      'Ana: Mensalidade, criada em 01/03/2026, vence em 10/03/2026.',
    );
    expect(fillTemplate('{{ name }} / {{nome}} / {{bankSlipUrl}} / {{linkBoleto}}', values)).toBe('Ana / Ana / https://x/b / https://x/b');
  });
  it('an English name whose value is empty leaves its line out, as the pt-BR one does', () => {
    expect(fillTemplate('Olá, {{name}}!\nFatura: {{invoiceUrl}}\nFatura: {{linkFatura}}\nFim', values)).toBe('Olá, Ana!\nFim');
  });
  it('an English name with no pt-BR value (and an unknown one) stays as typed', () => {
    expect(fillTemplate('{{name}} {{dueDate}} {{foo}}', { nome: 'Ana' })).toBe('Ana {{dueDate}} {{foo}}');
  });
});

describe('what a past-due charge does to its client (billing step c)', () => {
  const hoje = '2026-03-10';
  const ativo = { status: 0, motivo: null, vencidaDesde: null };
  it('Bloqueado once the oldest overdue due date is bloqueio days behind, else Vencido', () => {
    expect(efeitoNoCliente('2026-03-05', hoje, 5, ativo)).toBe('bloqueado');
    expect(efeitoNoCliente('2026-03-06', hoje, 5, ativo)).toBe('vencido');
    expect(efeitoNoCliente('2026-03-10', hoje, 5, ativo)).toBe('nenhum');
    // Without the client, the charge alone decides.
    expect(efeitoNoCliente('2026-03-01', hoje, 5)).toBe('bloqueado');
    // A client Vencido by billing for an older charge is blocked by a charge one day late.
    expect(efeitoNoCliente('2026-03-09', hoje, 5, { status: 2, motivo: 'billing', vencidaDesde: '2026-03-04' })).toBe('bloqueado');
  });
  it('an already blocked client, or a status staff set, does not move', () => {
    expect(efeitoNoCliente('2026-01-01', hoje, 5, { status: 1, motivo: 'billing', vencidaDesde: '2026-01-01' })).toBe('nenhum');
    expect(efeitoNoCliente('2026-01-01', hoje, 5, { status: 1, motivo: 'staff', vencidaDesde: null })).toBe('nenhum');
    expect(efeitoNoCliente('2026-01-01', hoje, 5, { status: 2, motivo: 'staff', vencidaDesde: null })).toBe('nenhum');
  });
});
