import { stringify } from 'yaml';
import type { DeploymentProfile } from './types.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A YAML value on one line: templates in flow style, strings quoted only where YAML needs it. */
const inline = (value: unknown) => stringify(value, { collectionStyle: 'flow', lineWidth: 0 }).trim();

/**
 * The profile as YAML, each setting under the schema's description of it as a comment: `profile
 * init` writes the defaults so; `profile --from-openapi` writes a proposal, with `notes` (where each
 * value came from) beside its setting.
 */
export function profileYaml(
  profile: DeploymentProfile,
  schema: Json,
  header: string[],
  notes: Record<string, string> = {},
): string {
  const lines = header.map((h) => `# ${h}`.trimEnd());
  const describe = (node: Json | undefined, indent: string) => {
    const text = typeof node?.description === 'string' ? node.description : undefined;
    if (text) for (const line of wrap(text, 96 - indent.length)) lines.push(`${indent}# ${line}`);
  };
  const resolve = (node: unknown): Json | undefined => {
    if (!isObject(node)) return undefined;
    if (typeof node.$ref === 'string') {
      const target = (schema.definitions as Json)[node.$ref.split('/').pop() as string] as Json;
      return { ...target, ...node, $ref: undefined };
    }
    return node;
  };
  const walk = (value: unknown, node: Json | undefined, indent: string, key: string, at: string) => {
    const props = isObject(node?.properties) ? (node.properties as Json) : undefined;
    // An empty group (a mode's successes) is one line: `{}`.
    if (props && isObject(value) && Object.keys(value).length && !at.startsWith('requests.')) {
      if (indent === '') lines.push('');
      describe(node, indent);
      lines.push(`${indent}${key}:`);
      for (const [k, v] of Object.entries(value)) walk(v, resolve(props[k]), `${indent}  `, k, at ? `${at}.${k}` : k);
      return;
    }
    if (indent === '') lines.push('');
    describe(node, indent);
    if (notes[at]) lines.push(`${indent}# from: ${notes[at]}`);
    lines.push(`${indent}${key}: ${inline(value)}`);
  };
  const top = schema.properties as Json;
  for (const [k, v] of Object.entries(profile)) walk(v, resolve(top[k]), '', k, k);
  return `${lines.join('\n')}\n`;
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}
