/**
 * What the sandbox refuses when it starts or is asked to record something: an option or a request it cannot
 * use (`usage`), or a state, CA or users file it cannot read or write (`config`). The message names the
 * option (as the `secscan sandbox` flag: `--port`, `--state`); `secscan sandbox` reports a usage error with
 * exit 2 and a configuration error with exit 3. Declared for callers in `index.ts`.
 */
export class SandboxError extends Error {
  override readonly name = 'SandboxError' as const;
  readonly kind: 'usage' | 'config';

  constructor(kind: 'usage' | 'config', message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}
