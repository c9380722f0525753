import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A partner's code written against @tas/client 2.0.0 (test/compat/usage-2.0.0.ts, which compiled
// against that release's types) compiles unchanged, strictly, against today's built package.
const usage = fileURLToPath(new URL('./compat/usage-2.0.0.ts', import.meta.url));

/** A language service over the usage file alone, with the package's strict options: a partner's editor. */
function service(): ts.LanguageService {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { config } = ts.readConfigFile(`${root}tsconfig.json`, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const read = (file: string) => ts.sys.readFile(file);
  return ts.createLanguageService({
    getCompilationSettings: () => ({ ...options, strict: true, noEmit: true }),
    getScriptFileNames: () => [usage],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => {
      const text = read(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => root,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: read,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  });
}

describe('2.0.0-era usage of the public types', () => {
  const editor = service();

  it('compiles with tsc --strict against the built package', () => {
    const compiled = editor.getProgram();
    if (!compiled) throw new Error('no program');
    const diagnostics = ts
      .getPreEmitDiagnostics(compiled)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });

  it('is told that the schema name Record is deprecated (TestRecord), and nothing else', () => {
    const text = ts.sys.readFile(usage) ?? '';
    const deprecated = editor
      .getSuggestionDiagnostics(usage)
      .filter((d) => d.reportsDeprecated)
      .map((d) => text.slice(d.start, d.start + d.length));
    expect(new Set(deprecated)).toEqual(new Set(["'Record'"]));
  });
});
