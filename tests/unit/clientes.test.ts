import { describe, expect, it } from 'vitest';
import { clienteDocumento, clienteNome, isJuridica } from '../../domain/clientes';

describe('one display rule for a client (domain/clientes.ts)', () => {
  it('a company is shown by its razão social, a person by its name', () => {
    expect(clienteNome({ cadastro: 'JURIDICA', name: 'Fantasia', razaosocial: 'Transportes Zebu Ltda' })).toBe('Transportes Zebu Ltda');
    expect(clienteNome({ cadastro: 'FISICA', name: 'Maria Souza', razaosocial: 'Outra' })).toBe('Maria Souza');
    expect(isJuridica({ cadastro: 'JURIDICA' })).toBe(true);
    expect(isJuridica({ cadastro: 'FISICA' })).toBe(false);
  });

  it('falls back to the other name when the first is empty, and is empty for no client', () => {
    expect(clienteNome({ cadastro: 'JURIDICA', name: 'Fantasia', razaosocial: '' })).toBe('Fantasia');
    expect(clienteNome({ cadastro: 'FISICA', name: null, razaosocial: 'Razão' })).toBe('Razão');
    expect(clienteNome({ cadastro: 'FISICA', name: '  Ana  ' })).toBe('Ana');
    expect(clienteNome(null)).toBe('');
    expect(clienteNome(undefined)).toBe('');
  });

  it('the document follows the same rule: CNPJ for a company, CPF for a person', () => {
    expect(clienteDocumento({ cadastro: 'JURIDICA', cpf: '11144477735', cnpj: '11222333000181' })).toBe('11222333000181');
    expect(clienteDocumento({ cadastro: 'FISICA', cpf: '11144477735', cnpj: '11222333000181' })).toBe('11144477735');
    expect(clienteDocumento({ cadastro: 'JURIDICA', cpf: '11144477735', cnpj: null })).toBe('11144477735');
    expect(clienteDocumento(null)).toBe('');
  });
});
