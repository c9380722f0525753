import { type Options, parseFlags, type Values } from './flags.js';

const HELP_FLAG = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * A command's flags with -h/--help added: parseFlags, and on --help the text `help` is printed and the
 * process ends (exit 0) before anything is read or started.
 */
export function parseCommandLine<T extends Options>(
  command: string,
  help: string,
  options: T,
  args: string[],
): Values<T & typeof HELP_FLAG> {
  const values = parseFlags<T & typeof HELP_FLAG>({ ...options, ...HELP_FLAG }, args, helpHint(command));
  // parseArgs' value types do not resolve for a generic T; `help` is there, declared just above.
  if ((values as { help?: boolean }).help) {
    console.log(help);
    process.exit(0);
  }
  return values;
}

/** How to ask for help: an npm script passes its flags after `--`, a bin takes them directly. */
export function helpHint(command: string): string {
  return command.startsWith('npm ') ? `${command} -- --help` : `${command} --help`;
}
