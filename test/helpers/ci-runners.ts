/**
 * The CI runners' own reading of a job log, ported from their sources, as the oracle of what secscan's output
 * makes them do:
 * - GitHub Actions (actions/runner): OutputManager hands each line holding `##[` or `::` to
 *   ActionCommandManager.TryProcessCommand, which tries ActionCommand.TryParseV2 (`::name props::data` at
 *   the start of the line after TrimStart) and then ActionCommand.TryParse (the legacy `##[name props]data`
 *   anywhere in it); a command counts only when registered, and `stop-commands` ignores every command up to
 *   its token.
 * - Azure Pipelines (microsoft/azure-pipelines-agent): Command.TryParse, `##vso[area.event props]data`
 *   anywhere in a line.
 * - GitLab (Gitlab::Regex): `section_(start|end):TIME:NAME[options]\r\e[0K` anywhere in the log.
 * Lines are split as .NET's StreamReader.ReadLine splits them (CR, LF or CRLF). The runners compare strings
 * with the culture's rules (IndexOf and StartsWith without StringComparison), under which ICU skips
 * invisible characters: `culture: true` reads each line with those left out, which finds every command the
 * ordinal reading finds, and more.
 */

export interface RunnerCommand {
  runner: 'github' | 'azure' | 'gitlab';
  command: string;
  properties: Record<string, string>;
  data: string;
  line: string;
}

/** ActionCommandManager's registered commands (its own stop-commands and every IActionCommandExtension). */
const githubRegistered = [
  'stop-commands',
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'debug',
  'warning',
  'error',
  'notice',
  'group',
  'endgroup',
  'echo',
];

/** .NET char.IsWhiteSpace. */
const dotnetSpace = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
const invisible = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}]/gu;

export function runnerLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

const unescape = (text: string, pairs: readonly [string, string][]) =>
  pairs.reduce((s, [token, replacement]) => s.split(replacement).join(token), text);
const legacyEscapes: [string, string][] = [
  [';', '%3B'],
  ['\r', '%0D'],
  ['\n', '%0A'],
  [']', '%5D'],
  ['%', '%25'],
];
const dataEscapes: [string, string][] = [
  ['\r', '%0D'],
  ['\n', '%0A'],
  ['%', '%25'],
];
const propertyEscapes: [string, string][] = [
  ['\r', '%0D'],
  ['\n', '%0A'],
  [':', '%3A'],
  [',', '%2C'],
  ['%', '%25'],
];

interface Parsed {
  command: string;
  properties: Record<string, string>;
  data: string;
}

/** ActionCommand.TryParseV2. */
function tryParseV2(line: string, registered: Set<string>): Parsed | undefined {
  const message = line.replace(dotnetSpace, '');
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!registered.has(command.toLowerCase())) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info
      .slice(space + 1)
      .trim()
      .split(',')
      .filter(Boolean)) {
      const eq = pair.indexOf('=');
      if (eq > 0 && eq < pair.length - 1)
        properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1), propertyEscapes);
    }
  }
  return { command, properties, data: unescape(message.slice(end + 2), dataEscapes) };
}

/** ActionCommand.TryParse (the legacy `##[` form) and Azure's Command.TryParse (`##vso[`) share a shape. */
function bracketed(line: string, prefix: string): { info: string; data: string } | undefined {
  const at = line.indexOf(prefix);
  if (at < 0) return undefined;
  const close = line.indexOf(']', at);
  if (close < 0) return undefined;
  return { info: line.slice(at + prefix.length, close), data: line.slice(close + 1) };
}

function legacyProperties(text: string): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const pair of text.split(';').filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq > 0 && eq < pair.length - 1)
      properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1), legacyEscapes);
  }
  return properties;
}

function tryParse(line: string, registered: Set<string>): Parsed | undefined {
  const found = bracketed(line, '##[');
  if (!found) return undefined;
  const space = found.info.indexOf(' ');
  const command = space < 0 ? found.info : found.info.slice(0, space);
  if (!registered.has(command.toLowerCase())) return undefined;
  return {
    command,
    properties: space > 0 ? legacyProperties(found.info.slice(space + 1)) : {},
    data: unescape(found.data, legacyEscapes),
  };
}

const read = (line: string, culture: boolean) => (culture ? line.replace(invisible, '') : line);

/** What GitHub's runner does with the lines of `text` (stop-commands included), in order. */
export function githubCommands(text: string, { culture = false } = {}): RunnerCommand[] {
  const registered = new Set(githubRegistered);
  let stopToken: string | undefined;
  const out: RunnerCommand[] = [];
  for (const raw of runnerLines(text)) {
    const line = read(raw, culture);
    if (!line || (!line.includes('##[') && !line.includes('::'))) continue;
    const parsed = tryParseV2(line, registered) ?? tryParse(line, registered);
    if (!parsed) continue;
    const name = parsed.command.toLowerCase();
    if (stopToken !== undefined) {
      if (name !== stopToken.toLowerCase()) continue;
      registered.delete(stopToken.toLowerCase());
      stopToken = undefined;
    } else if (name === 'stop-commands') {
      stopToken = parsed.data;
      registered.add(stopToken.toLowerCase());
    }
    out.push({ runner: 'github', ...parsed, line: raw });
  }
  return out;
}

/** What the Azure Pipelines agent reads as logging commands. */
export function azureCommands(text: string, { culture = false } = {}): RunnerCommand[] {
  const out: RunnerCommand[] = [];
  for (const raw of runnerLines(text)) {
    const found = bracketed(read(raw, culture), '##vso[');
    if (!found) continue;
    const space = found.info.indexOf(' ');
    const command = space < 0 ? found.info : found.info.slice(0, space);
    if (command.split('.').filter(Boolean).length !== 2) continue;
    const properties = space > 0 ? legacyProperties(found.info.slice(space + 1)) : {};
    out.push({ runner: 'azure', command, properties, data: found.data, line: raw });
  }
  return out;
}

const gitlabSection =
  /section_(start|end):(\d+):([a-zA-Z0-9_.-]+)(\[(?:\w+=\w+)(?:, ?(?:\w+=\w+))*\])?\r\x1b\[0K/g;

/** GitLab's collapsible-section markers in a job log. */
export function gitlabCommands(text: string): RunnerCommand[] {
  return [...text.matchAll(gitlabSection)].map((m) => ({
    runner: 'gitlab' as const,
    command: `section_${m[1]}`,
    properties: { time: m[2] as string, name: m[3] as string, options: m[4] ?? '' },
    data: '',
    line: m[0],
  }));
}

/** Every command any of the three runners would act on, read both ways (ordinal and the culture's). */
export function runnerCommands(text: string): RunnerCommand[] {
  return [
    ...githubCommands(text),
    ...githubCommands(text, { culture: true }),
    ...azureCommands(text),
    ...azureCommands(text, { culture: true }),
    ...gitlabCommands(text),
  ];
}
