import { readFileSync, writeFileSync } from 'node:fs';
import { Document, parseDocument } from 'yaml';
import { type Addresses, hostedProse, type Publisher } from '../guide/addresses.js';
import { asTheDescription } from '../guide/assumptions.js';

/**
 * Redoc 3 takes a server URL that starts with a variable (`{base_url}/api/v2`) for a relative one:
 * after a deep link its Servers panel shows `…/reference.html/{base_url}/api/v2`. The page is
 * rendered from a copy whose server URLs have their variables' defaults put in
 * (`https://tas.example/api/v2`), as Redoc 2's `expandDefaultServerVariables` did; the variables
 * stay listed with their descriptions. The downloadable description is left as it is.
 */
export function expandServerDefaults(from: string, to: string, addresses?: Addresses): void {
  // Built for a hosted sandbox or mock, the reference speaks of them (its Servers text, the control API's server).
  // Its prose says "we" for the description's authors: a partner reads the description's decisions.
  const text = asTheDescription(readFileSync(from, 'utf8'));
  const doc = parseDocument(addresses ? hostedProse(text, addresses) : text);
  const servers = doc.toJS().servers as { url: string; variables?: Record<string, { default?: string }> }[] | undefined;
  servers?.forEach((server, i) => {
    const url = server.url.replace(/\{(\w+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
    doc.setIn(['servers', i, 'url'], url);
  });
  // A hosted sandbox or mock the site was built for: one more server each, to pick in the panel (the
  // control API's own server is the hosted sandbox's already).
  const api = servers?.some((s) => s.url.endsWith('/api/v2'));
  for (const name of ['sandbox', 'mock'] as const)
    if (api && addresses?.hosted[name])
      doc.addIn(['servers'], { url: `${addresses[name]}/api/v2`, description: `The hosted ${name}` });
  withPublisher(doc, addresses ?? {});
  writeFileSync(to, doc.toString());
}

/**
 * A description a partner downloads (`.yaml` or `.json`), copied with the contact and licence the build
 * was given (`withPublisher`): never the description's placeholder support address or `LicenseRef-`.
 */
export function copyPublished(from: string, to: string, publisher: Publisher): void {
  const text = readFileSync(from, 'utf8');
  const json = to.endsWith('.json');
  const doc = json ? new Document(JSON.parse(text)) : parseDocument(text);
  withPublisher(doc, publisher);
  writeFileSync(to, json ? `${JSON.stringify(doc.toJS(), null, 2)}\n` : doc.toString());
}

/**
 * The contact and licence a partner reads on the reference and in every download: the ones the build was given, else none
 * (the description's support address is a placeholder) and the licence's name without its
 * `LicenseRef-` identifier, which Redoc would show in its place.
 */
export function withPublisher(doc: Document, publisher: Publisher): void {
  const info = doc.toJS().info as { contact?: { name?: string }; license?: { name?: string } } | undefined;
  if (!info) return;
  const { supportUrl, supportEmail, licenseName, licenseUrl } = publisher;
  if (supportUrl || supportEmail)
    doc.setIn(['info', 'contact'], {
      name: info.contact?.name ?? 'Partner support',
      ...(supportUrl ? { url: supportUrl } : {}),
      ...(supportEmail ? { email: supportEmail } : {}),
    });
  else doc.deleteIn(['info', 'contact']);
  const name = licenseName ?? info.license?.name;
  if (name) doc.setIn(['info', 'license'], { name, ...(licenseUrl ? { url: licenseUrl } : {}) });
}
