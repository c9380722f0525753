import { pointerOf, resolveRef } from '@tas/openapi';
import { description } from './description.js';
import type { Violation } from './prism.js';

export interface Message {
  code: string;
  text: string;
  field?: string;
}
export interface ErrorBody {
  data: Record<string, never>;
  successful: false;
  messages: Message[];
}

/** The body of a named example of the description (`components/examples/<name>`), reused as is. */
export function namedExample(name: string): ErrorBody {
  const example = resolveRef<{ value: ErrorBody }>(description, { $ref: `#/components/examples/${name}` });
  if (!example?.value) throw new Error(`the description has no example ${name}`);
  return structuredClone(example.value);
}

/** Message's bounds in the description: a long path or value must not make the error itself invalid. */
const MESSAGE = resolveRef<{ properties: { text: { maxLength?: number }; field: { maxLength?: number } } }>(
  description,
  {
    $ref: '#/components/schemas/Message',
  },
).properties;
const bounded = (value: string, max: number | undefined) => (max === undefined ? value : value.slice(0, max));

export function errorBody(...messages: Message[]): ErrorBody {
  return {
    data: {},
    successful: false,
    messages: messages.map((m) => ({
      ...m,
      text: bounded(m.text, MESSAGE.text.maxLength),
      ...(m.field === undefined ? {} : { field: bounded(m.field, MESSAGE.field.maxLength) }),
    })),
  };
}

/** Envelope.messages' maxItems in the description: an answer never lists more. */
const MAX_MESSAGES = Number(
  resolveRef<{ properties: { messages: { maxItems?: number } } }>(description, {
    $ref: '#/components/schemas/Envelope',
  }).properties.messages.maxItems ?? Number.POSITIVE_INFINITY,
);

/**
 * Prism's request violations as the interface's 400 envelope: one message per violation, naming the
 * offending field as a JSON pointer. Profile fields get `invalid_profile`, as the description's
 * ErrorInvalidProfile example does.
 */
export function fromViolations(violations: Violation[]): ErrorBody {
  return errorBody(
    ...violations.slice(0, MAX_MESSAGES).map((v): Message => {
      const [where = '', ...rest] = v.path;
      const text = v.message.replace(/^Request /, '');
      // A parameter has no place in the body to point at; the text names it.
      if (where !== 'body') {
        return /^body /i.test(text) ? { code: 'invalid_body', text } : { code: 'invalid_parameter', text };
      }
      const field = pointerOf(rest);
      const code = rest.includes('profile') ? 'invalid_profile' : 'invalid_body';
      return rest.length ? { code, text, field } : { code, text };
    }),
  );
}
