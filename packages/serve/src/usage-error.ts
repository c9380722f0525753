/** A user's mistake (a flag, a port, a path): printed as one line that names the problem and the fix. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** 2 for a bad argument; 1 for a good one the machine cannot honour now (a busy port). */
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Ends a command that failed: a user's mistake as `command: problem; fix` and its exit code, no
 * stack; anything else is a bug and is rethrown with its stack.
 */
export function exitOnUsageError(
  command: string,
  error: unknown,
  exit: (code: number) => never = process.exit,
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): never {
  if (!(error instanceof UsageError)) throw error;
  err(`${command}: ${error.message}`);
  return exit(error.exitCode);
}
