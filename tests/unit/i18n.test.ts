import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { appCatalogue as ptBR } from '../../src/i18n';

type Tree = { [key: string]: unknown };
const src = path.resolve(import.meta.dirname, '../../src');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
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
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      if (file.includes(`${path.sep}i18n${path.sep}`)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`]((?:app|ra|resources)\.[\w.]+\w)['"`]/g)) used.add(match[1]);
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

  /**
   * react-admin labels an input or a column by `resources.<resource>.fields.<source>`: every
   * source a resource's screens use needs its pt-BR text, or the screen shows the key's
   * "humanized" English-like fallback. The screens of a resource are its folder in src/resources,
   * the custom pages that edit it, and the shared components (src/components) they import.
   */
  it('has resources.X.fields.Y for every source the screens of resource X use', () => {
    const customPages: Record<string, string[]> = {
      clientes: ['custom-pages/precadastro'],
      usuarios: ['custom-pages/profile'],
    };
    const sourcesIn = (text: string) =>
      [...text.matchAll(/\bsource(?:=|:\s*)['"{]*['"]([\w.]+)['"]/g)].map((match) => match[1]).filter((source) => source !== '');
    /** The file's own sources and those of the src/components modules it imports, transitively. */
    const sourcesOf = (file: string, seen = new Set<string>()): string[] => {
      if (seen.has(file)) return [];
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      const imported = [...text.matchAll(/from '(\.[^']+)'/g)]
        .map((match) => path.resolve(path.dirname(file), match[1]))
        .flatMap((base) => [`${base}.tsx`, `${base}.ts`].filter(existsSync))
        .filter((target) => target.startsWith(path.join(src, 'components')));
      return [...sourcesIn(text), ...imported.flatMap((target) => sourcesOf(target, seen))];
    };

    const resources = readdirSync(path.join(src, 'resources')).filter((name) => statSync(path.join(src, 'resources', name)).isDirectory());
    expect(resources.sort()).toEqual([
      'assinaturas',
      'chips',
      'clientes',
      'cobrancas',
      'contratos',
      'frota',
      'ordensservicos',
      'planos',
      'rastreadores',
      'usuarios',
      'veiculos',
    ]);
    const missing: string[] = [];
    for (const resource of resources) {
      const dirs = [`resources/${resource}`, ...(customPages[resource] ?? [])].map((dir) => path.join(src, dir));
      const sources = new Set(dirs.flatMap(sourceFiles).flatMap((file) => sourcesOf(file)));
      // A resource's screens use a handful of fields at least: the scan found them.
      expect(sources.size, resource).toBeGreaterThan(3);
      for (const source of sources) {
        const key = `resources.${resource}.fields.${source}`;
        if (typeof at(ptBR, key) !== 'string') missing.push(key);
      }
    }
    expect(missing).toEqual([]);
  });
});
