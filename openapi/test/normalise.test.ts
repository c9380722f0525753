// Input as people type it: what the servers do to a name, a mobile and a token before validating
// them (x-normalise), and a refusal that names the field and the character at fault.
import { describe, expect, it } from 'vitest';
import { checkRequest, createValidator, isRefusal, listAssumptions, type Refusal } from '../src/index.js';
import { doc, op } from './helpers.js';

const validator = createValidator(doc);
const auth = op('post', '/record/{token}/auth/');
const getRecord = op('get', '/record/{token}/');
const TOKEN = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';

/** POST /record/{token}/auth/ as a server reads it: the checked body, or the refusal. */
function send(profile: { name?: string; mobile?: string }) {
  const body = {
    mobile: profile.mobile ?? '09121234567',
    profile: { name: profile.name ?? 'علی رضایی', birth: '1990-04-21', is_male: true },
  };
  const raw = { text: JSON.stringify(body), tooLarge: false };
  return checkRequest(validator, auth, { token: TOKEN }, new URLSearchParams(), 'application/json', raw);
}

function accepted(profile: { name?: string; mobile?: string }) {
  const checked = send(profile);
  if (isRefusal(checked)) throw new Error(`refused: ${JSON.stringify(checked.messages)}`);
  return checked.body as { mobile: string; profile: { name: string } };
}

describe('a Persian name as people type it is read as the name it means', () => {
  it.each([
    ['Arabic yeh ي', 'علي رضايي', 'علی رضایی'],
    ['Arabic kaf ك', 'كريم', 'کریم'],
    ['alef maksura ى', 'مصطفى', 'مصطفی'],
    ['a shadda', 'محمّد', 'محمد'],
    ['fatha, kasra, damma', 'عَلِی رُضایی', 'علی رضایی'],
    ['a tatweel', 'علــی', 'علی'],
    ['a trailing space', 'علی رضایی ', 'علی رضایی'],
    ['surrounding spaces and a no-break space', '\u00A0 علی رضایی\t', 'علی رضایی'],
    ['two spaces between words', 'علی  رضایی', 'علی رضایی'],
    ['right-to-left marks', '\u200Fعلی\u200F رضایی\u200E', 'علی رضایی'],
    ['an isolate around the name', '\u2067علی رضایی\u2069', 'علی رضایی'],
    ['a zero-width non-joiner inside a word', 'عبدالحسین زرین\u200Cکوب', 'عبدالحسین زرین\u200Cکوب'],
    ['a zero-width non-joiner beside a space', 'علی\u200C رضایی', 'علی رضایی'],
    ['a zero-width non-joiner at the end', 'زرین\u200C', 'زرین'],
    ['yeh and hamza above, decomposed (NFC)', 'عائشه'.normalize('NFD'), 'عائشه'],
  ])('%s', (_, typed, canonical) => {
    expect(accepted({ name: typed }).profile.name).toBe(canonical);
  });
});

describe('a mobile with Persian or Arabic-Indic digits is read as digits', () => {
  it.each([
    ['Persian digits', '۰۹۱۲۱۲۳۴۵۶۷'],
    ['Arabic-Indic digits', '٠٩١٢١٢٣٤٥٦٧'],
    ['mixed digits, spaces around', ' ۰۹12۱۲۳۴۵۶۷ '],
    ['a left-to-right mark', '\u200E09121234567'],
  ])('%s', (_, typed) => {
    expect(accepted({ mobile: typed }).mobile).toBe('09121234567');
  });
});

describe('a refusal names the field and the character at fault', () => {
  it.each([
    ['teh marbuta', { name: 'فاطمة' }, '/profile/name', '"ة" (U+0629) at character 5 is not allowed'],
    ['a Latin letter', { name: 'علی R' }, '/profile/name', '"R" (U+0052) at character 5 is not allowed'],
    ['a Persian digit in a name', { name: 'علی ۲' }, '/profile/name', '"۲" (U+06F2) at character 5 is not allowed'],
    ['punctuation', { name: 'علی، رضایی' }, '/profile/name', '"،" (U+060C) at character 4 is not allowed'],
    ['a letter in a mobile', { mobile: '0912123456x' }, '/mobile', '"x" (U+0078) at character 11 is not allowed'],
  ])('%s', (_, profile, field, words) => {
    const refusal = send(profile) as Refusal;
    expect(isRefusal(refusal)).toBe(true);
    const message = refusal.messages.find((m) => m.field === field);
    expect(message?.text).toContain(words);
    expect(message?.text).toContain(field);
  });

  it('what normalising cannot make valid stays refused: a name of spaces only', () => {
    expect(isRefusal(send({ name: '   ' }))).toBe(true);
  });
});

describe('tokens', () => {
  const check = (token: string) =>
    checkRequest(validator, getRecord, { token }, new URLSearchParams(), undefined, { text: '', tooLarge: false });

  it('an upper-case token is read in the canonical lower case', () => {
    const checked = check(TOKEN.toUpperCase());
    expect(isRefusal(checked)).toBe(false);
    expect((checked as { params: Record<string, unknown> }).params.token).toBe(TOKEN);
  });

  it.each([`urn:uuid:${TOKEN}`, `URN:UUID:${TOKEN}`, `{${TOKEN}}`])('refuses %s with 400', (token) => {
    const refusal = check(token) as Refusal;
    expect(refusal.status).toBe(400);
    expect(refusal.messages[0]?.code).toBe('invalid_parameter');
  });
});

describe('each step is an assumption with its reason', () => {
  const steps = listAssumptions(doc).filter((a) => a.pointer.includes('/x-normalise/'));
  it.each([
    ['PersianName', ['bidi-marks', 'nfc', 'harakat', 'arabic-letters', 'trim', 'spaces', 'zwnj']],
    ['Mobile', ['bidi-marks', 'trim', 'digits']],
    ['Token', ['lowercase']],
  ])('%s', (schema, names) => {
    for (const name of names) {
      const found = steps.find((a) => a.pointer === `/components/schemas/${schema}/x-normalise/${name}`);
      expect(found?.reason.length, `${schema} ${name}`).toBeGreaterThan(20);
    }
  });
});
