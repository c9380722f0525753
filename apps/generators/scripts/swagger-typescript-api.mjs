// swagger-typescript-api through its documented generateApi(): the files it returns, written as they
// are. Its CLI prefixes each file with `// @ts-nocheck`, which no strict compile can then judge.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateApi } from 'swagger-typescript-api';

const [input, out] = process.argv.slice(2);
const { files } = await generateApi({
  input,
  output: false,
  fileName: 'Api.ts',
  httpClientType: 'fetch',
  silent: true,
});
mkdirSync(out, { recursive: true });
for (const file of files) writeFileSync(join(out, `${file.fileName}${file.fileExtension}`), file.fileContent);
