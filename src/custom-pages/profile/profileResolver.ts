/**
 * The profile page validates as the server does (PUT /v1/users/{id}): the profile's own rules
 * (name, CPF, e-mail, login…) only when a profile field changed, so an administrator whose profile
 * is incomplete (the first one has no CPF) still saves the company settings. Otherwise each field
 * is checked for its type and size only.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import { PROFILE_FIELDS, userUpdateBodySchema, userUpdateSchema } from '../../../domain/schemas/users';
import { zodResolver } from '../../form/zodResolver';

const profileRules = zodResolver(userUpdateSchema);
const fieldRules = zodResolver(userUpdateBodySchema);

const comparable = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

export function profileChanged(values: FieldValues, record: FieldValues): boolean {
  return PROFILE_FIELDS.some((field) => comparable(values[field]) !== comparable(record[field]));
}

export function profileResolver(record: FieldValues): Resolver<FieldValues> {
  return (values, context, options) => (profileChanged(values, record) ? profileRules : fieldRules)(values, context, options);
}
