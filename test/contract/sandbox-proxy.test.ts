import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildQuery, fillPath, type Operation } from '@secscan/api/operation';
import { allOperations, type OperationId, operations } from '@secscan/api/operations';
import { schemasOf } from '@secscan/api/operations/schemas';
import { type RunningSandbox, startSandbox } from '@secscan/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipReason } from './harness.js';
import { type PrismProxy, startPrismProxy, type Violation, violationsOf } from './prism.js';
import {
  byName,
  derivedStep,
  type Direct,
  type DriveStep,
  readSteps,
  resolve,
  type Seeded,
} from './sandbox-drive.js';
import { writeSteps } from './sandbox-drive-writes.js';
import { proxyExceptions } from './sandbox-exceptions.js';
import { loadVendor, vendorPresent } from './vendor.js';

/**
 * The sandbox's answers against the vendor's OpenAPI document, as a client of the service would check them:
 * every operation of the table driven once through Prism's validation proxy (`prism proxy DOC SANDBOX
 * --errors`, the document's paths prefixed by /api/v4 in a copy written for the run). Each violation Prism
 * reports must be one the specification explains (sandbox-exceptions.ts, each with its reason), and each
 * exception must still be seen, so the list never outlives what it excuses.
 */

interface Driven {
  op: OperationId;
  /** What the sandbox answered (its request log), before Prism judged it. */
  status: number;
  violations: Violation[];
  /** The step could not be sent (a `before` failed): the reason. */
  error?: string;
}

const api = '/api/v4';
/**
 * Every operation of the table, once: the reads first (an explicit step of readSteps() or one derived from
 * the table, in the table's order), then the writes in their order (and the reads of what they made).
 */
function driveSteps(): DriveStep[] {
  const reads = readSteps();
  const writes = writeSteps();
  const first = allOperations
    .filter((op) => !Object.hasOwn(writes, op.id))
    .map((op) => {
      const step = reads[op.id as OperationId];
      return step ? { op: op.id as OperationId, ...step } : derivedStep(op);
    });
  return [...first, ...Object.entries(writes).map(([op, step]) => ({ op: op as OperationId, ...step }))];
}

const steps = driveSteps();
const driven = new Map<OperationId, Driven>();
let sandbox: RunningSandbox;
let proxy: PrismProxy;
let dir: string;
const log: string[] = [];

/** The document with each path under /api/v4 and no servers: Prism forwards the path as it came. */
function prefixedDocument(file: string): void {
  const doc = loadVendor();
  doc.paths = Object.fromEntries(Object.entries(doc.paths).map(([path, item]) => [`${api}${path}`, item]));
  delete doc.servers;
  writeFileSync(file, JSON.stringify(doc));
}

const headers = () => ({ authorization: `Bearer ${sandbox.token}` });

const direct: Direct = {
  async read(op, path = {}, query = '') {
    const url = `${sandbox.url}${api}${fillPath(operations[op].path, { orgID: sandbox.orgId, ...path })}`;
    const res = await fetch(`${url}${query ? `?${query}` : ''}`, { headers: headers() });
    if (!res.ok) throw new Error(`${op}: the sandbox answered ${res.status}: ${await res.text()}`);
    return res.json();
  },
  async approve(service) {
    const start = service === 'chat' ? '/slack/authorize' : '/azureboard/authorization';
    const res = await fetch(`${sandbox.url}${api}${start}/orgs/${sandbox.orgId}`, {
      headers: headers(),
      redirect: 'manual',
    });
    const consent = res.headers.get('location') as string;
    const answered = await fetch(consent, { method: 'POST', redirect: 'manual' });
    const callback = new URL(answered.headers.get('location') as string);
    return `${callback.pathname.slice(api.length)}${callback.search}`;
  },
};

