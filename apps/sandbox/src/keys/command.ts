import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkWritableFile, helpHint, parseFlags, UsageError } from '@tas/serve';
import { openDb } from '../store/db.js';
import { ensureSeed } from '../store/seed.js';
import { issueKey, type KeyMode, listKeys, revokeKey } from './store.js';

/** The names a key file may set (NAME=value lines; # starts a comment). */
const KEY_NAMES = ['SANDBOX_KEY_SMS', 'SANDBOX_KEY_INSTANT', 'SANDBOX_HOST_KEY'] as const;
type KeyName = (typeof KEY_NAMES)[number];

/** Keys from a file, so that none is given as a flag (which shows in ps). */
export function readKeyFile(path: string, source: string): Partial<Record<KeyName, string>> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${source} ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}; give a file of NAME=value lines`,
    );
  }
  const keys: Partial<Record<KeyName, string>> = {};
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([A-Z_]+)\s*=\s*(\S+)$/.exec(line);
    if (!m || !KEY_NAMES.includes(m[1] as KeyName))
      throw new UsageError(
        `${source} ${path}, line ${i + 1}: expected NAME=value with NAME one of ${KEY_NAMES.join(', ')}`,
      );
    keys[m[1] as KeyName] = m[2] as string;
  }
  return keys;
}

/**
 * `keys issue|list|revoke --db PATH`: partner keys of a hosted sandbox, on its database file (a
 * running sandbox on that file takes a new key at once, and drops a revoked one). An in-memory
 * sandbox has no file: its host uses the control API with the host key.
 */
export async function runKeysCommand(command: string, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const help = helpHint(command);
  const positional = action === 'revoke' ? rest[0] : undefined;
  const flags = parseFlags(
    { db: { type: 'string' }, mode: { type: 'string' }, label: { type: 'string' } },
    positional === undefined ? rest : rest.slice(1),
    help,
  );
  if (action !== 'issue' && action !== 'list' && action !== 'revoke')
    throw new UsageError(`keys takes issue, list or revoke ID; see ${help}`);
  const given = flags.db ?? process.env.SANDBOX_DB;
  if (!given)
    throw new UsageError(
      'keys needs the sandbox database, --db PATH (or SANDBOX_DB); an in-memory sandbox takes keys through /__sandbox/keys/ with SANDBOX_HOST_KEY',
    );
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), given);
  checkWritableFile(path, flags.db ? '--db' : 'SANDBOX_DB');
  const db = openDb(path);
  try {
    ensureSeed(db, Date.now());
    if (action === 'issue') {
      const mode = (flags.mode ?? 'sms') as KeyMode;
      if (mode !== 'sms' && mode !== 'instant')
        throw new UsageError(`--mode ${mode} is not a mode; give sms or instant`);
      const issued = issueKey(db, mode, flags.label ?? '', Date.now());
      process.stdout.write(`${issued.key}\n`);
      process.stderr.write(`key ${issued.id} (${issued.mode}) issued; it is shown this once, keep it\n`);
    } else if (action === 'list') {
      for (const k of listKeys(db))
        process.stdout.write(
          `${k.id}\t${k.mode}\t${k.created}\t${k.revoked ? `revoked ${k.revoked}` : 'active'}\t${k.label}\n`,
        );
    } else {
      if (!positional || !/^[0-9a-f]{12}$/.test(positional))
        throw new UsageError(`keys revoke takes a key's id (12 hex digits, as keys list prints it); see ${help}`);
      const revoked = await revokeKey(db, positional, Date.now());
      if (!revoked) throw new UsageError(`no partner key ${positional}; keys list --db ${given} shows them`);
      process.stdout.write(`${revoked.id}\trevoked ${revoked.revoked}\n`);
    }
  } finally {
    db.close();
  }
}
