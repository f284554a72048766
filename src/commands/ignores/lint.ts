import { ExitCode } from '../../errors.js';
import type { IgnoreProblem } from '../../output/views/ignores.js';
import { ignoreProblemView } from '../../output/views/ignores.js';
import { defineVerb, flag, optionalArg, parsed, text } from '../define.js';
import { duration } from '../parsers.js';
import { requireIgnores } from './internal/file.js';

const day = 86_400;

export default defineVerb({
  name: 'lint',
  summary:
    'Check the ignore file: expired, expiring, unused, duplicate entries, misplaced VEX (exit 1 on any)',
  description:
    'Read the ignore file (FILE, else .secscan/ignore.yml found from the working directory up to the ' +
    'repository root) as the gate does and list its problems: expired, expiring, unused or duplicate ' +
    'entries, VEX where it does not belong. Exit 1 when any is found, 0 when none: a CI check.\n\n' +
    'It reads the file line by line and finds: entries that have expired ' +
    '(they suppress nothing), entries expiring within --within (14 days unless given), entries that match ' +
    'no finding of the latest scans (unused: the latest compound scan of a `scope` compound, the latest ' +
    'scan of its app or `scope` apps, else the organization listing; --offline skips this check and sends ' +
    'no request), duplicates (the same matching keys as an earlier entry), and VEX stated where it does ' +
    'not belong: `vex:` on an entry naming findings by category, title or path rather than by package or ' +
    'id, or matching findings that are not dependency findings. Exit 1 when any is found, ' +
    '0 when none: a CI check. A file that cannot be read or understood is exit 3 with its line.',
  examples: [
    'secscan ignores lint',
    'secscan ignores lint .secscan/ignore.yml --within 30d',
    'secscan ignores lint --offline -o json',
    'secscan ignores lint --branch feature/checkout',
  ],
  operations: ['ListCompoundFindings', 'ListAppFindings', 'ListOrgFindings'],
  args: [
    optionalArg('file', 'the ignore file (default: .secscan/ignore.yml, found from here up)', {
      complete: 'file',
    }),
  ],
  options: {
    within: parsed(
      '--within <duration>',
      'report entries expiring within DURATION, e.g. 14d, 4w (default 14d)',
      duration(),
      {
        default: '14d',
      },
    ),
    offline: flag('--offline', 'skip the check for unused entries: no request to the service'),
    branch: text(
      '--branch <name>',
      'unused: look at the latest scans of this branch (default: the latest scans)',
      {
        conflicts: ['offline'],
      },
    ),
  },
  view: ignoreProblemView,
  async run(ctx, { args: [path], opts }) {
    const file = await requireIgnores(ctx, path);
    const [{ hasExpired }, { addDays, today: todayOf }] = await Promise.all([
      import('../../ignores/match.js'),
      import('../../util/today.js'),
    ]);
    const today = todayOf(ctx.env);
    const within = opts.within ?? 14 * day;
    const horizon = addDays(today, Math.ceil(within / day));
    const problems: IgnoreProblem[] = [];
    const { describeEntry, entryKey } = await import('../../ignores/file.js');
    const seen = new Map<string, number>();
    for (const entry of file.entries) {
      const add = (problem: IgnoreProblem['problem'], detail: string) =>
        problems.push({ line: entry.line, problem, entry: describeEntry(entry), detail });
      if (entry.expires !== undefined && hasExpired(entry, today)) {
        add('expired', `expired on ${entry.expires}: it suppresses nothing`);
      } else if (entry.expires !== undefined && entry.expires <= horizon) {
        const days = Math.round((Date.parse(entry.expires) - Date.parse(today)) / (day * 1000));
        add('expiring', `expires on ${entry.expires}, in ${days} day${days === 1 ? '' : 's'}`);
      }
      if (entry.vex !== undefined && entry.package === undefined && entry.id === undefined) {
        add(
          'vex',
          `states vex: ${entry.vex} for every finding its category, title or path names: a VEX statement is of a package's vulnerability (name the package or the finding id)`,
        );
      }
      const key = entryKey(entry);
      const first = seen.get(key);
      if (first !== undefined) add('duplicate', `names the same findings as the entry at line ${first}`);
      else seen.set(key, entry.line);
    }
    if (!opts.offline) {
      const active = file.entries.filter((e) => !hasExpired(e, today));
      const { entryFindings } = await import('./internal/latest.js');
      const found = await entryFindings(ctx, active, opts.branch);
      const { dependencyTypes } = await import('../../sbom/vex.js');
      const dependency = new Set<string>(dependencyTypes);
      for (const entry of active) {
        const { findings, missing } = found.get(entry) ?? { findings: [], missing: [] };
        const other = entry.vex === undefined ? [] : findings.filter((f) => !dependency.has(f.type));
        if (other.length) {
          const named = other.slice(0, 3).map((f) => `${f.app} #${f.id} ${f.type}`);
          problems.push({
            line: entry.line,
            problem: 'vex',
            entry: describeEntry(entry),
            detail: `states vex: ${entry.vex} but names ${other.length} finding(s) that are not dependency findings (${named.join(', ')}${other.length > 3 ? ', ...' : ''}): VEX is of a package's vulnerability`,
          });
        }
        if (findings.length) continue;
        problems.push({
          line: entry.line,
          problem: 'unused',
          entry: describeEntry(entry),
          detail: `matches no finding of the latest scans${missing.length ? ` (not found: ${missing.join(', ')})` : ''}`,
        });
      }
    }
    problems.sort((a, b) => a.line - b.line);
    const entries = `${file.entries.length} entr${file.entries.length === 1 ? 'y' : 'ies'}`;
    ctx.note(
      problems.length
        ? `${file.path}: ${entries}, ${problems.length} problem${problems.length === 1 ? '' : 's'}.`
        : `${file.path}: ${entries}, no problem found${opts.offline ? ' (unused entries not checked: --offline)' : ''}.`,
    );
    return { kind: 'list', rows: problems, exitCode: problems.length ? ExitCode.gateFailed : ExitCode.ok };
  },
});