/** Reads, from the sandbox itself, the ids the seed made at random. */
async function seed(): Promise<Seeded> {
  const app = 'shiftleft-java-demo';
  const scans = (await direct.read('ListScans', { appID: app })).response.scans as {
    id: string;
    version: string;
  }[];
  const [latest, previous] = scans as [(typeof scans)[number], (typeof scans)[number]];
  const branch = (await direct.read('ReadApp', { appID: app })).response.base_branch as string;
  const findings = (await direct.read('ListAppFindings', { appID: app }, 'status=any&per_page=250')).response
    .findings as { id: string; type: string }[];
  const vuln = findings.find((f) => f.type === 'vuln') as { id: string };
  const compound = (await direct.read('ReadCompoundShallowByName', { compoundName: 'shop' })).response;
  const compoundScans = (await direct.read('ListScansInCompound', { compoundName: 'shop' })).response.scans;
  const teams = (await direct.read('ListTeams')).response as { team_id: string; team_name: string }[];
  const team = teams.find((t) => t.team_name === 'Payments')?.team_id as string;
  const teamGroups = (await direct.read('ListGroups', { rbacTeamID: team })).response as {
    group_id: string;
  }[];
  const groups = (await direct.read('ListHumanGroups')).response.groups as {
    group_id: string;
    teams: unknown[];
  }[];
  const users = (await direct.read('ListOrgRBACUsers')).response as { email: string; id_v2: string }[];
  const user = (email: string) => users.find((u) => u.email === email)?.id_v2 as string;
  const failures = (await direct.read('ListAnalyzeFailures')).response.failures as { id: string }[];
  const backups = (await direct.read('ListOrganizationBackups')).response as { backup_id: string }[];
  const roles = (await direct.read('ListRoles')).response as { id: string; label: string }[];
  return {
    orgId: sandbox.orgId,
    app,
    branch,
    scan: latest.id,
    otherScan: previous.id,
    version: latest.version,
    finding: vuln.id,
    secondFinding: (findings.find((f) => f.id !== vuln.id) as { id: string }).id,
    compound: compound.name,
    compoundId: compound.id,
    polyglotScan: String(compoundScans[0].id),
    team,
    teamGroup: (teamGroups[0] as { group_id: string }).group_id,
    group: (groups.find((g) => g.teams.length === 0) as { group_id: string }).group_id,
    user: user('member@initech.example'),
    doomedUser: user('collaborator@initech.example'),
    failure: (failures[0] as { id: string }).id,
    backup: (backups[0] as { backup_id: string }).backup_id,
    ciRole: (roles.find((r) => r.label === 'CI token') as { id: string }).id,
  };
}

