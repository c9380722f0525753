import type { Kind, TargetChoice } from './config.js';

/**
 * Addresses a person added by hand on the page (a sandbox on their own network, their operator's), kept
 * in this browser (localStorage: for later visits too, until "Forget this address"): typed on the page,
 * never taken from a link. The page's policy script reads POLICY_KEY before anything else runs and allows
 * exactly these (src/builder/page-policy.ts), so an address takes effect once the page is loaded again;
 * REOPEN says which panel to open then (for this tab only). No key is kept with them.
 */
export const POLICY_KEY = 'tas-tryit:added';
const TARGETS_KEY = 'tas-tryit:added-targets';
export const REOPEN_KEY = 'tas-tryit:reopen';

const store = (kind: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | undefined => {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
};

/** The CSP source for an address: its origin, or the prefix under it (`https://host/tas/` allows that path only). */
export function sourceOf(url: URL): string {
  const path = url.pathname.replace(/\/+$/, '');
  return path ? `${url.origin}${path}/` : url.origin;
}

/** The address as the panel calls it, or why it cannot be added. */
export function parseAddress(text: string): URL | string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return `"${text.trim()}" is not an address: give one like http://192.168.1.50:4020 or https://sandbox.example.org`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only an http:// or https:// address can be added.';
  if (url.username || url.password || url.search || url.hash)
    return 'Give the server\'s address alone: no user, no "?" query and no "#" part.';
  if (!/^[A-Za-z0-9._~/-]*$/.test(url.pathname))
    return 'The path may hold letters, digits, ".", "_", "~", "-" and "/" only.';
  return url;
}

export function addedTargets(): TargetChoice[] {
  try {
    const list = JSON.parse(store()?.getItem(TARGETS_KEY) ?? '[]') as { url: string; kind: Kind }[];
    return list.map((t) => ({
      id: `added:${t.url}`,
      label: `Added: ${t.kind} at ${t.url.replace(/^https?:\/\//, '')}`,
      url: t.url,
      kind: t.kind,
      local: false,
    }));
  } catch {
    return [];
  }
}

function save(targets: { url: string; kind: Kind }[]): void {
  store()?.setItem(TARGETS_KEY, JSON.stringify(targets));
  store()?.setItem(POLICY_KEY, JSON.stringify([...new Set(targets.map((t) => sourceOf(new URL(t.url))))]));
}

/** Adds an address (and says which panel to open again once the page has its new policy). */
export function addTarget(url: URL, kind: Kind, reopen: string | undefined): string {
  const base = url.href.replace(/\/+$/, '');
  const others = addedTargets()
    .filter((t) => t.url !== base)
    .map((t) => ({ url: t.url, kind: t.kind }));
  save([...others, { url: base, kind }]);
  if (reopen) store('sessionStorage')?.setItem(REOPEN_KEY, reopen);
  return `added:${base}`;
}

export function forgetTarget(id: string, reopen: string | undefined): void {
  save(
    addedTargets()
      .filter((t) => t.id !== id)
      .map((t) => ({ url: t.url, kind: t.kind })),
  );
  if (reopen) store('sessionStorage')?.setItem(REOPEN_KEY, reopen);
}

/** What the page opens (`op:<id>`, `journey:<id>`): set by main.ts, kept across the reload an address needs. */
export let opened: string | undefined;
export const setOpened = (what: string) => {
  opened = what;
};
