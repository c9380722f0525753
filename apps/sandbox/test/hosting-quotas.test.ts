// The bounds of a hosted sandbox are stated once (src/limits.ts); --help, the README and the control
// API's description say the same numbers.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { KEY_WORK, LIMITS_TEXT, PAGES, PARTNER_KEYS, QUOTAS, SMS_THROTTLE } from '../src/hosting-quotas.js';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const n = (x: number) => x.toLocaleString('en-US');

it('--help prints the bounds', () => {
  const cli = new URL('../src/cli.ts', import.meta.url).pathname;
  const run = spawnSync(process.execPath, ['--import', 'tsx', cli, '--help'], { encoding: 'utf8' });
  expect(run.stdout).toContain(LIMITS_TEXT);
});

it('control.openapi.yaml pages its lists at the stated sizes', () => {
  const doc = parse(read('control.openapi.yaml'));
  const pageSize = (path: string) =>
    doc.paths[path].get.parameters.find((p: { name: string }) => p.name === 'page_size').schema;
  expect(pageSize('/roadmaps/')).toMatchObject({ maximum: PAGES.roadmaps.max, default: PAGES.roadmaps.default });
  expect(pageSize('/sms/')).toMatchObject({ maximum: PAGES.outbox.max, default: PAGES.outbox.default });
  expect(doc.components.schemas.RoadmapList.properties.roadmaps.maxItems).toBe(PAGES.roadmaps.max);
  expect(doc.components.schemas.SmsOutbox.properties.messages.maxItems).toBe(PAGES.outbox.max);
  const text = doc.info.description.replace(/\s+/g, ' ');
  for (const q of Object.values(QUOTAS)) expect(text).toContain(n(q));
  expect(text).toContain(`${KEY_WORK.units} units of work in flight`);
});

it('the README states the same numbers', () => {
  const readme = read('README.md');
  for (const q of Object.values(QUOTAS)) expect(readme).toContain(`| ${n(q)} |`);
  expect(readme).toContain(`\`page_size\` 1 to ${PAGES.roadmaps.max}, default ${PAGES.roadmaps.default}`);
  expect(readme).toContain(`\`page_size\` 1 to ${PAGES.outbox.max}, default ${PAGES.outbox.default}`);
  expect(readme).toContain(`at most ${SMS_THROTTLE.codes} codes to one mobile per ${SMS_THROTTLE.windowSeconds} s`);
  expect(readme).toContain(
    `${KEY_WORK.units} units; a costly call (a list page, a roadmap, a reset) counts ${KEY_WORK.costly}`,
  );
  expect(readme).toContain(`at most ${KEY_WORK.waiting}`);
  // The database as a whole: the keys times their quotas.
  expect(readme).toContain(
    `at most ${n(PARTNER_KEYS * QUOTAS.records)} records, ${n(PARTNER_KEYS * QUOTAS.roadmaps)} roadmaps and ${n(PARTNER_KEYS * QUOTAS.outbox)}`,
  );
});
