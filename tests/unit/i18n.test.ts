import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
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

  it('has a text for every catalogue key the app source uses', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
      });
    const used = new Set<string>();
    for (const file of files(path.resolve(import.meta.dirname, '../../src'))) {
      if (file.includes(`${path.sep}i18n${path.sep}`)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`]((?:app|ra)\.[\w.]+\w)['"`]/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((key) => typeof at(ptBR, key) !== 'string');
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
