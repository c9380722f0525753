import type { Http } from './http/client.js';
import { TimeoutError } from './http/client.js';
import { RunError } from './select.js';

/**
 * The first request of a run: the listing with the run's key (and the other key, when given). A key
 * the target refuses (401 or 403) stops the run before any check, instead of failing every check on
 * the way; any other answer lets the checks judge it.
 */
export async function checkKeys(http: Http, listingUrl: string, other: boolean): Promise<void> {
  const refs = other ? (['main', 'other'] as const) : (['main'] as const);
  for (const key of refs) {
    let status: number;
    try {
      status = (await http.send({ method: 'GET', url: listingUrl, key, headers: {} }, '__key-check')).response.status;
    } catch (error) {
      if (error instanceof TimeoutError) return; // the checks meet it again, and count it
      throw error;
    }
    if (status === 401 || status === 403)
      throw new RunError(
        `the API key was refused (${status} from GET ${listingUrl} with ${key === 'main' ? '--api-key' : '--other-api-key'}); no check ran`,
      );
  }
}
