// npm run matrix:quick-start:node22: the quick-start run on Node 22 (npm itself then runs on Node 22, so it
// picks the versions a Node 22 partner gets), the sandbox on this Node, the one better-sqlite3 was built for.
import { execFileSync } from 'node:child_process';
import { NODE_22 } from './node22.mjs';

execFileSync(
  'npx',
  [
    '--yes',
    '-p',
    NODE_22,
    '--',
    'node',
    '--import',
    'tsx',
    'src/quick-start-cli.ts',
    '--sandbox-node',
    process.execPath,
  ],
  { stdio: 'inherit' },
);
