/**
 * Issue 24: the 12-month chart of /financeiro labels every month under its bars (the axis used to
 * drop whichever labels touched: dez, fev, abr, jun, jul, set, nov were all that was left).
 */
import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import FinanceiroCharts from '../../src/custom-pages/financeiro/FinanceiroCharts';
import type { Serie } from '../../src/custom-pages/financeiro/types';
import { TestAdmin } from './helpers';

const MESES = [
  '2025-03',
  '2025-04',
  '2025-05',
  '2025-06',
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
];
const buckets = { recebidas: 0, vencidas: 0, vencehoje: 0, avencer: 0, canceladas: 0, total: 0 };
const serie = {
  hoje: '2026-02-10',
  inicio: '2025-03-01',
  fim: '2026-02-28',
  serie: MESES.map((mes, i) => ({ mes, recebidas: 100 * (i + 1), qntRecebidas: 1, vencidas: 50, qntVencidas: 1 })),
  porSituacao: { valors: { ...buckets, recebidas: 900 }, qnts: buckets },
  situacoes: [],
} as unknown as Serie;

describe('the 12-month chart of /financeiro', () => {
  it('labels each of the 12 months under the bars', async () => {
    // The test DOM lays nothing out: the chart's box is given a desktop size.
    const computed = window.getComputedStyle.bind(window);
    vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
      const style = computed(element, pseudo);
      if (element instanceof SVGElement) return { ...style, width: '640px', height: '320px' } as CSSStyleDeclaration;
      return style;
    });
    // …and its labels a width as in Chromium (about 7 px a character at 12 px), so overlapping labels would be dropped.
    const proto = SVGElement.prototype as unknown as { getBBox?: () => DOMRect };
    const getBBox = proto.getBBox;
    proto.getBBox = function (this: SVGElement) {
      return { x: 0, y: 0, width: (this.textContent ?? '').length * 7, height: 14 } as DOMRect;
    };
    onTestFinished(() => {
      proto.getBBox = getBBox;
    });
    render(
      <TestAdmin>
        <FinanceiroCharts serie={serie} />
      </TestAdmin>,
    );
    const figure = screen.getByRole('figure', { name: 'Recebido e vencido por mês' });
    const labels = () => [...figure.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')].map((t) => t.textContent);
    await waitFor(() => expect(labels()).toHaveLength(12));
    expect(labels()).toEqual(['mar25', 'abr25', 'mai25', 'jun25', 'jul25', 'ago25', 'set25', 'out25', 'nov25', 'dez25', 'jan26', 'fev26']);
    expect(within(figure).getAllByText('dez')).toHaveLength(1);
  });
});
