import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenApiDocument } from '@tas/openapi';
import { convertTo30 } from '../src/builder/openapi30/convert.js';
import { postmanCollection } from '../src/builder/postman.js';
import { workingDir } from '../src/builder/versions.js';
import { DOWNLOADS } from '../src/guide/downloads.js';

/**
 * The Postman collection the downloads page offers for the working description, as a partner downloads
 * it: the file of the site turbo built before the tests; a bare `vitest run` without it converts the
 * description as the build does.
 */
export async function offeredCollection(doc: OpenApiDocument): Promise<Record<string, unknown>> {
  const file = join(workingDir(fileURLToPath(new URL('../dist', import.meta.url))), DOWNLOADS.collection);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const json = doc as unknown as Record<string, unknown>;
  return postmanCollection(await convertTo30(json), json);
}
