// npm run build -w @tas/mock: the mock as a tarball a partner installs (bin tas-mock), in dist/.
import { fileURLToPath } from 'node:url';
import { packServer } from '@tas/serve/pack';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const { tarball } = await packServer({
  dir: here('..'),
  bin: 'tas-mock',
  entry: 'src/cli.ts',
  readme: here('../PACKAGE-README.md'),
});
console.log(`mock: packed ${tarball}`);
