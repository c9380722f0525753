/** Where a partner reaches the sandbox and the mock. */
export interface Servers {
  sandbox: string;
  mock: string;
}

/** Where `npx tas-sandbox` and `npx tas-mock` (and `npm start` here) listen by default. */
export const LOCAL: Servers = { sandbox: 'http://localhost:4020', mock: 'http://localhost:4010' };

export interface Addresses extends Servers {
  /** Which of the two the site's build was given as hosted (the others are the local defaults). */
  hosted: { sandbox: boolean; mock: boolean };
}

/**
 * The addresses every sample, command, Postman environment and client example of the site uses: the
 * hosted ones the build was given (`--sandbox-url`, `--mock-url`), else the local defaults.
 */
export function siteAddresses(hosted: Partial<Servers> = {}): Addresses {
  const trim = (url: string) => url.replace(/\/+$/, '');
  return {
    sandbox: hosted.sandbox ? trim(hosted.sandbox) : LOCAL.sandbox,
    mock: hosted.mock ? trim(hosted.mock) : LOCAL.mock,
    hosted: { sandbox: Boolean(hosted.sandbox), mock: Boolean(hosted.mock) },
  };
}

/** A text written for the local servers (a command, a client example), pointed at the site's addresses. */
export function atAddresses(text: string, addresses: Servers): string {
  return text.replaceAll(LOCAL.sandbox, addresses.sandbox).replaceAll(LOCAL.mock, addresses.mock);
}
