/**
 * The shared zod schemas (domain/schemas) as react-hook-form resolvers. `raw` keeps the values
 * as typed: the schema only validates here, the server normalizes (the form keeps `id` and the
 * other fields the schema does not list).
 */
import { zodResolver as hookformZodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

export const zodResolver = (schema: z.ZodType) => hookformZodResolver(schema as any, undefined, { raw: true });
