// npm run matrix:node22: the matrix on Node 22, from the npm package node@22 (npx fetches it), with the
// sandbox on this Node, the one better-sqlite3 was built for. Writes matrix.json's rows of Node 22.
import { execFileSync } from 'node:child_process';

export const NODE_22 = 'node@22.23.3';

if (import.meta.url === `file://${process.argv[1]}`)
  execFileSync(
    'npx',
    ['--yes', '-p', NODE_22, '--', 'node', '--import', 'tsx', 'src/cli.ts', '--sandbox-node', process.execPath],
    { stdio: 'inherit' },
  );
