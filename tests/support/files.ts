/** Real file bytes for upload tests: a 1×1 PNG, a minimal PDF, and a text file posing as an image. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF_MINIMAL = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const TEXT_FILE = Buffer.from('isto não é uma imagem, apenas texto\n');

export const dataUrl = (type: string, data: Buffer) => `data:${type};base64,${data.toString('base64')}`;

/** A PNG signature followed by padding, `size` bytes long. */
export function pngOfSize(size: number): Buffer {
  const buffer = Buffer.alloc(size);
  PNG_1PX.copy(buffer);
  return buffer;
}
