/**
 * Our texts, key for key: the catalogue is assembled from one file per resource and per page
 * (src/i18n), and moving a text between those files must not change it, drop it or shadow it.
 * The snapshot was taken from the single file they were split from (issue 31). A text changed on
 * purpose updates it: `npx vitest run --project unit tests/unit/i18n-catalogue.test.ts -u`.
 */
import { describe, expect, it } from 'vitest';
import { appCatalogue } from '../../src/i18n';
import { ptBR } from '../../src/i18n/pt-BR';

type Tree = { [key: string]: string | Tree };

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`, keys sorted. */
function flat(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flat(value, `${prefix}${key}.`));
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** Our own namespaces: `ra.*` is react-admin's, completed in raCompletions.ts. */
const ours = (catalogue: Tree) => flat({ app: catalogue.app, resources: catalogue.resources });

describe('the pt-BR catalogue, key for key', () => {
  it('has every text of the app, unchanged', async () => {
    const app = ours(appCatalogue as Tree);
    const publico = ours(ptBR as Tree);
    // The pages before sign-in read the same texts, less the fleet's (src/i18n/index.ts).
    const onlyInApp = Object.keys(app).filter((key) => !(key in publico));
    expect(Object.keys(publico).filter((key) => publico[key] !== app[key])).toEqual([]);
    await expect(`${JSON.stringify({ app, onlyInApp }, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/i18n-catalogue.json');
  });
});
