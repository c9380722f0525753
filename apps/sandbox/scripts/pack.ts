// npm run build -w @tas/sandbox: the sandbox as a tarball a partner installs (bin tas-sandbox), in dist/.
import { fileURLToPath } from 'node:url';
import { packServer } from '@tas/serve/pack';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const { tarball } = await packServer({
  dir: here('..'),
  bin: 'tas-sandbox',
  entry: 'src/cli.ts',
  // control/description.ts reads it two folders up from dist/lib/.
  files: [[here('../control.openapi.yaml'), 'control.openapi.yaml']],
  readme: here('../PACKAGE-README.md'),
});
console.log(`sandbox: packed ${tarball}`);
