/** The part of unzipper 0.10 the XLSX import uses (importacao/planilha.ts); the package ships no types. */
declare module 'unzipper' {
  import type { Duplex, PassThrough } from 'node:stream';
  export interface Entry extends PassThrough {
    path: string;
    type: 'File' | 'Directory';
    autodrain(): void;
  }
  export function Parse(options?: { forceStream?: boolean }): Duplex;
  const unzipper: { Parse: typeof Parse };
  export default unzipper;
}
