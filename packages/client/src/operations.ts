import { basePath, operationTable } from './generated/operations.js';
import type { OperationId } from './types.js';

export { basePath, operationTable };

interface Route {
  operation: OperationId;
  method: string;
  matcher: RegExp;
}

const routes: Route[] = Object.entries(operationTable).map(([operation, { method, path }]) => ({
  operation: operation as OperationId,
  method,
  matcher: new RegExp(`${escapeRegExp(basePath)}${escapeRegExp(path).replace(/\\\{\w+\\\}/g, '[^/]+')}$`),
}));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
}

/** The operation a request is for, from its method and URL path; `undefined` outside the description. */
export function operationOf(method: string, pathname: string): OperationId | undefined {
  for (const route of routes) if (route.method === method && route.matcher.test(pathname)) return route.operation;
  return undefined;
}

/**
 * Calls that are safe to send again after a failure that may have reached the server (a lost
 * connection): only reads. An authentication would send a second SMS and count against the mobile
 * limit, a verify would spend one of the code's tries, a submit would answer 409 the second time.
 * A 429 is different: the server refused the call before acting on it, so any call is retried then.
 */
export function isSafeToRepeat(operation: OperationId | undefined, method: string): boolean {
  return (operation ? operationTable[operation].method : method) === 'GET';
}
