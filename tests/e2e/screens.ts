/**
 * Steps on the app's screens that several end-to-end files take the same way: filling a dialog's
 * boxes, picking an option or a client, a plan's or a discount's fields, the edit modal's Uploads tab.
 * Each does what the files did inline, in the same order.
 */
import type { Locator, Page } from 'playwright-core';
import { shot } from './support';

type Field = [label: string | RegExp, value: string];

/**
 * The locators a screen's test reaches for, on the page `page()` returns (set in beforeAll): its
 * dialog, a table row by its text, a snackbar's text, and `open`, which goes to `url` and waits for
 * its heading.
 */
export function screenOf(page: () => Page) {
  return {
    dialog: () => page().getByRole('dialog'),
    row: (text: string | RegExp) => page().getByRole('row', { name: text }),
    snackbar: (text: string | RegExp) => page().locator('.MuiSnackbar-root').getByText(text),
    open: async (heading: string, url: string) => {
      await page().goto(url);
      await page().getByRole('heading', { name: heading, level: 1 }).waitFor();
    },
  };
}

/** Fills the boxes of `scope` (a dialog, a page) in order, each found by its label. */
export async function fillIn(scope: Locator | Page, ...fields: Field[]) {
  for (const [label, value] of fields) await scope.getByLabel(label).fill(value);
}

/** Novo on a list: its create dialog, once it shows `title` (Novo Plano, Nova Cobrança). */
export async function openNew(page: Page, title: string) {
  await page.getByRole('link', { name: 'Novo' }).click();
  await page.getByRole('dialog').getByText(title).waitFor();
}

/** Opens the select labelled `label` in `scope` and picks `option` from its list (drawn outside the dialog). */
export async function choose(scope: Locator, label: string | RegExp, option: string | RegExp) {
  await scope.getByLabel(label).click();
  await scope.page().getByRole('option', { name: option }).click();
}

/** A dialog's client search: types `search`, Procurar, and picks the client whose button reads `name`. */
export async function pickClient(dialog: Locator, search: string, name: RegExp) {
  await dialog.getByLabel(/^Nome, CPF\/CNPJ/).fill(search);
  await dialog.getByRole('button', { name: 'Procurar' }).click();
  await dialog.getByRole('button', { name }).click();
}

/** The new plan form's boxes, in order: Nome, Descrição, Limite de dispositivos, Valor, Valor adicional. */
export async function fillPlano(dialog: Locator, [nome, descricao, limite, valor, adicional]: [string, string, string, string, string]) {
  await fillIn(dialog, [/^Nome/, nome], [/^Descrição/, descricao], [/^Limite de dispositivos/, limite]);
  await fillIn(dialog, [/^Valor\s*\*?$/, valor], [/^Valor adicional/, adicional]);
}

/** The early-payment discount of a plan's or a subscription's form: its kind, its figure and the days before. */
export async function fillDesconto(dialog: Locator, tipo: string, valor: Field, diasAntes: string) {
  await choose(dialog, /^Tipo de desconto/, tipo);
  await fillIn(dialog, valor, [/^Até quantos dias antes do vencimento/, diasAntes]);
  await dialog.getByText('Desconto por pagamento antecipado').scrollIntoViewIfNeeded();
}

/** The edit modal's Uploads tab, empty (pictured as `picture`); then Fechar, and the modal gone. */
export async function emptyUploadsThenClose(dialog: Locator, picture: string) {
  await dialog.getByRole('tab', { name: 'Uploads' }).click();
  await dialog.getByText('Nenhum arquivo enviado.').waitFor();
  await shot(dialog.page(), picture);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await dialog.waitFor({ state: 'detached' });
}
