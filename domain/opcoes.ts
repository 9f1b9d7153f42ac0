/**
 * A closed list of values with their pt-BR labels, spelled once: `valores` (for `z.enum` and loops)
 * are the labels' keys, in their order.
 */
export function opcoes<const L extends Record<string, string>>(labels: L) {
  return { valores: Object.keys(labels) as [keyof L & string, ...(keyof L & string)[]], labels };
}
