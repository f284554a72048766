import { UsageError } from '../../errors.js';
import { sbomDocument } from '../../output/export/texts.js';
import { choice, defineVerb, flag, parsed, text } from '../define.js';
import { appId, scanId } from '../parsers.js';
import { concurrencyOption, fanOut, withProgress } from '../shared/fan-out.js';
import { ignoreFileOption, loadSuppressor } from '../shared/ignore-file.js';
import { checkOutputFile } from '../shared/outputs.js';
import { plural } from '../../util/plural.js';

const formats = ['cyclonedx', 'cyclonedx-1.5', 'spdx'] as const;

export default defineVerb({
  name: 'sbom',
  section: 'daily',
  summary: 'Write a bill of materials (CycloneDX or SPDX) with the dependency findings’ triage as VEX',
  description:
    'The packages of a scan as a CycloneDX 1.6 JSON document (--format cyclonedx-1.5 for older consumers, ' +
    '--format spdx for SPDX 2.3 JSON), on standard output or atomically into --out FILE: each package with ' +
    'its purl (its bom-ref, in the purl specification’s canonical form), the name and version the purl ' +
    'names and the licences the service gives; the app (or each app of a ' +
    'compound or of the organization) depending on its packages; metadata naming the app, the scan, its ' +
    'commit and branch, and secscan. The service gives no file hashes and no graph between packages, so the ' +
    'document has none.\n\n' +
    'Each advisory on a package is a vulnerability (SPDX: a SECURITY advisory reference on its package): the ' +
    'advisory id and source, the CVSS score and severity of the finding’s tags, the package it affects, and ' +
    'a VEX analysis from what someone stated, never from free text: fixed is resolved; an entry of the ' +
    'ignore file (.secscan/ignore.yml) that suppresses the finding and states vex: not_affected (with its ' +
    'justification:) or false_positive gives that state; so does the finding’s vex tag ' +
    '(not_affected:JUSTIFICATION or false_positive); the service’s reachability analysis finding no path is ' +
    'not_affected (code_not_reachable); a finding ignored in the service or suppressed by the ignore file, ' +
    'with no such statement, is exploitable with the response will_not_fix (the risk accepted), its reason ' +
    '(the last comment on the finding, or the entry’s reason, place, owner and expiry) in the detail; ' +
    'reachable is exploitable; the rest in_triage. Every not_affected has its justification. Several ' +
    'findings of one advisory on one package (in an app, or across the apps of --compound or --all-apps) ' +
    'are one vulnerability whose analysis is the most severe of theirs (exploitable, in_triage, ' +
    'not_affected or false_positive, resolved), the others’ verdicts named in its detail. --vex-only ' +
    'writes the vulnerabilities alone (CycloneDX), each affecting a BOM-Link (urn:cdx:SERIAL/1#PURL) into ' +
    'the BOM of the same scan and format.\n\n' +
    'What the service sends is checked: a package URL that does not parse, an app or finding given twice, ' +
    'a package look-up answering for packages not asked for are exit 8, never written.\n\n' +
    'The same scan gives the same bytes: the serial number is derived from the scans read, the time is the ' +
    'scan’s (to the second), every list is sorted. --all-apps reads every app of the organization, a few at a time ' +
    '(--concurrency), into one document: each app’s answers are dropped once read, so memory grows with ' +
    'the document, not with what the service sends. --jq filters the document.',
  examples: [
    'secscan sbom --app shiftleft-java-demo > sbom.cdx.json',
    'secscan sbom --app shiftleft-java-demo --format spdx --out sbom.spdx.json',
    'secscan sbom --compound shop --branch main --format cyclonedx-1.5',
    'secscan sbom --app shiftleft-java-demo --vex-only --out vex.cdx.json',
    'secscan sbom --all-apps --concurrency 8 --out org.cdx.json',
  ],
  operations: [
    'ReadAppSCAPackages',
    'ReadCompoundSCAPackages',
    'ReadScan',
    'ReadCompoundScan',
    'ListAppFindings',
    'ListCompoundFindings',
    'ListAppFindingComments',
    'RetrievePackageInfo',
    'ListApps',
  ],
  options: {
    app: parsed('--app <id>', 'the packages of this app’s scan', appId(), {
      conflicts: ['compound', 'allApps'],
      complete: 'app',
    }),
    compound: text('--compound <name>', 'the packages of this compound’s scan (every app of it)', {
      conflicts: ['allApps'],
      complete: 'compound',
    }),
    allApps: flag('--all-apps', 'every app of the organization, each its latest scan (of --branch)'),
    scan: parsed('--scan <id>', 'this scan (--compound: this compound scan; default the latest)', scanId(), {
      conflicts: ['branch'],
    }),
    branch: text('--branch <name>', 'the latest scan of this branch'),
    format: choice('--format <format>', 'cyclonedx (1.6, the default), cyclonedx-1.5 or spdx (2.3)', formats),
    vexOnly: flag(
      '--vex-only',
      'only the vulnerabilities and their analysis, referencing the BOM (CycloneDX)',
    ),
    out: text('--out <file>', 'write the document to FILE (whole or not at all) instead of standard output', {
      complete: 'file',
    }),
    ignoreFile: ignoreFileOption,
    concurrency: concurrencyOption,
  },
  document: sbomDocument,
  validate({ opts }) {
    if (opts.app === undefined && opts.compound === undefined && !opts.allApps) {
      throw new UsageError('give --app ID, --compound NAME or --all-apps');
    }
    if (opts.allApps && opts.scan !== undefined) {
      throw new UsageError(
        '--scan needs --app or --compound (with --all-apps, --branch picks each app’s scan)',
      );
    }
    if (opts.vexOnly && opts.format === 'spdx') {
      throw new UsageError('--vex-only needs --format cyclonedx or cyclonedx-1.5 (SPDX 2.3 has no VEX)');
    }
    if (opts.out !== undefined) checkOutputFile('--out', opts.out);
  },
  async run(ctx, { opts }) {
    const context = opts.app ? { app: opts.app } : opts.compound ? { compound: opts.compound } : {};
    const suppress = await loadSuppressor(ctx, opts.ignoreFile, context);
    const [{ client, scheduler }, collect, { expiryNotices }, { safeJson }] = await Promise.all([
      fanOut(ctx, opts.concurrency),
      import('../../sbom/collect.js'),
      import('../../ignores/match.js'),
      import('../../streams/sanitize.js'),
    ]);
    if (suppress) ctx.warn(expiryNotices(suppress.file, suppress.expired));
    const c = { client, suppress, warn: (line: string) => ctx.warn(line) };
    const org = client.orgId ?? '';
    const sel = { scan: opts.scan, branch: opts.branch };
    const reading = 'Reading packages and dependency findings';
    const { app, compound } = opts;
    const inventory =
      app !== undefined
        ? await ctx.spin(reading, () => collect.collectApp(c, org, app, sel))
        : compound !== undefined
          ? await ctx.spin(reading, () => collect.collectCompound(c, org, compound, sel))
          : await withProgress(ctx, 'Reading packages', ['app'], scheduler, () =>
              collect.collectOrganization(c, org, sel, scheduler),
            );
    const tool = { name: 'secscan', version: ctx.version };
    const format = opts.format ?? 'cyclonedx';
    const doc =
      format === 'spdx'
        ? (await import('../../sbom/spdx.js')).spdx(inventory, tool)
        : (await import('../../sbom/cyclonedx.js')).cyclonedx(
            inventory,
            format === 'cyclonedx-1.5' ? '1.5' : '1.6',
            tool,
            opts.vexOnly,
          );
    if (opts.out === undefined) return { kind: 'document', document: { type: 'sbom' as const, bom: doc } };
    const [{ writeReportFile }, { wroteNotice }] = await Promise.all([
      import('../../output/export/write.js'),
      import('../../output/core/wrote.js'),
    ]);
    const bytes = await writeReportFile('--out', opts.out, `${safeJson(doc, 2)}\n`);
    const holds = [
      opts.vexOnly ? '' : plural(inventory.packages.length, 'package'),
      plural(inventory.vulnerabilities.length, 'vulnerability', 'vulnerabilities'),
    ];
    ctx.note(wroteNotice(opts.out, bytes, holds.filter(Boolean).join(', ')));
    return { kind: 'none' };
  },
});
