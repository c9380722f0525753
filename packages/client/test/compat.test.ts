import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A partner's code written against @tas/client 2.0.0 (test/compat/usage-2.0.0.ts, which compiled
// against that release's types) compiles unchanged, strictly, against today's built package.
const usage = fileURLToPath(new URL('./compat/usage-2.0.0.ts', import.meta.url));

function program(): ts.Program {
  const configPath = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, fileURLToPath(new URL('..', import.meta.url)));
  return ts.createProgram([usage], { ...options, strict: true, noEmit: true });
}

describe('2.0.0-era usage of the public types', () => {
  const compiled = program();

  it('compiles with tsc --strict against the built package', () => {
    const diagnostics = ts
      .getPreEmitDiagnostics(compiled)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });

  it('is told that the schema name Record is deprecated (TestRecord), and nothing else', () => {
    const file = compiled.getSourceFile(usage);
    if (!file) throw new Error(`${usage} not in the program`);
    const deprecated = compiled
      .getSuggestionDiagnostics(file)
      .filter((d) => d.reportsDeprecated)
      .map((d) => file.text.slice(d.start, (d.start ?? 0) + (d.length ?? 0)));
    expect(new Set(deprecated)).toEqual(new Set(["'Record'"]));
  });
});
