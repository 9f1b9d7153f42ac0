import { describe, expect, it } from 'vitest';
import { canAccess, isAdmin } from '../../domain/permissions';

describe('canAccess', () => {
  it('an administrator may do everything', () => {
    for (const resource of ['usuarios', 'notificacoes', 'clientes', 'cobrancas']) {
      for (const action of ['list', 'create', 'edit', 'delete', 'access']) expect(canAccess(1, { action, resource })).toBe(true);
    }
  });

  it('a Usuario reaches every business screen but not Configurações', () => {
    for (const resource of ['clientes', 'veiculos', 'planos', 'cobrancas', 'ordensservicos', 'integrations']) {
      expect(canAccess(2, { action: 'list', resource })).toBe(true);
      expect(canAccess(2, { action: 'delete', resource })).toBe(true);
    }
    for (const resource of ['usuarios', 'users', 'notificacoes', 'configuracoes']) {
      expect(canAccess(2, { action: 'list', resource })).toBe(false);
      expect(canAccess(2, { action: 'access', resource })).toBe(false);
    }
  });

  it('a Usuario may read and edit only its own user record', () => {
    expect(canAccess(2, { action: 'show', resource: 'users', recordId: 7, selfId: 7 })).toBe(true);
    expect(canAccess(2, { action: 'edit', resource: 'users', recordId: '7', selfId: 7 })).toBe(true);
    expect(canAccess(2, { action: 'delete', resource: 'users', recordId: 7, selfId: 7 })).toBe(false);
    expect(canAccess(2, { action: 'edit', resource: 'users', recordId: 8, selfId: 7 })).toBe(false);
  });

  it('no role, or an unknown one, may do nothing', () => {
    expect(canAccess(undefined, { action: 'list', resource: 'clientes' })).toBe(false);
    expect(canAccess(3, { action: 'list', resource: 'clientes' })).toBe(false);
  });

  it('isAdmin accepts either reading of the SPEC: acesso 1 or nivel "1"', () => {
    expect(isAdmin({ acesso: 1 })).toBe(true);
    expect(isAdmin({ nivel: '1' })).toBe(true);
    expect(isAdmin({ acesso: 2, nivel: '2' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
