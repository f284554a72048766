/** Global options that take a value, so the noun can be found in argv without parsing. */
const globalValueOptions = new Set([
  '-o',
  '--output',
  '--fields',
  '--timeout',
  '--retries',
  '--max-retry-wait',
  '--profile',
  '--base-url',
  '--org',
]);

/** An organization id is a UUID: a word after a bare `--org` that is not one is the command. */
const uuidShaped = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the noun is: the first argument that is not a global option or its value (-1: none). */
function nounIndex(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') return i + 1 < argv.length ? i + 1 : -1;
    if (!arg.startsWith('-')) return i;
    if (globalValueOptions.has(arg)) i++;
  }
  return -1;
}

/** The noun the user asked for. */
export function requestedNoun(argv: readonly string[]): string | undefined {
  return argv[nounIndex(argv)];
}

/** A bare `--org` before the command, followed by a word that is not an organization id (maybe the command). */
export function mayHaveBareOrg(argv: readonly string[]): boolean {
  const i = argv.indexOf('--org');
  const next = argv[i + 1];
  return i !== -1 && next !== undefined && !next.startsWith('-') && !uuidShaped.test(next);
}

/**
 * `secscan --org findings list`: a bare `--org` before the command would take the command's name as its
 * value (its value is optional). When the word after it names a command, the flag moves after the command,
 * where it is bare. Anything else (a mistyped id) stays, and is refused as an organization id.
 */
export function bareOrgAfterCommand(argv: readonly string[], commands: ReadonlySet<string>): string[] {
  const at = argv.indexOf('--org');
  const noun = nounIndex(argv);
  if (at === -1 || (noun !== -1 && at > noun) || !commands.has(argv[at + 1] as string)) return [...argv];
  const rest = [...argv.slice(0, at), ...argv.slice(at + 1)];
  const end = rest.indexOf('--');
  return end === -1 ? [...rest, '--org'] : [...rest.slice(0, end), '--org', ...rest.slice(end)];
}

/**
 * The command words of argv, in order, from the noun on: arguments that are not options, global options'
 * values skipped (an option of the command itself ends them, as its value is not known here).
 */
export function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  const start = nounIndex(argv);
  if (start === -1) return words;
  for (let i = start; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') break;
    if (!arg.startsWith('-')) words.push(arg);
    else if (globalValueOptions.has(arg)) i++;
    else break;
  }
  return words;
}
