/**
 * The API's address from the deployment's, however a user pastes it: `http://host`, `http://host/`
 * and the API's own address `http://host/api/v2[/]` all give `http://host/api/v2` (as the
 * conformance CLI reads its --base-url).
 */
export function apiUrl(baseUrl: string, basePath: string): string {
  let out = baseUrl.trim().replace(/\/+$/, '');
  if (out.endsWith(basePath)) out = out.slice(0, -basePath.length).replace(/\/+$/, '');
  return `${out}${basePath}`;
}
