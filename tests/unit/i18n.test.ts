import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { ptBR } from '../../src/i18n/pt-BR';

type Tree = { [key: string]: unknown };
const paths = (tree: Tree, prefix: string[] = []): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? paths(value as Tree, [...prefix, key]) : [[...prefix, key].join('.')],
  );
const at = (tree: Tree, path: string) => path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

describe('pt-BR catalogue', () => {
  it('has a text for every key of ra-language-english', () => {
    const missing = paths(englishMessages as unknown as Tree).filter((path) => {
      const value = at(ptBR, path);
      return typeof value !== 'string' || (value.trim() === '' && path !== 'ra.boolean.null');
    });
    expect(missing).toEqual([]);
  });

  it('uses the corrected spellings of DESIGN section 9', () => {
    const app = ptBR.app as Tree;
    expect(at(app, 'tabs.informacoes')).toBe('Informações');
    expect(at(app, 'tabs.endereco')).toBe('Endereço');
    expect(at(app, 'usuarios.create_title')).toBe('Novo Usuário');
    expect(at(app, 'notify.created')).toBe('Cadastro realizado com sucesso');
    expect(at(app, 'notify.updated')).toBe('Informações atualizadas com sucesso');
    expect(at(app, 'notify.included')).toBe('Informações incluídas com sucesso');
    expect(at(app, 'dashboard.ordens')).toBe('Ordens de Serviço');
  });
});
