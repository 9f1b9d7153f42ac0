/**
 * The server's floors (README, "Architecture"), measured on the real import graph: every
 * `import … from`, `export … from` and `import()` of every server/**.ts file, type imports too.
 * Each folder under server/ imports only the folders below it in CAMADAS, and no files import
 * values from each other in a loop (ESLint's import-x/no-cycle refuses one too, eslint.config.js).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../../server', import.meta.url));

/** The folders of server/, top to bottom: each may import only those after it ('.' is server/*.ts). */
const CAMADAS = [
  '.', // app.ts, server.ts, workers.ts (the queue's and the webhook's one handler table), the CLIs
  'seed',
  'routes',
  'importacao',
  'asaas',
  'resources',
  'backup',
  'atendimento',
  'cobrancas',
  'mensagens',
  'frota',
  'estoque',
  'seguranca',
  'plugins',
  'regras',
  'integrations',
  'queue',
  'db',
];

interface Importacao {
  /** Paths relative to server/. */
  from: string;
  to: string;
  line: number;
  /** Only types cross: nothing runs when the module loads. */
  type: boolean;
  /** `import()`: loaded when called, not when the module loads. */
  dynamic: boolean;
}

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : serverFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The server file a relative specifier names (`./x` is x.ts or x/index.ts), or null outside server/. */
function resolveSpecifier(fromFile: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  return [`${base}.ts`, path.join(base, 'index.ts'), base].find((candidate) => known.has(candidate)) ?? null;
}

/** Every import of server/ into server/, read by TypeScript's own parser. */
function readImports(root = SERVER): Importacao[] {
  const files = serverFiles(root);
  const known = new Set(files);
  const found: Importacao[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (node: ts.Node, specifier: ts.Expression | undefined, type: boolean, dynamic: boolean) => {
      if (!specifier || !ts.isStringLiteral(specifier)) return;
      const target = resolveSpecifier(file, specifier.text, known);
      if (!target) return;
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ from: path.relative(root, file), to: path.relative(root, target), line, type, dynamic });
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        const bindings = clause?.namedBindings;
        // `import type`, or every name marked `type`: no value crosses.
        const type = Boolean(
          clause &&
          (clause.isTypeOnly || (!clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly))),
        );
        add(node, node.moduleSpecifier, type, false);
      } else if (ts.isExportDeclaration(node)) {
        const clause = node.exportClause;
        const type = node.isTypeOnly || Boolean(clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly));
        add(node, node.moduleSpecifier, type, false);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        add(node, node.arguments[0], false, true);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The folder under server/ a file belongs to ('.' for server/*.ts). */
const camadaDe = (file: string) => (file.includes('/') ? file.split('/')[0] : '.');

/** The imports that run back up: to a folder not below the importer's in `order` (or not in it at all). */
function importsParaCima(imports: readonly Importacao[], order: readonly string[]): string[] {
  return imports
    .filter((i) => camadaDe(i.from) !== camadaDe(i.to))
    .filter((i) => !(order.indexOf(camadaDe(i.from)) >= 0 && order.indexOf(camadaDe(i.to)) > order.indexOf(camadaDe(i.from))))
    .map((i) => `${i.from}:${i.line} → ${i.to}`);
}

/** The loops of value imports between files (each a strongly connected group of two files or more). */
function lacosDeValor(imports: readonly Importacao[]): string[][] {
  const next = new Map<string, string[]>();
  for (const i of imports) if (!i.type && !i.dynamic) next.set(i.from, [...(next.get(i.from) ?? []), i.to]);
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) loops.push(group.sort());
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return loops;
}

describe('the server imports only downwards', () => {
  const imports = readImports();

  it('reads the import graph (static, re-exports and import())', () => {
    expect(imports.length).toBeGreaterThan(300);
    expect(imports.some((i) => i.type)).toBe(true);
    expect(imports.some((i) => i.from === 'app.ts' && i.to === 'workers.ts')).toBe(true);
  });

  it('every file lives in a declared folder', () => {
    const folders = new Set(serverFiles(SERVER).map((file) => camadaDe(path.relative(SERVER, file))));
    expect([...folders].filter((folder) => !CAMADAS.includes(folder))).toEqual([]);
  });

  it('no import runs back up', () => {
    expect(importsParaCima(imports, CAMADAS)).toEqual([]);
  });

  it('no two files import values from each other, directly or round a loop', () => {
    expect(lacosDeValor(imports)).toEqual([]);
  });

  it('the checks see an import back up and a loop', () => {
    const at = (from: string, to: string, type = false): Importacao => ({ from, to, line: 1, type, dynamic: false });
    // regras/ importing a feature runs back up; a route importing regras/ does not.
    expect(importsParaCima([at('regras/clock.ts', 'cobrancas/cobrancas.ts'), at('routes/x.ts', 'regras/clock.ts')], CAMADAS)).toEqual([
      'regras/clock.ts:1 → cobrancas/cobrancas.ts',
    ]);
    // Values both ways are a loop; a type back is not.
    expect(lacosDeValor([at('a.ts', 'b.ts'), at('b.ts', 'a.ts')])).toEqual([['a.ts', 'b.ts']]);
    expect(lacosDeValor([at('a.ts', 'b.ts'), at('b.ts', 'a.ts', true)])).toEqual([]);
  });
});
