import { parseArgs } from 'node:util';
import { buildSite } from '../build/site.js';
import { defaultSiteOptions } from '../paths.js';

const HELP = `Usage: npm run build -w @tas/docs [-- --out <dir>]

Builds the documentation site into one self-contained static folder (default apps/docs/dist/):
index.html (getting started), reference.html (Redoc), sandbox-control.html (when the sandbox's
control API description exists), openapi.yaml, openapi.json and arazzo/*.arazzo.yaml.

Options:
  --out <dir>   output folder
  -h, --help    show this help`;

const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const options = { ...defaultSiteOptions(), ...(values.out ? { outDir: values.out } : {}) };
const summary = await buildSite({ ...options, log: (line) => console.log(`docs: ${line}`) });
console.log(
  `docs: built ${options.outDir} for version ${summary.version}: ${summary.operations} operations, ` +
    `${summary.assumptions} assumptions, ${summary.clientExamples.length} client examples, ` +
    `${summary.arazzo.length} workflows${summary.control ? ', sandbox control API' : ''}`,
);
