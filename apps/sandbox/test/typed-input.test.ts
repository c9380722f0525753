// Input as people type it, over real HTTP: a token in upper case finds its record or roadmap and
// is answered in lower case, the URN form is refused, and names and mobiles as a Persian keyboard
// types them authenticate, answered in their canonical form (the description's x-normalise).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adult, INSTANT_KEY, invalidResponses, MOBILE, start } from './helpers.js';

let sandbox: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  sandbox = await start();
});
afterAll(() => sandbox.close());

describe('tokens are compared case-insensitively', () => {
  it.each([
    ['/api/v2/record/{t}/', () => sandbox.as(INSTANT_KEY).record()],
    ['/api/v2/roadmap/{t}/', async () => (await sandbox.as(INSTANT_KEY).roadmap()).token],
  ])('%s with the token in upper case answers 200 with the lower-case token', async (path, make) => {
    const token = await make();
    const r = await sandbox.as(INSTANT_KEY).get(path.replace('{t}', token.toUpperCase()));
    expect(r.status).toBe(200);
    expect(r.body.data.token).toBe(token);
    expect(token).toBe(token.toLowerCase());
  });

  it('an upper-case token authenticates its record', async () => {
    const c = sandbox.as(INSTANT_KEY);
    const token = await c.record();
    const r = await c.post(`/api/v2/record/${token.toUpperCase()}/auth/`, { mobile: MOBILE, profile: adult });
    expect(r.status).toBe(200);
    expect(r.body.data.record.token).toBe(token);
  });

  it.each(['urn:uuid:', 'URN:UUID:'])('%s before a token is refused with 400 invalid_parameter', async (prefix) => {
    const c = sandbox.as(INSTANT_KEY);
    const token = await c.record();
    const r = await c.get(`/api/v2/record/${prefix}${token}/`);
    expect(r.status).toBe(400);
    expect(r.body.messages[0].code).toBe('invalid_parameter');
  });
});

describe('names and mobiles as people type them', () => {
  async function authenticate(name: string, mobile = MOBILE) {
    const c = sandbox.as(INSTANT_KEY);
    const token = await c.record();
    return c.post(`/api/v2/record/${token}/auth/`, { mobile, profile: { ...adult, name } });
  }

  it.each([
    ['Arabic yeh and kaf', 'علي كاظمي', 'علی کاظمی'],
    ['a shadda', 'محمّد رضایی', 'محمد رضایی'],
    ['a trailing space', 'علی رضایی ', 'علی رضایی'],
    ['bidi marks', '\u200Fعلی رضایی\u200F', 'علی رضایی'],
    ['a zero-width non-joiner beside a space', 'زهرا\u200C احمدی', 'زهرا احمدی'],
  ])('%s: accepted, answered in the canonical form', async (_, typed, canonical) => {
    const r = await authenticate(typed);
    expect(r.status).toBe(200);
    expect(r.body.data.record.profile.name).toBe(canonical);
  });

  it('a mobile in Persian digits is read as digits', async () => {
    const r = await authenticate(adult.name, '۰۹۱۲۱۲۳۴۵۶۷');
    expect(r.status).toBe(200);
    expect(r.body.data.record.profile.mobile).toBe(MOBILE);
  });

  it('a refusal names the field and the character at fault', async () => {
    const r = await authenticate('فاطمة رضایی');
    expect(r.status).toBe(400);
    const message = r.body.messages.find((m: { field?: string }) => m.field === '/profile/name');
    expect(message.code).toBe('invalid_profile');
    expect(message.text).toContain('"ة" (U+0629) at character 5 is not allowed');
  });

  // Any valid name, typed with what the description normalises, authenticates as that name.
  const LETTERS = [...'ابپتثجچحخدذرزژسشصضطظعغفقلمنوهیکگ'];
  const word = fc.array(fc.constantFrom(...LETTERS), { minLength: 2, maxLength: 7 }).map((l) => l.join(''));
  const canonical = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
  const typing = fc.record({
    arabic: fc.boolean(),
    harakat: fc.constantFrom('', '\u064E', '\u0651', '\u0650'),
    around: fc.constantFrom('', ' ', '\u00A0', '\u200F', '\u200E '),
    between: fc.constantFrom(' ', '  ', '\u200C ', ' \u200C'),
  });
  type Typing = { arabic: boolean; harakat: string; around: string; between: string };
  const typed = (name: string, t: Typing) => {
    let out = t.arabic ? name.replace(/ی/g, 'ي').replace(/ک/g, 'ك') : name;
    out = out.replace(/(\S)(?= |$)/g, `$1${t.harakat}`).replace(/ /g, t.between);
    return `${t.around}${out}${t.around}`;
  };

  it('a generated valid name, typed as people type it, authenticates as itself', async () => {
    const before = invalidResponses.length;
    await fc.assert(
      fc.asyncProperty(canonical, typing, async (name, t) => {
        const r = await authenticate(typed(name, t));
        expect(r.status).toBe(200);
        expect(r.body.data.record.profile.name).toBe(name);
      }),
      { numRuns: 40 },
    );
    expect(invalidResponses.slice(before)).toEqual([]);
  });
});
