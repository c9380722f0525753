import { basePath as apiPath } from './generated/operations.js';

/**
 * The deployment's address (scheme, host and any path before the API's), however a user pastes
 * it: `http://host`, `http://host/` and the API's own address `http://host/api/v2[/]` all give
 * `http://host`. The conformance suite reads its --base-url with this very function.
 */
export function deploymentUrl(url: string, basePath: string = apiPath): string {
  let out = url.trim().replace(/\/+$/, '');
  if (out.endsWith(basePath)) out = out.slice(0, -basePath.length).replace(/\/+$/, '');
  return out;
}

/** The API's address from the deployment's, pasted in any of those forms: `http://host/api/v2`. */
export function apiUrl(baseUrl: string, basePath: string = apiPath): string {
  return `${deploymentUrl(baseUrl, basePath)}${basePath}`;
}
