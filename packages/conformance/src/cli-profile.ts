// The edge of `tas-conformance profile`: reads and writes the files and URLs its flags name.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadDescription } from '@tas/openapi';
import { proposeFromText } from './profile/from-openapi.js';
import { profileYaml } from './profile/init.js';
import { parseProfile, profileSchema } from './profile/load.js';
import { defaultProfile } from './profile/resolve.js';
import type { ProfileInput } from './profile/types.js';
import { RunError } from './select.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** The file `profile init` writes when none is named. */
export const DEFAULT_PROFILE_FILE = 'tas-profile.yaml';
/** A description larger than this is not read (a published OpenAPI description is far smaller). */
const MAX_DESCRIPTION_BYTES = 10 * 1024 * 1024;
const FETCH_SECONDS = 30;

interface ProfileIo {
  out: (text: string) => void;
  fetch?: typeof fetch;
}

const SCHEMA_NOTE = 'JSON Schema: profile.schema.json in the @tas/conformance package';

/** `profile init [FILE]` and `profile --from-openapi URL|FILE [FILE]`. */
export async function profileCommand(io: ProfileIo, args: string[], fromOpenapi: string | undefined): Promise<number> {
  const [sub, ...rest] = args;
  const doc = loadDescription();
  const defaults = defaultProfile(doc);
  if (fromOpenapi !== undefined) {
    if (sub !== undefined && rest.length)
      throw new RunError(`profile --from-openapi takes one FILE to write, not ${args.join(' ')}`);
    const text = await readSource(fromOpenapi, io.fetch ?? fetch);
    const { profile, notes, unmapped } = proposeFromText(text, fromOpenapi, defaults);
    // What it could not map: settings it found no value for, and operations it found no use for.
    const unfound = Object.entries(notes).filter(([, n]) => n.startsWith('not found'));
    const couldNot = [
      ...unfound.map(([k, n]) => `${k}: ${n}`),
      ...unmapped.map((o) => `${o}: no operation the suite calls`),
    ];
    const listed = `Could not map (${couldNot.length}):${couldNot.map((c) => `\n  - ${c}`).join('') || ' nothing'}`;
    const yaml = profileYaml(
      profile,
      profileSchema(),
      [
        `tas-conformance ${version} deployment profile, proposed from ${fromOpenapi}.`,
        `Each value says where it came from ("from:"); what the description does not show stays the default,`,
        `with a note. Read it through before a run. ${SCHEMA_NOTE}.`,
        ...listed.split('\n'),
      ],
      notes,
    );
    parseProfile(yaml, 'the proposal');
    if (sub === undefined) {
      io.out(yaml);
      return 0;
    }
    writeNew(sub, yaml);
    io.out(
      `Wrote ${sub}: ${Object.keys(notes).length - unfound.length} settings read from the description, ${unfound.length} left at the default (${unfound.map(([k]) => k).join(', ') || 'none'}); pass --profile ${sub}\n${listed}\n`,
    );
    return 0;
  }
  if (sub !== 'init')
    throw new RunError(
      `profile ${sub ?? ''}: want profile init [FILE] or profile --from-openapi URL|FILE [FILE] (see tas-conformance profile --help)`.replace(
        'profile :',
        'profile:',
      ),
    );
  if (rest.length > 1) throw new RunError(`profile init takes one FILE, not ${rest.join(' ')}`);
  const file = rest[0] ?? DEFAULT_PROFILE_FILE;
  const yaml = profileYaml(defaults, profileSchema(), [
    `tas-conformance ${version} deployment profile: every open choice the suite needs to talk to your`,
    `deployment where the interface shows none. Each value below is the default (the description's choice).`,
    `Change what your deployment does otherwise; leave or delete the rest. ${SCHEMA_NOTE}.`,
    `Use it with: tas-conformance plan --profile ${file}, then tas-conformance run --profile ${file} ...`,
  ]);
  writeNew(file, yaml);
  io.out(
    `Wrote ${file}: every setting at its default; change what your deployment does otherwise, then pass --profile ${file}\n`,
  );
  return 0;
}

/** A profile file, read and validated; its problems each name the line and column. */
export function readProfile(path: string): ProfileInput {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new RunError(`--profile ${path}: cannot read the file`);
  }
  try {
    return parseProfile(text, path);
  } catch (error) {
    throw new RunError(`--profile ${path} does not read:\n${(error as Error).message}`);
  }
}

function writeNew(file: string, text: string) {
  if (existsSync(file)) throw new RunError(`${file}: the file exists; not overwritten`);
  writeFileSync(file, text, { flag: 'wx' });
}

async function readSource(source: string, fetcher: typeof fetch): Promise<string> {
  if (!/^https?:\/\//.test(source)) {
    try {
      return readFileSync(source, 'utf8');
    } catch {
      throw new RunError(`--from-openapi ${source}: cannot read the file (or give an http:// or https:// URL)`);
    }
  }
  let answer: Response;
  try {
    answer = await fetcher(source, {
      signal: AbortSignal.timeout(FETCH_SECONDS * 1000),
      headers: { accept: 'application/json, application/yaml, text/yaml, */*' },
    });
  } catch (error) {
    throw new RunError(`--from-openapi ${source}: no answer (${(error as Error).message})`);
  }
  if (!answer.ok) throw new RunError(`--from-openapi ${source}: answered ${answer.status}`);
  if (Number(answer.headers.get('content-length') ?? 0) > MAX_DESCRIPTION_BYTES)
    throw new RunError(`--from-openapi ${source}: larger than 10 MiB; not read`);
  const text = await answer.text();
  if (text.length > MAX_DESCRIPTION_BYTES) throw new RunError(`--from-openapi ${source}: larger than 10 MiB; not read`);
  return text;
}
