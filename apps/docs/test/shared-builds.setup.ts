import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

// A folder for this run's builds that several test files read (published-site.ts): made fresh for
// each run, so no build of an earlier run (or of other sources) is ever read, and removed after it.
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tas-docs-shared-'));
  project.provide('sharedBuilds', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedBuilds: string;
  }
}
