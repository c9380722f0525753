// x-assumed elements, and x-assumed-responses entries, must say why in their own words.
export default function assumedReason(target, options) {
  if (options?.responses) {
    const assumed = target?.['x-assumed-responses'] ?? {};
    return Object.entries(assumed).flatMap(([status, reason]) => {
      const out = [];
      if (!target.responses?.[status])
        out.push({ message: `x-assumed-responses names ${status}, which the operation does not answer` });
      if (typeof reason !== 'string' || reason.length < 10)
        out.push({ message: `x-assumed-responses ${status} has no reason` });
      return out;
    });
  }
  return /Assumed:/.test(target?.description ?? '')
    ? []
    : [{ message: 'x-assumed element lacks an "Assumed:" reason in its description' }];
}
