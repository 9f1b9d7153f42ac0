import { describe, expect, it } from 'vitest';
import { listQuery } from '../../domain/schemas/list';
import { installSchema, loginSchema, userCreateSchema, userUpdateSchema } from '../../domain/schemas/users';
import { uploadInputSchema } from '../../domain/schemas/uploads';

const valid = { name: 'Ana', cpf: '529.982.247-25', email: 'ANA@Exemplo.com ', acesso: '2', login: 'ana', password: 'segredo' };

describe('user schemas', () => {
  it('user requires name, cpf, email, acesso and login, and normalizes what it keeps', () => {
    const parsed = userCreateSchema.parse({ ...valid, phone: null, uf: 'sp', postalCode: '01310-100', extra: 'dropped' });
    expect(parsed).toMatchObject({
      cpf: '52998224725',
      email: 'ana@exemplo.com',
      acesso: 2,
      phone: '',
      uf: 'SP',
      postalCode: '01310100',
      bloqueado: false,
    });
    expect(parsed).not.toHaveProperty('extra');
    const result = userCreateSchema.safeParse({});
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['name', 'cpf', 'email', 'acesso', 'login', 'password']));
  });

  it('a new user needs a 6-character password; an update may leave it empty', () => {
    expect(userCreateSchema.safeParse({ ...valid, password: '12345' }).success).toBe(false);
    expect(userUpdateSchema.safeParse({ ...valid, password: '' }).success).toBe(true);
    expect(userUpdateSchema.safeParse({ ...valid, password: '123' }).success).toBe(false);
  });

  it('refuses invalid CPF, e-mail, acesso and logins with spaces, in Portuguese', () => {
    const result = userCreateSchema.safeParse({ ...valid, cpf: '123.456.789-00', email: 'ana@', acesso: 4, login: 'ana maria' });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      cpf: 'CPF inválido',
      email: 'E-mail inválido',
      acesso: 'Nível de acesso deve ser 1 (Administrador), 2 (Usuário) ou 3 (Técnico)',
      login: 'O login não pode ter espaços',
    });
  });

  it('install needs e-mail and password; login needs both fields', () => {
    expect(installSchema.safeParse({ email: 'a@b.co', password: 'segredo' }).success).toBe(true);
    expect(installSchema.safeParse({ name: 'A', password: 'segredo' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'ana', password: '' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'ana', password: 'x' }).success).toBe(true);
  });
});

describe('list query', () => {
  it('defaults to page 1 of 20 and coerces query-string numbers', () => {
    expect(listQuery.parse({})).toMatchObject({ page: 1, pageSize: 20 });
    expect(listQuery.parse({ page: '3', pageSize: '50', status: '1', order: 'ASC' })).toMatchObject({
      page: 3,
      pageSize: 50,
      status: 1,
      order: 'asc',
    });
    expect(listQuery.parse({ status: '' }).status).toBeUndefined();
  });
  it('refuses pageSize outside 1..100 and page below 1', () => {
    for (const query of [{ pageSize: '101' }, { pageSize: '0' }, { page: '0' }, { page: '1.5' }]) {
      expect(listQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});

describe('upload input', () => {
  it('accepts unid or userId, the canonical unid winning', () => {
    const base = { documento: 'imgPerfil', name: 'f.png', base64: 'AAAA' };
    expect(uploadInputSchema.parse({ ...base, userId: 4 }).unid).toBe(4);
    expect(uploadInputSchema.parse({ ...base, unid: 3, userId: 4 }).unid).toBe(3);
    expect(uploadInputSchema.safeParse(base).success).toBe(false);
    expect(uploadInputSchema.safeParse({ ...base, unid: 1, documento: 'outro' }).success).toBe(false);
  });
});
