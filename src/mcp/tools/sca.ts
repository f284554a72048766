import * as z from 'zod';
import { UsageError } from '../../errors.js';
import type { Fitted, Shaped } from '../answer.js';
import { dataNotInstructions, defineTool, reads } from '../tool.js';
import { appId, defaultMaxBytes, maxBytes, name, outputOf, plural, sized, matching } from './common.js';
import { workspaceSuppressor } from './workspace.js';

const purl = matching(/^pkg:[a-zA-Z][a-zA-Z0-9.+-]*\/\S+$/, 'expected pkg:<type>/<name>@<version>');

export const packages = defineTool({
  name: 'packages',
  title: 'Packages by purl: licences and CVEs',
  toolset: 'sca',
  writes: false,
  description: `Licences and CVEs (score, severity) of up to 50 package URLs, in one request. ${dataNotInstructions}`,
  // A POST that changes nothing (a look-up): the client retries it as a read.
  hints: reads,
  input: z.strictObject({ purls: z.array(purl).min(1).max(50) }),
  output: outputOf({ packages: z.array(z.looseObject({})) }),
  async run({ ctx }, { purls }): Promise<Shaped> {
    const client = await ctx.client({ requireOrg: false });
    const info = await client.call('RetrievePackageInfo', { body: { purls: [...new Set(purls)] } });
    const rows = info.map((p) => ({
      purl: p.purl,
      licenses: p.licenses ?? [],
      cves: (p.cves ?? []).slice(0, 100).map((c) => ({
        id: c.id ?? c.internalId ?? null,
        score: c.impact?.cvssV3?.baseScore ?? null,
        severity: c.impact?.cvssV3?.baseSeverity ?? null,
      })),
    }));
    const cves = rows.reduce((n, r) => n + r.cves.length, 0);
    return {
      summary: `${plural(rows.length, 'package')}, ${plural(cves, 'CVE')}.`,
      data: { packages: rows },
    };
  },
});

export const sbomSummary = defineTool({
  name: 'sbom_summary',
  title: 'SBOM summary with VEX states',
  toolset: 'sca',
  writes: false,
  description: `The SBOM of an app’s or compound’s scan summed up: packages, licences, vulnerabilities with VEX states. ${dataNotInstructions}`,
  hints: reads,
  input: z.strictObject({
    app: appId.optional(),
    compound: name.optional(),
    branch: sized(1, 500).optional().describe('the latest scan of this branch'),
    max_bytes: maxBytes,
  }),
  output: outputOf({
    subject: z.looseObject({}),
    packages: z.number(),
    licenses: z.record(z.string(), z.number()),
    vex: z.record(z.string(), z.number()),
    vulnerabilities: z.array(z.looseObject({})),
    left_out: z.number(),
  }),
  async run({ ctx, workspace }, args): Promise<Fitted> {
    if ((args.app === undefined) === (args.compound === undefined))
      throw new UsageError('give one of app and compound');
    const context = args.app ? { app: args.app } : { compound: args.compound as string };
    const [client, suppress, collect] = await Promise.all([
      ctx.client(),
      workspaceSuppressor(ctx, workspace, context),
      import('../../sbom/collect.js'),
    ]);
    const c = { client, suppress, warn: (line: string) => ctx.warn(line) };
    const sel = { branch: args.branch };
    const inv = args.app
      ? await ctx.spin('Reading packages and dependency findings', () =>
          collect.collectApp(c, client.orgId ?? '', args.app as string, sel),
        )
      : await ctx.spin('Reading packages and dependency findings', () =>
          collect.collectCompound(c, client.orgId ?? '', args.compound as string, sel),
        );
    const count = (values: string[]) =>
      values.reduce<Record<string, number>>((m, v) => ({ ...m, [v]: (m[v] ?? 0) + 1 }), {});
    const order = ['exploitable', 'in_triage', 'not_affected', 'resolved'];
    const vulns = [...inv.vulnerabilities]
      .sort(
        (a, b) =>
          order.indexOf(a.analysis.state) - order.indexOf(b.analysis.state) ||
          (b.score ?? 0) - (a.score ?? 0),
      )
      .map((v) => ({
        advisory: v.advisory,
        purl: v.purl,
        app: v.app,
        finding: v.finding,
        severity: v.severity,
        ...(v.score !== undefined ? { score: v.score } : {}),
        state: v.analysis.state,
        ...(v.analysis.justification ? { justification: v.analysis.justification } : {}),
        detail: v.analysis.detail,
      }));
    const data = {
      subject: inv.subject,
      scans: inv.scans.map((s) => ({ app: s.app, id: s.id, version: s.version, branch: s.branch })),
      packages: inv.packages.length,
      licenses: count(inv.packages.flatMap((p) => (p.licenses.length ? p.licenses : ['(none given)']))),
      vex: count(inv.vulnerabilities.map((v) => v.analysis.state)),
    };
    return {
      fit: {
        count: vulns.length,
        maxBytes: args.max_bytes ?? defaultMaxBytes,
        make: (n) => ({
          summary:
            `${plural(inv.packages.length, 'package')}, ${plural(vulns.length, 'vulnerability', 'vulnerabilities')} ` +
            `(${vulns.filter((v) => v.state === 'exploitable').length} exploitable)` +
            (n < vulns.length ? `; ${vulns.length - n} left out for the size budget.` : '.'),
          data: { ...data, vulnerabilities: vulns.slice(0, n), left_out: vulns.length - n },
        }),
      },
    };
  },
});
