// profile.name: at most 50 characters of Persian letters, in its canonical form (what the schema
// holds; a server normalises a name as sent first: test/normalise.test.ts).
import { describe, expect, it } from 'vitest';
import { createValidator } from '../src/index.js';
import { doc } from './helpers.js';

const validator = createValidator(doc);
const valid = (name: string) => validator.validateSchema('PersianName', name).valid;

describe('PersianName', () => {
  it.each([
    ['علی رضایی'],
    ['زهرا احمدی'],
    ['محمدرضا شجریان'],
    ['سیمین دانشور'],
    ['فروغ فرخزاد'],
    ['ژاله گلچین'],
    ['عبدالحسین زرین‌کوب'], // zero-width non-joiner inside a word
    ['مؤمنه آقایی'], // hamza forms
    ['پرویز ناتل خانلری'],
    ['ک'.repeat(50)],
  ])('accepts the Persian name %s', (name) => expect(valid(name)).toBe(true));

  it.each([
    ['Latin letters', 'Ali Rezaei'],
    ['Latin mixed in', 'علی Rezaei'],
    ['ASCII digits', 'علی2'],
    ['Persian digits', 'علی ۲'],
    ['Arabic yeh (ي), not Persian ی', 'علي'],
    ['Arabic kaf (ك), not Persian ک', 'كريم'],
    ['Arabic teh marbuta (ة)', 'فاطمة'],
    ['more than 50 characters', 'ک'.repeat(51)],
    ['empty', ''],
    ['leading space', ' علی'],
    ['double space', 'علی  رضایی'],
    ['punctuation', 'علی، رضایی'],
  ])('refuses %s', (_, name) => expect(valid(name)).toBe(false));
});
