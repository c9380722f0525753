import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

export type Options = NonNullable<ParseArgsConfig['options']>;
export type Values<T extends Options> = ReturnType<
  typeof parseArgs<{ options: T; strict: true; allowPositionals: false }>
>['values'];

/**
 * node:util's parseArgs (strict, no positionals), with its errors as one line that says where the
 * help is. `help` is the command that shows it, e.g. `npm run mock -- --help`.
 */
export function parseFlags<T extends Options>(options: T, args: string[], help: string): Values<T> {
  try {
    return parseArgs({ options, args, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(flagProblem(error as Error & { code?: string }, help));
  }
}

function flagProblem(error: Error & { code?: string }, help: string): string {
  const named = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${named}; see ${help}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      // `npm run mock --port 5000` (no `--`): npm keeps --port for itself and passes on 5000.
      return `unexpected argument ${named}; options have names and, after npm run, follow -- (see ${help})`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const flag = named.replace(/^-\w, /, '').replace(/ <value>$/, '');
      return /does not take/.test(error.message)
        ? `${flag} takes no value; see ${help}`
        : `${flag} needs a value, as in ${flag}=VALUE; see ${help}`;
    }
    default:
      return `${error.message.split('\n')[0]}; see ${help}`;
  }
}
