// Interface § "States and transitions": status values, each transition row and rules 1 to 3.
import { describe, expect, it } from 'vitest';
import { description, doc, op, prop, schema } from './helpers.js';

const info = () => String(doc.info.description);
const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('record status values', () => {
  it.each([
    [0, 'VIP wait'],
    [1, 'finished'],
    [2, 'ready'],
  ])('status %i means %s', (value, meaning) => {
    const status = prop(schema('TestRecord'), 'status') ?? {};
    expect(status.enum).toContain(value);
    expect((status['x-enumDescriptions'] as Record<string, string>)[String(value)]).toBe(meaning);
    expect(status.description).toContain(`\`${value}\` ${meaning}`);
  });
});

describe('transitions, written where partners read them', () => {
  it.each([
    [
      'VIP wait → Ready on the organizer’s VIP or billing action',
      'VIP wait (`status 0`) | organizer completes VIP or billing action',
    ],
    [
      'Ready → Authenticated by standalone auth (and verify with SMS)',
      '`POST /record/{token}/auth/`, and with `tests_auth_required` true `PUT /record/{token}/auth/verify/`',
    ],
    ['Ready → Authenticated by roadmap auth, instant', '`POST /roadmap/{token}/auth/` | `tests_auth_required` false'],
    [
      'Ready → Authenticated by roadmap auth then verify, SMS',
      '`POST /roadmap/{token}/auth/` then `PUT /roadmap/{token}/auth/verify/` | `tests_auth_required` true',
    ],
    [
      'Authenticated → Finished by submitting answers',
      'Authenticated | `POST /record/{token}/` with answers | - | Finished (`status 1`, `is_finished true`)',
    ],
  ])('%s', (_, row) => expect(flat(info())).toContain(flat(row)));

  it('roadmap SMS auth returns a draft_token valid 5 minutes and sends the code to the shared mobile', () => {
    const text = flat(description(op('POST', '/roadmap/{token}/auth/')));
    expect(text).toContain('`data.draft_token` (valid 5 minutes)');
    expect(text).toContain('an SMS code is sent to the shared mobile');
  });

  it('roadmap instant auth creates role profiles and links them to every record', () => {
    expect(flat(description(op('POST', '/roadmap/{token}/auth/')))).toContain(
      'created immediately and linked to every associated test record',
    );
  });

  it('submission sets submit_on and moves the record to Finished', () => {
    const text = flat(description(op('POST', '/record/{token}/')));
    expect(text).toContain('`submit_on` is set');
    expect(text).toContain('Finished (`status 1`, `is_finished true`)');
  });
});

describe('rules', () => {
  it('rule 1: new-participant records are filtered by status 2 and auth_required true', () => {
    expect(flat(info())).toContain(
      'Records listed for a new participant are found by filtering `status: 2` and `auth_required: true`',
    );
    expect(description(op('GET', '/record/'))).toContain('`status=2&auth_required=true`');
  });
  it('rule 2: after authentication the record stays at status 2 and auth_required becomes false', () => {
    expect(flat(info())).toContain(
      'After authentication the record stays at `status: 2` and `auth_required` becomes `false`',
    );
  });
  it('rule 3: record auth on a roadmap record is rejected with 409', () => {
    const o = op('POST', '/record/{token}/auth/');
    expect(o.responses['409']?.assumed).toBe(false);
    expect(flat(info())).toContain(
      '`POST /record/{token}/auth/` on a roadmap record (non-null `role`) is rejected with 409',
    );
  });
});
