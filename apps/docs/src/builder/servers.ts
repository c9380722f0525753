import { readFileSync, writeFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import type { Addresses } from '../guide/addresses.js';

/**
 * Redoc 3 takes a server URL that starts with a variable (`{base_url}/api/v2`) for a relative one:
 * after a deep link its Servers panel shows `…/reference.html/{base_url}/api/v2`. The page is
 * rendered from a copy whose server URLs have their variables' defaults put in
 * (`https://tas.example/api/v2`), as Redoc 2's `expandDefaultServerVariables` did; the variables
 * stay listed with their descriptions. The downloadable description is left as it is.
 */
export function expandServerDefaults(from: string, to: string, addresses?: Addresses): void {
  const doc = parseDocument(readFileSync(from, 'utf8'));
  const servers = doc.toJS().servers as { url: string; variables?: Record<string, { default?: string }> }[] | undefined;
  servers?.forEach((server, i) => {
    const url = server.url.replace(/\{(\w+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
    doc.setIn(['servers', i, 'url'], url);
  });
  // A hosted sandbox or mock the site was built for: one more server each, to pick in the panel.
  for (const name of ['sandbox', 'mock'] as const)
    if (addresses?.hosted[name])
      doc.addIn(['servers'], { url: `${addresses[name]}/api/v2`, description: `The hosted ${name}` });
  writeFileSync(to, doc.toString());
}
