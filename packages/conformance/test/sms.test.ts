import { describe, expect, it } from 'vitest';
import { commandSms, fixedSms, promptSms, sandboxSms } from '../src/sms.js';

const request = { mobile: '09120000001', token: 'tok-1', purpose: 'record' as const };

describe('SMS providers', () => {
  it('a fixed code', async () => {
    expect(await fixedSms('48213').code(request)).toBe('48213');
  });

  it('the sandbox outbox: the newest message for this token and purpose', async () => {
    const paths: string[] = [];
    const provider = sandboxSms(async (path) => {
      paths.push(path);
      const messages = [
        { code: '11111', purpose: 'roadmap', token: 'other', mobile: request.mobile },
        { code: '22222', purpose: 'record', token: 'tok-1', mobile: request.mobile },
      ];
      return { data: { messages } };
    });
    expect(await provider.code(request)).toBe('22222');
    expect(paths).toEqual(['/__sandbox/sms/?mobile=09120000001']);
  });

  it('a command, given the mobile, token and purpose in its environment', async () => {
    let seen: Record<string, string> = {};
    const provider = commandSms(async (env) => {
      seen = env;
      return 'code: 90817\n';
    });
    expect(await provider.code(request)).toBe('90817');
    expect(seen).toEqual({
      TAS_SMS_MOBILE: '09120000001',
      TAS_SMS_TOKEN: 'tok-1',
      TAS_SMS_PURPOSE: 'record',
      TAS_SMS_ORGANIZER: 'main',
    });
    await expect(commandSms(async () => 'nothing').code(request)).rejects.toThrow(/printed no code/);
  });

  it('a prompt, naming the mobile', async () => {
    const questions: string[] = [];
    const provider = promptSms(async (q) => {
      questions.push(q);
      return ' 55555 \n';
    });
    expect(await provider.code(request)).toBe('55555');
    expect(questions[0]).toContain('09120000001');
  });
});
