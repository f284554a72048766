/**
 * The error classes the API description and the sandbox throw, with the exit code the CLI gives each
 * (`src/errors.ts` re-exports them beside the CLI's own): one class, so the CLI's `secscan sandbox` maps a
 * sandbox's refusal to the same exit code as its own.
 */
export const ExitCode = {
  ok: 0,
  gateFailed: 1,
  usage: 2,
  config: 3,
  auth: 4,
  notFound: 5,
  rejected: 6,
  transient: 7,
  unexpected: 8,
  busy: 9,
  /** The scan a gate must evaluate is not there yet or has not finished: a rerun may succeed. */
  notReady: 10,
  /** The scan a gate must evaluate failed: the analysis itself failed. */
  scanFailed: 11,
  interrupted: 130,
  terminated: 143,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export interface ErrorDetails {
  hint?: string;
  status?: number;
  code?: string;
  cause?: unknown;
}

/** Every error the CLI reports on purpose; main() turns it into one line and an exit code. */
export class CliError extends Error {
  readonly exitCode: ExitCodeValue;
  readonly code: string;
  readonly hint: string | undefined;
  readonly status: number | undefined;

  constructor(message: string, exitCode: ExitCodeValue, code: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.code = details.code ?? code;
    this.hint = details.hint;
    this.status = details.status;
  }
}

export class UsageError extends CliError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.usage, 'USAGE', details);
  }
}

export class ConfigError extends CliError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.config, 'CONFIG', details);
  }
}
