/** A react-admin Form `validate` function from a shared zod schema (domain/schemas). */
import type { z } from 'zod';

type Errors = { [key: string]: string | Errors };

export function zodValidate(schema: z.ZodType) {
  return (values: Record<string, unknown>): Errors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Errors = {};
    for (const issue of result.error.issues) {
      if (issue.path.length === 0) continue;
      let target = errors;
      issue.path.forEach((key, index) => {
        const name = String(key);
        if (index === issue.path.length - 1) {
          if (!(name in target)) target[name] = issue.message;
        } else {
          if (typeof target[name] !== 'object') target[name] = {};
          target = target[name] as Errors;
        }
      });
    }
    return errors;
  };
}
