import { describe, expect, it } from 'vitest';
import { chromiumPath, launchChromium, NoChromiumError } from '../src/launch.js';

const only =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

describe('chromiumPath', () => {
  it.each([
    ['CHROMIUM_PATH wins over the system', { CHROMIUM_PATH: '/opt/c' }, only('/opt/c', '/a'), '/opt/c'],
    ['else the first system path found', {}, only('/b'), '/b'],
    ['in the order given', {}, only('/a', '/b'), '/a'],
  ])('%s', (_, env, exists, want) => {
    expect(chromiumPath(env, exists, ['/a', '/b'])).toBe(want);
  });

  it('a CHROMIUM_PATH that does not exist is refused by name, not passed over', () => {
    expect(() => chromiumPath({ CHROMIUM_PATH: '/nope' }, only('/a'), ['/a'])).toThrow(
      /CHROMIUM_PATH names \/nope, which does not exist; install it .*apt-get install chromium/,
    );
  });

  it('none found: says where it looked and how to install one', () => {
    expect(() => chromiumPath({}, only(), ['/a', '/b'])).toThrow(NoChromiumError);
    expect(() => chromiumPath({}, only(), ['/a', '/b'])).toThrow(/looked in \/a, \/b\); install it/);
  });
});

describe('launchChromium', () => {
  it('opens a page in the Chromium found here', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent('<p id="p">ok</p>');
      expect(await page.textContent('#p')).toBe('ok');
    } finally {
      await browser.close();
    }
  });
});
