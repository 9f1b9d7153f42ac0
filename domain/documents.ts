/** CPF/CNPJ check digits come from @brazilian-utils (maintained, zero-dependency); we only wrap it. */
import { isValidCNPJ, isValidCPF } from '@brazilian-utils/brazilian-utils';
import { onlyDigits } from './text';

export const isCpf = (value: unknown): boolean => isValidCPF(onlyDigits(value));
export const isCnpj = (value: unknown): boolean => isValidCNPJ(onlyDigits(value));
