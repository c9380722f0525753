import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { loadDescription } from '@tas/openapi';
import { expect, it } from 'vitest';
import { useMock } from './helpers.js';

// The README's curl example, run as written by bash and curl against the real mock on a free port.
const run = promisify(execFile);
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const curls = [...readme.matchAll(/^(curl (?:.*\\\n)*.*)$/gm)].map((m) => m[1] as string);
const mock = useMock();

it('the README shows a curl example', () => {
  expect(curls.length).toBeGreaterThan(0);
});

it.each(curls)('%s answers the Prefer it names', async (command) => {
  const wanted = /Prefer: code=(\d{3}), example=(\w+)/.exec(command);
  expect(wanted).not.toBeNull();
  const line = command.replaceAll('http://localhost:4010', mock.url);
  expect(line).not.toBe(command);
  const { stdout } = await run('bash', ['-c', `${line} -s -w '\\n%{http_code}'`]);
  const [body, status] = stdout.split('\n');
  expect(status).toBe(wanted?.[1]);
  const example = loadDescription().components.examples?.[wanted?.[2] ?? ''] as { value?: unknown } | undefined;
  expect(JSON.parse(body ?? '')).toEqual(example?.value);
});
