import { deploymentUrl } from './base-url.js';
import { basePath, mediaBase } from './generated/operations.js';

/**
 * The URL of a question's or an option's `image` or `audio`, as the description says a media path
 * resolves (`info.x-media-base`, an assumption: the deployment's base address followed by `/`).
 * `baseUrl` is the one the client was made with (`http://host` or `http://host/api/v2`); a path
 * that is already a URL is kept, and `null` (no media) stays `null`. Media need no API key: put the
 * URL in an `<img src>` or `<audio src>` as it is.
 */
export function mediaUrl(path: string, baseUrl: string): string;
export function mediaUrl(path: string | null, baseUrl: string): string | null;
export function mediaUrl(path: string | null, baseUrl: string): string | null {
  if (path === null) return null;
  const deployment = deploymentUrl(baseUrl, basePath);
  return new URL(path, mediaBase.replace('{base_url}', deployment)).href;
}
