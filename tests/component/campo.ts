/** The técnico's phone (/campo) in component tests: who is signed in, and what each test starts from. */
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { setSessionUser } from '../../src/authProvider';
import { fechar } from '../../src/campo/fila';

export const TECNICO = { id: 5, name: 'Téo Técnico', acesso: 3, nivel: '3' };

/**
 * Before each test: the técnico signed in, a phone with nothing kept (the queue closed, a fresh
 * IndexedDB), and a signature canvas that stays empty (the test DOM draws nothing).
 */
export async function freshTecnicoPhone() {
  setSessionUser(TECNICO);
  await fechar();
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
}
