/**
 * The signed-in app's documents whose address is also their resource's (/contratos/{id},
 * /cobrancas/{id}, SPEC 2.1): the resource's list route shows them, and the layout (routes.tsx
 * LazyLayout) leaves the shell out for them, as for a noLayout page. Only a numeric id is a
 * document: /contratos/create is the list's dialog.
 */
const DOCUMENT_PAGES = [/^\/contratos\/\d+\/?$/, /^\/cobrancas\/\d+\/?$/];

export const isDocumentPage = (pathname: string) => DOCUMENT_PAGES.some((pattern) => pattern.test(pathname));

/** The id of /<resource>/<digits>, or undefined. */
export function documentId(pathname: string, resource: string): number | undefined {
  const match = new RegExp(`^/${resource}/(\\d+)/?$`).exec(pathname);
  return match ? Number(match[1]) : undefined;
}

/** Where the edit dialog of a resource with documents lives: /<resource>/{id}/edit (/<resource>/{id} is the document). */
export const DOCUMENT_EDIT_SUFFIX = '/edit';
