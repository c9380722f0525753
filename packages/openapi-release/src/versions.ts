import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The packages a release packs; each carries the description's MAJOR.MINOR (.changeset/README.md). */
export const PACKAGES = ['packages/client', 'packages/conformance'];

const minorOf = (version: string) => version.split('.').slice(0, 2).join('.');

/** One line per package of the repository at `root` whose version does not carry `contract`'s MAJOR.MINOR, naming the fix. */
export function packageVersionProblems(root: string, contract: string): string[] {
  const wrong = PACKAGES.map((dir) => {
    const { name, version } = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    return { dir, name, version };
  }).filter((p) => minorOf(p.version) !== minorOf(contract));
  if (!wrong.length) return [];
  const bump = wrong.some((p) => Number(p.version.split('.')[0]) !== Number(contract.split('.')[0]))
    ? 'major'
    : 'minor';
  const names = wrong.map((p) => p.name).join(' and ');
  return [
    ...wrong.map(
      (p) =>
        `${p.dir}/package.json is ${p.name}@${p.version}, but the description is ${contract}: ` +
        `the release would pack tas-${p.dir.split('/')[1]}-${p.version}.tgz`,
    ),
    `to fix: npx changeset (pick ${names}, ${bump}, describe the contract ${minorOf(contract)}), then ` +
      `npx changeset version, check that ${wrong.map((p) => p.dir).join(' and ')} are ${minorOf(contract)}.x, ` +
      'commit, and run npm run release again (.changeset/README.md)',
  ];
}
