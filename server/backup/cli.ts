/**
 * `npm run backup [-- --out FILE]` and `npm run restore -- FILE [--senha SENHA]` (README, "Backup e
 * restauração"). The same environment as `npm start` (DATA_DIR, DATABASE_URL, TOTP_KEY, BACKUP_DIR).
 * An encrypted backup (downloaded with a passphrase, backup/cifra.ts) needs it: `--senha`, else
 * BACKUP_SENHA, else a question on the terminal (typed without echo).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { readEnv } from '../regras/config';
import { backupName, BackupError, createBackup } from './backup';
import { restoreBackup } from './restauracao';
import { isEncrypted } from './cifra';
import { askRunningApp } from './local';

const env = readEnv();
const [command, ...args] = process.argv.slice(2);

function outArg(): string {
  const at = args.indexOf('--out');
  if (at >= 0 && args[at + 1]) return path.resolve(args[at + 1]);
  return path.resolve(env.BACKUP_DIR ?? '.', backupName());
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

async function backup() {
  const out = outArg();
  const started = Date.now();
  let made: { arquivo: string; bytes: number } | null = null;
  if (!env.DATABASE_URL) made = await askRunningApp(env.DATA_DIR, out);
  if (made) console.log('O app em execução fez o backup (ele detém o banco embutido).');
  else made = await createBackup({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, keyFromEnv: Boolean(env.TOTP_KEY) }, out);
  console.log(`Backup gravado em ${made.arquivo} (${mb(made.bytes)}, ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  if (env.TOTP_KEY) console.log('A chave da 2FA vem de TOTP_KEY e NÃO está no arquivo: guarde-a junto dos backups.');
}

/** The passphrase typed on the terminal, not echoed. */
function askSenha(): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput.bind(rl);
    let asked = false;
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
      if (!asked) write(text);
    };
    rl.question('Senha do backup: ', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    asked = true;
  });
}

async function senhaFor(file: string): Promise<string | undefined> {
  const at = args.indexOf('--senha');
  if (at >= 0) return args[at + 1] ?? '';
  if (process.env.BACKUP_SENHA) return process.env.BACKUP_SENHA;
  if ((await isEncrypted(file)) && process.stdin.isTTY) return askSenha();
  return undefined;
}

async function restore() {
  const at = args.indexOf('--senha');
  const file = args.find((arg, i) => !arg.startsWith('--') && !(at >= 0 && i === at + 1));
  if (!file) throw new BackupError('Informe o arquivo: npm run restore -- ARQUIVO [--senha SENHA]');
  const resolved = path.resolve(file);
  const senha = existsSync(resolved) ? await senhaFor(resolved) : undefined;
  const started = Date.now();
  const manifesto = await restoreBackup(resolved, { url: env.DATABASE_URL, dataDir: env.DATA_DIR, senha });
  console.log(
    `Backup de ${manifesto.criadoEm} restaurado em ${env.DATABASE_URL ? 'PostgreSQL' : env.DATA_DIR} (${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
  if (manifesto.chave === 'ambiente')
    console.log('Este backup usava TOTP_KEY: defina a mesma TOTP_KEY antes de iniciar, ou a 2FA dos usuários não funcionará.');
  console.log('Inicie com npm start.');
}

try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore();
  else throw new BackupError('Uso: backup [--out ARQUIVO] | restore ARQUIVO');
  process.exit(0);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `Falhou: ${(error as Error).message}`);
  process.exit(1);
}
