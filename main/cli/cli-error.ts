/**
 * The CLI's exit codes (docs/cli.md): what a script can branch on without reading the message.
 * 0 done; 1 an unexpected error (a bug: the stack is printed); 2 the command was called wrongly; 3 an id
 * or file that does not exist; 4 the work failed or cannot be done (an analysis or import ended in error,
 * the service refused it, or there are no results yet); 130 stopped by Ctrl-C.
 */
export const EXIT = { ok: 0, unexpected: 1, usage: 2, notFound: 3, failed: 4, interrupted: 130 } as const;

/** A failure the CLI explains in plain words on stderr, without a stack trace, with its exit code. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode: number = EXIT.usage) {
    super(message);
  }
}
