import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../src/profile/load.js';

// A profile that does not read says where, line and column, and what; every problem at once.
describe('a profile file is validated with its problems at line and column', () => {
  it.each([
    ['an unknown setting', 'listing:\n  path: /records/\n  pagin: 3\n', ['p.yaml:3:3: unknown setting listing.pagin']],
    [
      'a path not under the base path',
      'listing:\n  path: records\n',
      ['p.yaml:2:9: listing.path must match pattern "^/"'],
    ],
    [
      'a result path without {token}',
      'result:\n  path: /results/\n',
      [/^p\.yaml:2:9: result\.path must match pattern/],
    ],
    [
      'a paging style of none',
      'listing:\n  paging:\n    style: pages\n',
      ['p.yaml:3:12: listing.paging.style must be one of auto, link, page, offset, cursor'],
    ],
    ['a success that is no 2xx', 'success:\n  getRecord: 404\n', ['p.yaml:2:14: success.getRecord must be <= 299']],
    [
      'a template without what its request needs',
      'requests:\n  verifyRecordAuth:\n    otp: "{cod}"\n',
      ['p.yaml:2:3: requests.verifyRecordAuth must carry {code}', /^p\.yaml:3:10: unknown placeholder \{cod\}/],
    ],
    [
      'a template whose code field is not code_field',
      'code_field: otp\nrequests:\n  verifyRecordAuth: {code: "{code}"}\n',
      ['p.yaml:3:28: requests.verifyRecordAuth carries {code} as code, but code_field is otp'],
    ],
    ['YAML that does not parse', 'listing: [\n', [/^p\.yaml:2:1: /]],
    [
      'two problems, in the order of the file',
      'success:\n  getRecord: 100\nlisting:\n  bogus: 1\n',
      ['p.yaml:2:14: success.getRecord must be >= 200', 'p.yaml:4:3: unknown setting listing.bogus'],
    ],
  ])('%s', (_name, text, want) => {
    let message = '';
    try {
      parseProfile(text, 'p.yaml');
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines).toHaveLength(want.length);
    for (const [i, w] of want.entries())
      if (typeof w === 'string') expect(lines[i]).toBe(w);
      else expect(lines[i]).toMatch(w);
  });

  it('an empty file is the defaults, and JSON reads as YAML', () => {
    expect(parseProfile('', 'p.yaml')).toEqual({});
    expect(parseProfile('{"code_field": "otp"}', 'p.json')).toEqual({ code_field: 'otp' });
  });
});
