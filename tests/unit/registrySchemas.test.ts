import { describe, expect, it } from 'vitest';
import { clienteSchema, precadastroDadosSchema } from '../../domain/schemas/clientes';
import { chipSchema, normalizePlaca, PLACA, trackerSchema, veiculoSchema } from '../../domain/schemas/equipamentos';
import { parseMoney } from '../../domain/schemas/money';
import { planoSchema } from '../../domain/schemas/planos';

const errors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('registry schemas', () => {
  it('client: every field error at once, FISICA vs JURIDICA requirements', () => {
    expect(errors(clienteSchema.safeParse({ cadastro: 'FISICA', cpf: '123.456.789-00', email: 'x@' }))).toEqual({
      name: 'Campo obrigatório',
      cpf: 'CPF inválido',
      email: 'E-mail inválido',
    });
    expect(Object.keys(errors(clienteSchema.safeParse({ cadastro: 'juridica' }))).sort()).toEqual(['cnpj', 'email', 'razaosocial']);
    // SPEC 5: cadastro is required, never assumed.
    expect(errors(clienteSchema.safeParse({ name: 'Ana', cpf: '529.982.247-25', email: 'ana@x.com' }))).toEqual({
      cadastro: 'Campo obrigatório',
    });
    expect(errors(clienteSchema.safeParse({ cadastro: 'EMPRESA' })).cadastro).toBe('Cadastro deve ser FISICA ou JURIDICA');
    const parsed = clienteSchema.parse({
      cadastro: 'fisica',
      name: 'Ana',
      cpf: '529.982.247-25',
      contatos: [{ name: 'Ana', email: 'ANA@X.COM', mobilePhone: '(11) 91234-5678' }],
    });
    expect(parsed).toMatchObject({ cadastro: 'FISICA', email: 'ana@x.com', mobilePhone: '11912345678', status: 0 });
  });

  it('pre-registration data: name, cpf, email and mobilePhone; plus cnpj and razão social for JURIDICA', () => {
    expect(Object.keys(errors(precadastroDadosSchema.safeParse({ cadastro: 'FISICA' }))).sort()).toEqual([
      'cpf',
      'email',
      'mobilePhone',
      'name',
    ]);
    expect(Object.keys(errors(precadastroDadosSchema.safeParse({ cadastro: 'JURIDICA' }))).sort()).toEqual([
      'cnpj',
      'cpf',
      'email',
      'mobilePhone',
      'name',
      'razaosocial',
    ]);
    expect(
      precadastroDadosSchema.safeParse({
        cadastro: 'FISICA',
        name: 'Ana',
        cpf: '52998224725',
        email: 'a@b.com',
        mobilePhone: '11912345678',
      }).success,
    ).toBe(true);
  });

  it('plates: old and Mercosul formats, normalized upper-case without separators', () => {
    expect(normalizePlaca('abc-1d23')).toBe('ABC1D23');
    for (const ok of ['ABC1234', 'ABC1D23']) expect(PLACA.test(ok)).toBe(true);
    for (const bad of ['AB1234', 'ABC12345', 'A1C1234', 'ABCD123']) expect(PLACA.test(bad)).toBe(false);
    const vehicle = veiculoSchema.parse({
      cliente: { id: 3 },
      category: 'truck',
      marca: 'Volvo',
      modelo: 'FH',
      placa: 'rio 2a18',
      renavan: '12345678901',
      chassi: '9bw zzz377vt004251',
    });
    expect(vehicle).toMatchObject({ idcliente: 3, placa: 'RIO2A18', chassi: '9BWZZZ377VT004251' });
  });

  it('IMEI 15 digits, ICCID 19 or 20 digits; idVeiculo is accepted for idveiculo, the canonical name wins', () => {
    expect(errors(trackerSchema.safeParse({ imei: '12345678901234', modelo: 'a', marca: 'b' }))).toEqual({
      imei: 'IMEI deve ter 15 dígitos',
    });
    expect(trackerSchema.parse({ imei: '123456789012345', modelo: 'a', marca: 'b', idVeiculo: 4 }).idveiculo).toBe(4);
    expect(trackerSchema.parse({ imei: '123456789012345', modelo: 'a', marca: 'b', idveiculo: 2, idVeiculo: 4 }).idveiculo).toBe(2);
    expect(chipSchema.safeParse({ phone: '11912345678', iccid: '8955101234567890123' }).success).toBe(true);
    expect(errors(chipSchema.safeParse({ phone: '11912345678', iccid: '895510123456789012345' }))).toEqual({
      iccid: 'ICCID deve ter 19 ou 20 dígitos',
    });
  });

  it('money: pt-BR or dotted text, non-negative, two decimals at most', () => {
    expect(parseMoney('1.234,56')).toBe(1234.56);
    expect(parseMoney('R$ 49,90')).toBe(49.9);
    expect(parseMoney('49.90')).toBe(49.9);
    const plan = { descricao: 'Básico', limtdispositivos: '2', valor: '49,90', valoradd: 0 };
    expect(planoSchema.parse(plan)).toMatchObject({ limtdispositivos: 2, valor: 49.9, valoradd: 0 });
    expect(errors(planoSchema.safeParse({ ...plan, valor: '10,999' }))).toEqual({ valor: 'Use no máximo duas casas decimais' });
    expect(errors(planoSchema.safeParse({ ...plan, valoradd: -0.01 }))).toEqual({ valoradd: 'O valor não pode ser negativo' });
  });
});
