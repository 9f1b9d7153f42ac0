/** /v1/uploads: files stored as data URLs per (unid, documento). */
import type { UploadDocumento } from '../../domain/constants';
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

export const addUploads = (uploads: NewUpload[]) => apiFetch<Upload[]>('/v1/uploads', { method: 'POST', body: uploads });

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