/** Sends one step through Prism and records what the sandbox answered and what Prism found. */
async function drive(seeded: Seeded, step: (typeof steps)[number]): Promise<void> {
  await step.before?.(seeded, direct);
  const op: Operation = operations[step.op];
  const raw = resolve(step.raw, seeded);
  const path =
    raw ??
    `${fillPath(op.path, { ...byName(seeded), orgID: sandbox.orgId, ...resolve(step.path, seeded) })}${buildQuery(resolve(step.query, seeded))}`;
  const body = resolve(step.body, seeded);
  const yaml = op.requestMedia?.includes('yaml');
  const mark = log.length;
  const res = await fetch(`${proxy.baseUrl}${api}${path}`, {
    method: op.method,
    headers: {
      ...headers(),
      ...(body === undefined ? {} : { 'content-type': op.requestMedia ?? 'application/json' }),
    },
    ...(body === undefined ? {} : { body: yaml ? (body as string) : JSON.stringify(body) }),
    redirect: 'manual',
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const headerMap = Object.fromEntries(res.headers);
  const violations = violationsOf(headerMap, bytes);
  if (op.private) {
    const answer = await privateAnswer(op, path, body);
    driven.set(step.op, {
      op: step.op,
      status: answer.status,
      violations: [...violations, ...answer.violations],
    });
    return;
  }
  // The sandbox's own status: the request log line of this path (Prism may follow a redirect after it).
  const pathOnly = `${api}${path.split('?')[0]}`;
  const line = log.slice(mark).find((l) => l.startsWith(`${op.method} ${pathOnly} `));
  driven.set(step.op, {
    op: step.op,
    status: line ? Number(line.split(' ')[2]) : 0,
    violations,
  });
}

/**
 * A path outside the document, which Prism does not forward: sent to the sandbox itself, its answer held to
 * the shape the vendor's clients read (the operation's response schema), each issue a violation.
 */
async function privateAnswer(
  op: Operation,
  path: string,
  body: unknown,
): Promise<{ status: number; violations: Violation[] }> {
  const res = await fetch(`${sandbox.url}${api}${path}`, {
    method: op.method,
    headers: { ...headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { ok?: unknown; response?: unknown };
  const schema = (await schemasOf(op)).response;
  const checked = schema?.safeParse(json.response);
  const issues = [
    ...(json.ok === true ? [] : [{ location: ['response', 'body', 'ok'], message: 'must be true' }]),
    ...(checked === undefined ? [{ location: ['response'], message: 'no response schema' }] : []),
    ...(checked?.success === false
      ? checked.error.issues.map((i) => ({
          location: ['response', 'body', 'response', ...i.path.map(String)],
          message: i.message,
        }))
      : []),
  ];
  return { status: res.status, violations: issues };
}

const suite = vendorPresent ? describe : describe.skip;

suite(
  skipReason === undefined
    ? 'contract: the sandbox through Prism’s validation proxy, every operation'
    : `contract: the sandbox through Prism’s validation proxy (skipped: ${skipReason})`,
  () => {
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'secscan-prism-proxy-'));
      sandbox = await startSandbox({
        seed: 1,
        auditLog: true,
        autofixDelay: 0,
        log: (line) => log.push(line),
      });
      const doc = join(dir, 'openapi-v4.api-v4.json');
      prefixedDocument(doc);
      proxy = await startPrismProxy(doc, sandbox.url);
      const seeded = await seed();
      for (const step of steps) {
        await drive(seeded, step).catch((error: Error) => {
          driven.set(step.op, { op: step.op, status: 0, violations: [], error: error.message });
        });
      }
    }, 240_000);

    afterAll(async () => {
      // Every request's outcome, to look into a failure: SECSCAN_PROXY_REPORT=FILE.
      const report = process.env.SECSCAN_PROXY_REPORT;
      if (report) writeFileSync(report, JSON.stringify([...driven.values()], null, 2));
      await proxy?.close();
      await sandbox?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('drives every operation of the table once', () => {
      expect(steps.map((s) => s.op).sort()).toEqual(allOperations.map((op) => op.id).sort());
    });

    it.each(allOperations.map((op) => op.id as OperationId))(
      '%s: the sandbox answers with success, and Prism finds nothing the specification does not explain',
      (id) => {
        const run = driven.get(id);
        expect(run, 'not driven').toBeDefined();
        const { status, violations, error } = run as Driven;
        expect(error).toBeUndefined();
        const expected = steps.find((s) => s.op === id)?.answers;
        if (expected) expect(status, expected.because).toBe(expected.status);
        else {
          expect(status, `${id}: the sandbox's status`).toBeGreaterThanOrEqual(200);
          expect(status, `${id}: the sandbox's status`).toBeLessThan(400);
        }
        const unexplained = violations
          .filter((v) => !proxyExceptions.some((e) => e.op === id && e.matches(v)))
          .map((v) => `${v.location?.join('.') ?? ''}: ${v.message}`);
        expect(unexplained).toEqual([]);
      },
    );

    it('where the specification and the document disagree, follows the specification', async () => {
      // The document lets a request through that the specification refuses: Prism finds nothing wrong with
      // it, the sandbox answers 400 as the service does.
      const send = async (path: string, init: RequestInit = {}) => {
        const res = await fetch(`${proxy.baseUrl}${api}/orgs/${sandbox.orgId}${path}`, {
          ...init,
          headers: { ...headers(), 'content-type': 'application/json' },
        });
        const bytes = Buffer.from(await res.arrayBuffer());
        return {
          status: res.status,
          violations: violationsOf(Object.fromEntries(res.headers), bytes),
          bytes,
        };
      };
      // The SCM secrets audit: one of by-project and by-user must be given (the document marks both optional).
      const audit = await send('/scm-secrets-audit-log?days=31');
      expect([audit.status, audit.violations]).toEqual([400, []]);
      expect(JSON.parse(audit.bytes.toString()).validation_errors).toEqual([
        'by-project: or by-user is required',
      ]);
      // role_type: a custom role is `team` or `organization`; the document's name for the predefined ones is
      // no role type the specification knows.
      const role = await send('/rbac/roles', {
        method: 'POST',
        body: JSON.stringify({ name: 'Vendor named', scopes: ['apps:list'], role_type: 'qwiet' }),
      });
      expect([role.status, role.violations]).toEqual([400, []]);
    });

    it('sees every exception it lists (none outlives what it excuses)', () => {
      const unused = proxyExceptions.filter(
        (e) => !(driven.get(e.op)?.violations ?? []).some((v) => e.matches(v)),
      );
      expect(unused.map((e) => `${e.op}: ${e.reason}`)).toEqual([]);
    });
  },
);
