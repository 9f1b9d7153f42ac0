import * as React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, required } from 'ra-core';
import { SaveButton, TextInput } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { MaskedTextInput } from '../../src/components/MaskedTextInput';
import { TestAdmin } from './helpers';

function renderInputs(record: Record<string, unknown> = {}) {
  return render(
    <TestAdmin initialEntries={['/usuarios/create']}>
      <Form record={record}>
        <MaskedTextInput resource="usuarios" source="cpf" mask="cpf" />
        <MaskedTextInput resource="usuarios" source="phone" mask="phone" />
        <MaskedTextInput resource="usuarios" source="postalCode" mask="cep" />
      </Form>
    </TestAdmin>,
  );
}

describe('masked inputs', () => {
  it('CPF, phone and CEP get their punctuation as they are typed', async () => {
    renderInputs();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('CPF/CNPJ'), '52998224725');
    expect(screen.getByLabelText('CPF/CNPJ')).toHaveValue('529.982.247-25');
    await user.type(screen.getByLabelText('Telefone'), '1134567890');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 3456-7890');
    await user.clear(screen.getByLabelText('Telefone'));
    await user.type(screen.getByLabelText('Telefone'), '11987654321');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 98765-4321');
    await user.type(screen.getByLabelText('CEP'), '01310100');
    expect(screen.getByLabelText('CEP')).toHaveValue('01310-100');
  });

  it('shows stored digits with the mask', async () => {
    renderInputs({ cpf: '52998224725', phone: '11987654321', postalCode: '01310100' });
    expect(await screen.findByLabelText('CPF/CNPJ')).toHaveValue('529.982.247-25');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 98765-4321');
    expect(screen.getByLabelText('CEP')).toHaveValue('01310-100');
  });

  it('a save refused for a masked field puts the cursor in it, as in any other field', async () => {
    render(
      <TestAdmin initialEntries={['/usuarios/create']}>
        <Form record={{ name: 'Ana' }} onSubmit={() => undefined}>
          <TextInput resource="usuarios" source="name" />
          <MaskedTextInput resource="usuarios" source="cpf" mask="cpf" validate={required()} />
          <SaveButton alwaysEnable />
        </Form>
      </TestAdmin>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /salvar/i }));
    await screen.findByText(/obrigatório/i);
    expect(screen.getByLabelText(/CPF\/CNPJ/)).toHaveFocus();
  });
});
