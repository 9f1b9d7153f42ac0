import * as React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'ra-core';
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
});
