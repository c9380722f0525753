import { type Assumption, isAssumed, type Operation } from '@tas/openapi';

/** Does any element a check rests on carry the description's x-assumed? */
export function basisIsAssumed(basis: string[], operations: Operation[], assumptions: Assumption[]): boolean {
  return basis.some((entry) => {
    if (entry.startsWith('/')) return isAssumed(assumptions, entry);
    const [operationId, status] = entry.split(' ');
    const operation = operations.find((o) => o.operationId === operationId);
    if (!operation) throw new Error(`basis names an unknown operation: ${entry}`);
    if (status === undefined) return operation.assumed;
    const spec = operation.responses[status];
    if (!spec) throw new Error(`basis names an undocumented status: ${entry}`);
    return operation.assumed || spec.assumed;
  });
}
