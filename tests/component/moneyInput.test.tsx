/**
 * The money input (issue 30 item 8): typed cents-style, it shows in R$ what will be saved while it
 * is typed, so 12990 can no longer be saved as R$ 12.990,00 unseen; the form keeps the text the
 * box shows, which the shared schema reads as the same amount.
 */
import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'ra-core';
import { SaveButton } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { parseMoney } from '../../domain/schemas/money';
import { MoneyInput, moneyMask } from '../../src/components/MoneyInput';
import { TestAdmin } from './helpers';

function renderMoney(record: Record<string, unknown> = {}, onSubmit: (values: Record<string, unknown>) => void = () => undefined) {
  return render(
    <TestAdmin initialEntries={['/cobrancas/create']}>
      <Form record={record} onSubmit={onSubmit}>
        <MoneyInput resource="cobrancas" source="valor" label="Valor" />
        <SaveButton alwaysEnable />
      </Form>
    </TestAdmin>,
  );
}

/** What the box shows: its R$ and its text. */
const shown = (input: HTMLElement) => `${within(input.parentElement!).getByText('R$').textContent} ${(input as HTMLInputElement).value}`;

describe('money input', () => {
  it('typing 12990 shows R$ 129,90 as it is typed, digit by digit from the cents', async () => {
    renderMoney();
    const user = userEvent.setup();
    const valor = await screen.findByLabelText(/^Valor/);
    const steps: string[] = [];
    for (const digit of '12990') {
      await user.type(valor, digit);
      steps.push((valor as HTMLInputElement).value);
    }
    expect(steps).toEqual(['0,01', '0,12', '1,29', '12,99', '129,90']);
    expect(shown(valor)).toBe('R$ 129,90');
  });

  it('typing 129,90 shows R$ 129,90 too (the comma is the mask’s), and 1.299,90 or 1299,90 shows R$ 1.299,90', async () => {
    renderMoney();
    const user = userEvent.setup();
    const valor = await screen.findByLabelText(/^Valor/);
    await user.type(valor, '129,90');
    expect(shown(valor)).toBe('R$ 129,90');
    await user.clear(valor);
    await user.type(valor, '1.299,90');
    expect(valor).toHaveValue('1.299,90');
    await user.clear(valor);
    await user.type(valor, '1299,90');
    expect(valor).toHaveValue('1.299,90');
  });

  it('letters are not taken, Backspace removes the last digit, and an emptied box is empty (a required amount is asked for)', async () => {
    renderMoney();
    const user = userEvent.setup();
    const valor = await screen.findByLabelText(/^Valor/);
    await user.type(valor, 'R$ 4a9b9c0');
    expect(valor).toHaveValue('49,90');
    await user.type(valor, '{Backspace}');
    expect(valor).toHaveValue('4,99');
    await user.clear(valor);
    expect(valor).toHaveValue('');
  });

  it('a stored amount shows formatted, and what is saved is the amount the box showed', async () => {
    let saved: Record<string, unknown> = {};
    renderMoney({ valor: 12990 }, (values) => {
      saved = values;
    });
    const user = userEvent.setup();
    const valor = await screen.findByLabelText(/^Valor/);
    // A stored R$ 12.990,00 shows as such, not as 12990.
    expect(shown(valor)).toBe('R$ 12.990,00');
    await user.clear(valor);
    await user.type(valor, '12990');
    await user.click(screen.getByRole('button', { name: /salvar/i }));
    await vi.waitFor(() => expect(saved.valor).toBe('129,90'));
    expect(parseMoney(saved.valor)).toBe(129.9);
  });

  it('the mask: cents from the right, thousands with dots, at most R$ 99.999.999,99', () => {
    expect(moneyMask('')).toBe('');
    expect(moneyMask('0')).toBe('0,00');
    expect(moneyMask('5')).toBe('0,05');
    expect(moneyMask('000129,90')).toBe('129,90');
    expect(moneyMask('R$ 1.234.567,89')).toBe('1.234.567,89');
    expect(moneyMask('9999999999')).toBe('99.999.999,99');
    expect(moneyMask('99999999999')).toBe('99.999.999,99');
    for (const typed of ['1', '12990', '100000', '4990']) expect(parseMoney(moneyMask(typed))).toBe(Number(typed) / 100);
  });
});
