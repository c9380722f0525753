import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
const root = resolve(process.argv[2]);
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' || e.name==='node_modules' ? [] : tsFiles(p);
    return /\.(ts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}
const files = tsFiles(root);
const imp = (f: string) => ts.preProcessFile(readFileSync(f, 'utf8'), true, false).importedFiles.map((i) => i.fileName).filter((n) => n.startsWith('.')).map((n) => resolve(dirname(f), n.replace(/\.js$/, '.ts')));
const graph = new Map(files.map((f) => [f, imp(f).filter((g) => files.includes(g))]));
// D1: folder graph, direct edges
const fe = new Map<string, Set<string>>();
for (const [f, gs] of graph) for (const g of gs) { const F = dirname(f), G = dirname(g); if (F !== G) { if (!fe.has(F)) fe.set(F, new Set()); fe.get(F)!.add(G); } }
const r = (p: string) => relative(root, p) || '.';
console.log('D1 folder 2-cycles / reach-back:');
const reach = (a: string, b: string) => { const seen = new Set<string>(); const st = [a]; while (st.length) { const x = st.pop()!; if (x === b) return true; if (seen.has(x)) continue; seen.add(x); for (const y of fe.get(x) ?? []) st.push(y); } return false; };
for (const [f, gs] of graph) for (const g of gs) { const F = dirname(f), G = dirname(g); if (F !== G && reach(G, F)) console.log('  ', relative(root, f), '->', relative(root, g)); }
console.log('D3 file-level: g reaches back into F');
const under = (file: string, F: string) => file.startsWith(F + '/');
const reachesInto = (g: string, F: string) => { const seen = new Set<string>(); const st = [g]; while (st.length) { const x = st.pop()!; if (seen.has(x)) continue; seen.add(x); if (x !== g && under(x, F)) return true; for (const y of graph.get(x) ?? []) st.push(y); } return false; };
for (const [f, gs] of graph) for (const g of gs) { const F = dirname(f), G = dirname(g); if (F !== G && !under(g, F) && reachesInto(g, F)) console.log('  ', relative(root, f), '->', relative(root, g)); }
console.log('D2 sibling folders importing each other directly (lifted to children of common ancestor); child->ancestor file');
const lift = (F: string, G: string) => { const a = relative(root, F).split('/').filter(Boolean), b = relative(root, G).split('/').filter(Boolean); let i = 0; while (i < a.length && i < b.length && a[i] === b[i]) i++; return [a.slice(0, i + 1).join('/'), b.slice(0, i + 1).join('/'), i < a.length && i < b.length] as const; };
const sib = new Map<string, string[]>();
for (const [f, gs] of graph) for (const g of gs) { const [A, B, siblings] = lift(dirname(f), dirname(g)); if (siblings) { const k = `${A}|${B}`; sib.set(k, [...(sib.get(k) ?? []), `${relative(root, f)} -> ${relative(root, g)}`]); } }
for (const [k, v] of sib) { const [A, B] = k.split('|'); if (sib.has(`${B}|${A}`)) console.log('  ', k, v.join('; ')); }
