import { HarnessShortfall, type Purpose } from './check.js';

export interface SmsRequest {
  mobile: string;
  token: string;
  purpose: Purpose;
  /** Whose code: the main key's organizer (default), or the other's. */
  key?: 'main' | 'other';
}

/** Where the SMS code of an authentication comes from. */
export interface SmsProvider {
  name: string;
  code(request: SmsRequest): Promise<string>;
}

/** A fixed code, for deployments with a test number whose code is known. */
export function fixedSms(code: string): SmsProvider {
  return { name: 'code', code: async () => code };
}

/** Reads the newest matching message of the sandbox's outbox (GET /__sandbox/sms/?mobile=). */
export function sandboxSms(get: (path: string, key: 'main' | 'other') => Promise<unknown>): SmsProvider {
  return {
    name: 'sandbox',
    async code({ mobile, token, purpose, key = 'main' }) {
      // Each key reads its own organizer's outbox.
      const body = (await get(`/__sandbox/sms/?mobile=${encodeURIComponent(mobile)}`, key)) as {
        data?: { messages?: { code: string; purpose: string; token: string }[] };
      };
      const messages = body?.data?.messages ?? [];
      const message = messages.find((m) => m.purpose === purpose && m.token === token) ?? messages[0];
      if (!message) throw new HarnessShortfall(`no SMS code to read: the sandbox outbox has none for ${mobile}`);
      return message.code;
    },
  };
}

/** Runs a command (given the mobile, token and purpose as env vars) and takes the code from its output. */
export function commandSms(run: (env: Record<string, string>) => Promise<string>): SmsProvider {
  return {
    name: 'command',
    async code({ mobile, token, purpose, key = 'main' }) {
      let out: string;
      try {
        out = await run({
          TAS_SMS_MOBILE: mobile,
          TAS_SMS_TOKEN: token,
          TAS_SMS_PURPOSE: purpose,
          TAS_SMS_ORGANIZER: key,
        });
      } catch (error) {
        throw new HarnessShortfall(`no SMS code to read: the SMS command failed: ${(error as Error).message}`);
      }
      const code = /\d{4,8}/.exec(out)?.[0];
      if (!code)
        throw new HarnessShortfall(`no SMS code to read: the SMS command printed no code: ${out.trim().slice(0, 80)}`);
      return code;
    },
  };
}

/** Asks a person (the CLI passes a readline question). */
export function promptSms(ask: (question: string) => Promise<string>): SmsProvider {
  return {
    name: 'prompt',
    async code({ mobile, purpose }) {
      return (await ask(`SMS code sent to ${mobile} (${purpose} authentication): `)).trim();
    },
  };
}
