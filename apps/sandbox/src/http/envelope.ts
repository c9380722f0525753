import type { Message } from '../errors/api-error.js';

export { ApiError, type Message } from '../errors/api-error.js';

/**
 * Data of type T already in JSON, as UTF-8 pieces built in steps by a handler that yields between
 * them (a page of roadmaps). The pieces are sent as they are: joining and encoding a megabyte of text
 * at once held the event loop for over 10 ms, every other key's calls waiting behind it.
 */
export class Encoded<T = unknown> {
  declare readonly data?: T;
  constructor(readonly chunks: readonly Buffer[]) {}
}

export const ok = (data: unknown) => ({ data, successful: true, messages: [] as Message[] });

export const failure = (messages: Message[]) => ({
  data: {},
  successful: false,
  // The Message schema bounds text and field; a long value must not make the error itself invalid.
  messages: messages.slice(0, 20).map((m) => ({
    ...m,
    text: m.text.slice(0, 1000),
    ...(m.field === undefined ? {} : { field: m.field.slice(0, 200) }),
  })),
});
