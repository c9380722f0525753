import type { HttpRequest } from '../types.js';

/** Environment variables the curl lines read the keys from; the keys themselves are never printed. */
export const KEY_ENV = { main: 'TAS_API_KEY', other: 'TAS_OTHER_API_KEY' } as const;

/** A curl command that repeats the request, reading the API key from an environment variable. */
export function toCurl(request: HttpRequest): string {
  const parts = ['curl', '-i', '-X', request.method, quote(request.url)];
  if (request.key === 'main' || request.key === 'other') parts.push('-H', `"API-KEY: $${KEY_ENV[request.key]}"`);
  else if (request.key !== 'none') parts.push('-H', quote(`API-KEY: ${request.key.literal}`));
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', quote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data-raw', quote(request.body));
  return parts.join(' ');
}

function quote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
