import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenApiDocument } from '@tas/openapi';
import { parse } from 'yaml';
import { compareVersions } from './semver.js';

/** The released descriptions kept in the repository (`releases/<version>.yaml`), oldest first. */
export function listReleases(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d+\.\d+\.\d+\.yaml$/.test(f))
    .map((f) => f.replace(/\.yaml$/, ''))
    .sort(compareVersions);
}

export function loadRelease(dir: string, version: string): OpenApiDocument {
  return parse(readFileSync(join(dir, `${version}.yaml`), 'utf8')) as OpenApiDocument;
}
