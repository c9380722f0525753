import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { JsonObject } from '@tas/openapi';
import { checkWritableFile, helpHint, parseFlags, UsageError } from '@tas/serve';
import { loadControlDescription } from '../control/description.js';
import { openDb } from '../store/db.js';
import { ensureSeed } from '../store/seed.js';
import { issueKey, type KeyMode, listKeys, revokeKey, type Shard } from './store.js';

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
  // `keys list | head`: the reader gone is the end of the listing, not a fault.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  const [action, ...rest] = args;
  const help = helpHint(command);
  const positional = action === 'revoke' ? rest[0] : undefined;
  const flags = parseFlags(
    { db: { type: 'string' }, mode: { type: 'string' }, label: { type: 'string' }, shard: { type: 'string' } },
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
      const issued = issueKey(db, mode, checkLabel(flags.label ?? ''), Date.now(), shardOf(flags.shard));
      process.stdout.write(`${issued.key}\n`);
      process.stderr.write(`key ${issued.id} (${issued.mode}) issued; it is shown this once, keep it\n`);
    } else if (action === 'list') {
      for (const k of listKeys(db))
        process.stdout.write(
          `${k.id}\t${k.mode}\t${k.created}\t${k.revoked ? `revoked ${k.revoked}` : 'active'}\t${printable(k.label)}\n`,
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

/** A label as the control API takes it (control.openapi.yaml's IssueKeyRequest: its length and pattern). */
function checkLabel(label: string): string {
  const schema = loadControlDescription().components?.schemas?.IssueKeyRequest as JsonObject;
  const rule = (schema.properties as { label: { maxLength: number; pattern: string } }).label;
  if ([...label].length > rule.maxLength || !new RegExp(rule.pattern, 'u').test(label))
    throw new UsageError(
      `--label ${JSON.stringify(label)} is not a label; give at most ${rule.maxLength} characters, no tab, line break or other control character`,
    );
  return label;
}

/** A label on one line of the listing whatever it holds (one written before labels were checked). */
const printable = (label: string) => label.replace(/\p{Cc}/gu, (c) => JSON.stringify(c).slice(1, -1));

/** `--shard N/M`: this database is the Nth of M sandbox processes behind nginx's `hash $http_api_key`. */
function shardOf(given: string | undefined): Shard | undefined {
  if (given === undefined) return undefined;
  const m = /^(\d{1,3})\/(\d{1,3})$/.exec(given);
  const [index, of] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
  if (index < 1 || index > of)
    throw new UsageError(
      `--shard ${given} is not a place; give N/M, this process's place N (1 to M) among M, as nginx lists them`,
    );
  return { index: index - 1, of };
}
