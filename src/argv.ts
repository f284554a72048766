/** Global options that take a value, so the noun can be found in argv without parsing. */
const globalValueOptions = new Set([
  '-o',
  '--output',
  '--fields',
  '--timeout',
  '--retries',
  '--profile',
  '--base-url',
  '--org',
]);

/** The first argument that is not a global option or its value: the noun the user asked for. */
export function requestedNoun(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') return argv[i + 1];
    if (!arg.startsWith('-')) return arg;
    if (globalValueOptions.has(arg)) i++;
  }
  return undefined;
}
