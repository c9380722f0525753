import { configureExtensionsUserProvided } from '@stoplight/prism-cli/dist/extensions.js';
import { createLogger } from '@stoplight/prism-core';
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpConfig,
  type IHttpRequest,
  type IHttpResponse,
} from '@stoplight/prism-http';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
import { DESCRIPTION_FILE } from '@tas/openapi';

/** What Prism answered: a response (with the request's violations), or one of its own errors. */
export type PrismAnswer =
  | { kind: 'response'; response: IHttpResponse; violations: Violation[]; preferredCode: boolean }
  | { kind: 'error'; status: number; name: string; detail: string };

export interface Violation {
  /** Where, as Prism says it: `['body', 'roles', '0', 'profile', 'name']`, `['query', 'status']`. */
  path: string[];
  message: string;
  /** 401 for a security violation; a JSON Schema keyword otherwise. */
  code: string | number;
}

/**
 * Prism's HTTP mocker run from code over the bundled description. Paths here are relative to the
 * base path (`/record/`), since Prism ignores the path of `servers`.
 */
export async function createPrism(options: { dynamic: boolean; file?: string }) {
  const { file: descriptionPath = DESCRIPTION_FILE } = options;
  const operations = await getHttpOperationsFromSpec(descriptionPath);
  // Dynamic answers fill only the described properties, and take a schema's own `examples` where it
  // has them: the faker cannot write the \uXXXX ranges of PersianName's pattern. Arrays and strings
  // stay short: the schemas' safety bounds (1,000 questions, 2 MB of HTML) would make answers huge.
  await configureExtensionsUserProvided(descriptionPath, {
    fillProperties: false,
    useExamplesValue: true,
    maxItems: 5,
    maxLength: 200,
  });
  const config: IHttpConfig = {
    mock: { dynamic: options.dynamic },
    validateRequest: true,
    validateResponse: false,
    checkSecurity: true,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
  };
  const prism = createInstance(config, { logger: createLogger('MOCK', { level: 'silent' }) });

  return async function answer(input: IHttpRequest): Promise<PrismAnswer> {
    const preferences = getHttpConfigFromRequest(input);
    if (preferences._tag === 'Left')
      return { kind: 'error', status: 400, name: 'PREFER', detail: preferences.left.detail };
    const prefer = Object.fromEntries(Object.entries(preferences.right).filter(([, v]) => v !== undefined));
    const result = await prism.request(input, operations, { ...config, mock: { ...config.mock, ...prefer } })();
    if (result._tag === 'Left') {
      const error = result.left as Error & { status?: number; detail?: string };
      const name = error.name.replace(/^.*#/, '');
      return { kind: 'error', status: error.status ?? 500, name, detail: error.detail ?? error.message };
    }
    const violations = result.right.validations.input
      .filter((v) => v.severity === 0)
      .map((v) => ({ path: (v.path ?? []).map(String), message: v.message, code: v.code ?? '' }));
    return { kind: 'response', response: result.right.output, violations, preferredCode: prefer.code !== undefined };
  };
}

export type PrismAnswerer = Awaited<ReturnType<typeof createPrism>>;
