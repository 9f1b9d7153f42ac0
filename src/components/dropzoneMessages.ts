/** Drop-zone rejections in Portuguese (DESIGN section 9: the upload notices of SPEC 8, translated). */
import type { FileRejection } from 'react-dropzone';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function rejectionMessage(rejection: FileRejection, translate: Translate, maxSize: number): string {
  const reasons = rejection.errors
    .map((error) => {
      if (error.code === 'file-invalid-type') return translate('app.uploads.type');
      if (error.code === 'file-too-large') return translate('app.uploads.too_big', { size: maxSize.toLocaleString('pt-BR') });
      if (error.code === 'too-many-files') return translate('app.uploads.too_many');
      return error.message;
    })
    .join(' ');
  return translate('app.uploads.rejected', { name: rejection.file.name, reasons });
}

/** react-dropzone's `accept` map from a list of content types. */
export const acceptMap = (types: readonly string[]) => Object.fromEntries(types.map((type) => [type, [] as string[]]));
