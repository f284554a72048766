/**
 * The parts of a hint (`hint: ...`, under an error) that name a command for the user to type: a value quoted
 * as a shell would need it, and the check of a write whose answer was lost.
 */

/** A value as the user would type it in a shell command line (quoted when it needs to be). */
export function shellArg(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The hint of a write whose answer was lost: the command that shows whether it was applied. */
export function checkWith(command: string, before = 'before retrying'): string {
  return `check with \`${command}\` ${before}`;
}
