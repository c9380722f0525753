import { createValidator, listAssumptions, listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { mutations } from '../src/mutations.js';

const doc = loadDescription();
const validator = createValidator(doc);
const withBodies = listOperations(doc).filter((o) => o.requestBody);

describe('request mutations', () => {
  it.each(withBodies.map((o) => [o.operationId, o] as const))(
    '%s: the example is valid and every mutation is not',
    (_id, operation) => {
      const body = operation.requestBody as NonNullable<typeof operation.requestBody>;
      const example = Object.values(body.examples)[0];
      expect(validator.validate(body.schemaPointer, example).valid).toBe(true);
      const broken = mutations(doc, listAssumptions(doc), body.schemaPointer, example);
      expect(broken.length).toBeGreaterThanOrEqual(5);
      for (const m of broken) expect(validator.validate(body.schemaPointer, m.body).valid, m.label).toBe(false);
    },
  );

  it('marks constraints of assumed schemas as assumed, stated ones not', () => {
    const roadmap = withBodies.find((o) => o.operationId === 'authenticateRoadmap');
    const body = roadmap?.requestBody as NonNullable<NonNullable<typeof roadmap>['requestBody']>;
    const broken = mutations(doc, listAssumptions(doc), body.schemaPointer, Object.values(body.examples)[0]);
    const byLabel = Object.fromEntries(broken.map((m) => [m.label, m.assumed]));
    expect(byLabel['/mobile: breaks pattern ^09[0-9]{9}$']).toBe(false);
    expect(byLabel['/roles: fewer than minItems 1']).toBe(false);
    // The issue's own cases: a 10-digit mobile and a Latin name are sent, each alone.
    const body10 = broken.find((m) => m.label === '/mobile: shorter than minLength 11')?.body as { mobile: string };
    expect(body10.mobile).toMatch(/^09\d{8}$/);
    const latin = broken.find((m) => /^\/roles\/0\/profile\/name: breaks pattern .*\(Latin letters\)$/.test(m.label));
    const roles = (latin?.body as { roles?: { profile: { name: string } }[] } | undefined)?.roles;
    expect(roles?.[0]?.profile.name).toMatch(/^[A-Za-z ]+$/);
    const verify = withBodies.find((o) => o.operationId === 'verifyRecordAuth');
    const verifyBody = verify?.requestBody as NonNullable<NonNullable<typeof verify>['requestBody']>;
    const code = mutations(doc, listAssumptions(doc), verifyBody.schemaPointer, Object.values(verifyBody.examples)[0]);
    expect(code.find((m) => m.label.startsWith('/code: breaks pattern'))?.assumed).toBe(true);
  });
});
