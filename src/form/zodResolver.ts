/**
 * The shared zod schemas (domain/schemas) as react-hook-form resolvers. `raw` keeps the values
 * as typed: the schema only validates here, the server normalizes (the form keeps `id` and the
 * other fields the schema does not list).
 */
import { zodResolver as hookformZodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function zodResolver(schema: z.ZodType): Resolver<FieldValues> {
  // The shared schemas preprocess `unknown` (an API body may be anything); a form's values are an object.
  return hookformZodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, { raw: true });
}
