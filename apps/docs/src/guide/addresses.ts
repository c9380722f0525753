/** Where a partner reaches the sandbox and the mock. */
export interface Servers {
  sandbox: string;
  mock: string;
}

/** Where `npx tas-sandbox` and `npx tas-mock` (and `npm start` here) listen by default. */
export const LOCAL: Servers = { sandbox: 'http://localhost:4020', mock: 'http://localhost:4010' };

/** Who partners write to and the licence they read, as the build was given them (nothing shown when not). */
export interface Publisher {
  /** The partner support's web address (http or https). */
  supportUrl?: string;
  /** The partner support's e-mail address. */
  supportEmail?: string;
  /** The licence's name as partners should read it; the description's own name otherwise. */
  licenseName?: string;
  licenseUrl?: string;
}

export interface Addresses extends Servers, Publisher {
  /** Which of the two the site's build was given as hosted (the others are the local defaults). */
  hosted: { sandbox: boolean; mock: boolean };
}

/**
 * The addresses every sample, command, Postman environment and client example of the site uses: the
 * hosted ones the build was given (`--sandbox-url`, `--mock-url`), else the local defaults.
 */
export function siteAddresses(hosted: Partial<Servers> = {}, publisher: Publisher = {}): Addresses {
  const trim = (url: string) => url.replace(/\/+$/, '');
  const given = Object.fromEntries(Object.entries(publisher).filter(([, v]) => v)) as Publisher;
  return {
    ...given,
    sandbox: hosted.sandbox ? trim(hosted.sandbox) : LOCAL.sandbox,
    mock: hosted.mock ? trim(hosted.mock) : LOCAL.mock,
    hosted: { sandbox: Boolean(hosted.sandbox), mock: Boolean(hosted.mock) },
  };
}

/** A text written for the local servers (a command, a client example), pointed at the site's addresses. */
export function atAddresses(text: string, addresses: Servers): string {
  return text.replaceAll(LOCAL.sandbox, addresses.sandbox).replaceAll(LOCAL.mock, addresses.mock);
}

/**
 * A description's or README's prose pointed at the hosted servers the site was built for: their
 * addresses for the local ones, and "hosted" for "local". Without hosted ones, the text as it is.
 */
export function hostedProse(text: string, addresses: Addresses): string {
  let out = text;
  for (const name of ['sandbox', 'mock'] as const) {
    if (!addresses.hosted[name]) continue;
    const host = new URL(addresses[name]).host;
    out = out
      .replaceAll(LOCAL[name], addresses[name])
      .replaceAll(new URL(LOCAL[name]).host, host)
      .replace(new RegExp(`\\blocal ${name}\\b`, 'g'), `hosted ${name}`);
  }
  return out;
}
