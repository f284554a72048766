/**
 * A problem in a rules file (or an ignore file, read the same way), at a line: the message is
 * `file:line: reason`, and `hint` says what the format holds. An error of its own, with no exit code: the
 * CLI reports it as a configuration error (exit 3), the sandbox answers it as the service's validation error.
 */
export class RulesFileError extends Error {
  readonly hint: string;

  constructor(message: string, hint: string) {
    super(message);
    this.name = 'RulesFileError';
    this.hint = hint;
  }
}
