/**
 * The browser app's floors (README, Architecture): a src file imports only from its own floor or the
 * floors below it, and from domain/ (never server/ or tests/). A widget two floors use lives on the
 * lower one: the resources' screens never import a custom page.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** From the top down. A folder of src, or a file at its root by its name without extension. */
const FLOORS: string[][] = [
  // The entries: the app's root, the public pages before sign-in, the técnico's phone, the route table.
  ['main', 'App', 'routes', 'public', 'campo'],
  ['custom-pages'],
  ['resources'],
  // The printable documents and the payment page, which the resources' screens show.
  ['print', 'cobranca'],
  ['layout', 'components'],
  ['form'],
  ['authProvider'],
  ['dataProvider', 'i18n', 'theme', 'motion', 'vite-env.d'],
];

interface SourceFile {
  /** Relative to the repository, with forward slashes: src/resources/chips/ChipList.tsx. */
  file: string;
  text: string;
}

/** The src folder (or root file) a path belongs to: src/resources/x/A.tsx → resources, src/App.tsx → App. */
function placeOf(file: string): string {
  const [, first, ...rest] = file.split('/');
  return rest.length ? first : first.replace(/\.tsx?$/, '');
}

function floorOf(place: string): number {
  return FLOORS.findIndex((floor) => floor.includes(place));
}

/** The relative specifiers a file imports: static, re-exported and lazy (`import('…')`). */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]);
}

/** Every import that runs back up a floor, leaves src for anything but domain/, or comes from an unplaced folder. */
function floorViolations(files: SourceFile[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    const from = placeOf(file);
    if (floorOf(from) < 0) {
      found.push(`${file}: src/${from} is on no floor (add it to FLOORS)`);
      continue;
    }
    for (const specifier of importsOf(text)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (!target.startsWith('src/')) {
        if (!target.startsWith('domain/')) found.push(`${file} → ${target} (src imports only src and domain)`);
        continue;
      }
      const to = placeOf(target);
      if (floorOf(to) < 0) found.push(`${file} → ${target}: src/${to} is on no floor`);
      else if (floorOf(to) < floorOf(from)) found.push(`${file} → ${target} (${from} sits below ${to})`);
    }
  }
  return found;
}

function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(name) ? [{ file: relative, text: readFileSync(path.join(root, relative), 'utf8') }] : [];
  });
}

describe('the floors of src', () => {
  const files = sourceFiles('src');

  it('reads the whole app', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.flatMap(({ text }) => importsOf(text)).length).toBeGreaterThan(800);
  });

  it('has no import running back up a floor', () => {
    expect(floorViolations(files)).toEqual([]);
  });

  it('has no resource importing a custom page', () => {
    const upward = files
      .filter(({ file }) => file.startsWith('src/resources/'))
      .flatMap(({ file, text }) => importsOf(text).map((specifier) => path.posix.join(path.posix.dirname(file), specifier)))
      .filter((target) => target.startsWith('src/custom-pages/'));
    expect(upward).toEqual([]);
  });

  it('reports an import that runs back up, one out of src, and a folder on no floor', () => {
    const found = floorViolations([
      { file: 'src/resources/chips/ChipList.tsx', text: "import { ImportarButton } from '../../custom-pages/importar/ImportarButton';" },
      { file: 'src/components/Picker.tsx', text: "const Page = lazy(() => import('../resources/clientes/ClienteShow'));" },
      { file: 'src/form/x.ts', text: "export { y } from '../../server/y';" },
      { file: 'src/widgets/W.tsx', text: '' },
      { file: 'src/print/P.tsx', text: "import { A } from '../components/A';\nimport { B } from '../../domain/b';" },
    ]);
    expect(found).toEqual([
      'src/resources/chips/ChipList.tsx → src/custom-pages/importar/ImportarButton (resources sits below custom-pages)',
      'src/components/Picker.tsx → src/resources/clientes/ClienteShow (components sits below resources)',
      'src/form/x.ts → server/y (src imports only src and domain)',
      'src/widgets/W.tsx: src/widgets is on no floor (add it to FLOORS)',
    ]);
  });
});
