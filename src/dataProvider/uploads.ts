/** /v1/uploads: files stored as data URLs per (unid, documento). */
import { MAX_UPLOAD_BYTES, type UploadDocumento } from '../../domain/constants';
import { apiFetch } from './http';
import type { ListReply } from './query';

export interface Upload {
  id: number;
  unid: number;
  userId?: number;
  documento: UploadDocumento;
  name: string;
  type: string;
  size?: number;
  base64: string;
}

export type NewUpload = Pick<Upload, 'unid' | 'documento' | 'name' | 'type' | 'base64'>;

export async function listUploads(unid: number | string, documento: UploadDocumento): Promise<Upload[]> {
  const query = new URLSearchParams({ unid: String(unid), documento, pageSize: '100' });
  const reply = await apiFetch<ListReply<Upload>>(`/v1/uploads?${query}`);
  return reply?.Items ?? [];
}

/** A file's decoded size, from its data URL's base64 length. */
const decodedSize = (upload: NewUpload) => Math.floor(((upload.base64.length - upload.base64.indexOf(',') - 1) * 3) / 4);

/**
 * Sends files in as few requests as the server takes: at most 10 files and 5,000,000 bytes of files
 * a request (the server keeps its memory bounded so), each group stored whole or not at all.
 */
export async function addUploads(uploads: NewUpload[]): Promise<Upload[]> {
  const groups: NewUpload[][] = [];
  let bytes = 0;
  for (const upload of uploads) {
    const size = decodedSize(upload);
    const last = groups.at(-1);
    if (last && last.length < 10 && bytes + size <= MAX_UPLOAD_BYTES) {
      last.push(upload);
      bytes += size;
    } else {
      groups.push([upload]);
      bytes = size;
    }
  }
  const saved: Upload[] = [];
  for (const group of groups) saved.push(...((await apiFetch<Upload[]>('/v1/uploads', { method: 'POST', body: group })) ?? []));
  return saved;
}

export const replaceUpload = (upload: Upload) => apiFetch<Upload[]>('/v1/uploads', { method: 'PUT', body: [upload] });

export const deleteUpload = (id: number) => apiFetch<Upload>(`/v1/uploads/${id}`, { method: 'DELETE' });

export function fileToDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export async function toNewUploads(files: File[], unid: number, documento: UploadDocumento): Promise<NewUpload[]> {
  return Promise.all(files.map(async (file) => ({ unid, documento, name: file.name, type: file.type, base64: await fileToDataUrl(file) })));
}
