/**
 * The deployment's scheme and host, however a user pastes it: `http://host`, `http://host/` and the
 * API's own address `http://host/api/v2[/]` all name the same deployment.
 */
export function normalizeBaseUrl(url: string, basePath = '/api/v2'): string {
  let out = url.trim().replace(/\/+$/, '');
  if (out.endsWith(basePath)) out = out.slice(0, -basePath.length).replace(/\/+$/, '');
  return out;
}
