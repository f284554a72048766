import { scanTagPattern, scanVersionPattern } from '@secscan/api/values';
import { UsageError } from '../../../errors.js';
import { type OptionDecl, parsed } from '../../define.js';
import { duration, pattern, scanId } from '../../parsers.js';
import type { Selector } from '../../../gate/selector.js';

const selectorKeys = ['scan', 'version', 'tag'] as const;

/** The longest `--wait`: a day. */
const maxWaitSeconds = 86_400;

/**
 * `--scan`, `--version`, `--tag` and `--wait`, for the verbs that take the scan under test (`scans check`,
 * `scans compare`, `scans wait`); `conflicts` names the verb's other ways of naming that scan.
 */
export function selectorOptions(conflicts: readonly string[], waitHelp: string) {
  const others = (key: (typeof selectorKeys)[number]) => [
    ...selectorKeys.filter((k) => k !== key),
    ...conflicts,
  ];
  return {
    scan: parsed(
      '--scan <id>',
      'the scan under test, by id\n\n(a compound scan id for a compound)',
      scanId(),
      {
        conflicts: others('scan'),
      },
    ),
    version: parsed(
      '--version <version>',
      'the scan under test: the newest of this version\n\n(a commit SHA, or the --version-id given to the analyser)',
      pattern(scanVersionPattern, 'printable characters without spaces, 1 to 128'),
      { conflicts: others('version') },
    ),
    tag: parsed(
      '--tag <key=value>',
      'the scan under test: the newest with this tag\n\n(e.g. pipeline=1234)',
      pattern(scanTagPattern, 'expected KEY=VALUE, e.g. pipeline=1234'),
      { conflicts: others('tag') },
    ),
    wait: parsed('--wait <duration>', waitHelp, duration()),
  } satisfies Record<string, OptionDecl>;
}

interface SelectorOpts {
  scan?: string | undefined;
  version?: string | undefined;
  tag?: string | undefined;
  wait?: number | undefined;
}

/** The selector given, if any; `--wait` without one, or beyond a day, is a usage error. */
export function selectorOf(opts: SelectorOpts): Selector | undefined {
  if (opts.wait !== undefined && opts.wait > maxWaitSeconds) {
    throw new UsageError(`invalid value for --wait: at most a day (24h)`);
  }
  if (opts.scan !== undefined) return { kind: 'scan', id: opts.scan };
  if (opts.version !== undefined) return { kind: 'version', version: opts.version };
  if (opts.tag !== undefined) {
    const i = opts.tag.indexOf('=');
    return { kind: 'tag', key: opts.tag.slice(0, i), value: opts.tag.slice(i + 1) };
  }
  if (opts.wait !== undefined) {
    throw new UsageError('--wait needs the scan to wait for: --scan ID, --version V or --tag KEY=VALUE');
  }
  return undefined;
}
