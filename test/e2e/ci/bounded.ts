/**
 * `bash ARGS` under GNU timeout, which signals the whole process group it leads when the step runs too long:
 * a step's grandchild (an `npm ci` waiting on the network) is ended with it, instead of holding the pipes
 * open so that the synchronous spawn (and the test worker with it) never returns.
 */
export function boundedBash(args: readonly string[], seconds = 540): [string, string[]] {
  return ['timeout', ['--kill-after=10', String(seconds), 'bash', ...args]];
}
