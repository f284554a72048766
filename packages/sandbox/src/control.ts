import { recordScan, type RecordedScan } from './analysis/record-scan.js';
import { onDefaultBranch, scanInfo } from './analysis/shape.js';
import type { ScanRecord } from './model/analysis.js';
import { authenticate } from './auth.js';
import {
  controlCompleteFixesPath,
  controlFaultsPath,
  controlScanPath,
  controlSourcesPath,
  FaultsBody,
  type FaultsResult,
  ScanControlBody,
  type ScanControlResult,
} from '@secscan/api/sandbox-control';
import { completeFixes } from './analysis/autofix.js';
import { demoSources } from './analysis/sources.js';
import { checkRules, type Faults } from './faults.js';
import { error, forbidden, invalid, ok, type Reply } from './http.js';
import { isSuperAdmin } from './permissions.js';
import type { SandboxState } from './state.js';
import { type Delivery, type DeliveryOptions, deliverEvent } from './webhooks.js';

export interface ControlRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: string;
  state: SandboxState;
  /** Persists the state after a change. */
  save(): void;
  deliveries: DeliveryOptions & { track(delivery: Delivery): void };
  /** Arms the timer of the scans under way (a scan recorded as running ends when its time comes). */
  running: { schedule(): void };
  /** The server's fault rules (`/_sandbox/faults`). */
  faults: Faults;
}

export function isControlPath(path: string): boolean {
  return path === controlScanPath || path.startsWith('/_sandbox/');
}

function scanOf(state: SandboxState, scan: ScanRecord): Record<string, unknown> {
  return {
    ...scanInfo(scan),
    status: scan.status,
    branch: scan.branch,
    is_default_branch: onDefaultBranch(state, scan),
  };
}

/** The `scan.finished` payload: the sandbox's own shape (the specification does not show the service's). */
function scanFinished(
  state: SandboxState,
  recorded: RecordedScan,
  deliveryId: string,
): Record<string, unknown> {
  const bySeverity = (list: { severity: string }[]) =>
    list.reduce<Record<string, number>>((m, f) => ({ ...m, [f.severity]: (m[f.severity] ?? 0) + 1 }), {});
  return {
    event: 'scan.finished',
    delivery_id: deliveryId,
    created_at: new Date().toISOString(),
    org_id: state.org.id,
    status: recorded.status,
    branch: recorded.branch,
    ...(recorded.polyglot
      ? { compound: { name: recorded.polyglot.compound, polyglot_scan_id: recorded.polyglot.record.id } }
      : { app: recorded.scans[0]?.app }),
    scans: recorded.scans.map((s) => ({ ...scanOf(state, s), total: s.finding_ids.length })),
    findings: {
      new: recorded.added.length,
      fixed: recorded.fixed.length,
      regressed: recorded.regressed.length,
      new_by_severity: bySeverity(recorded.added),
    },
  };
}

const controlMethods: Record<string, readonly string[]> = {
  [controlScanPath]: ['POST'],
  [controlFaultsPath]: ['GET', 'POST'],
  [controlSourcesPath]: ['GET'],
  [controlCompleteFixesPath]: ['POST'],
};

/** The demo sources of one app (`app`), or of every app with findings. */
function sources(req: ControlRequest): Reply {
  const app = req.query.get('app');
  if (app !== null && !req.state.apps.some((a) => a.id === app)) {
    return error(404, 'NOT_FOUND', `no app has the id ${app}`);
  }
  const apps = app === null ? req.state.apps.map((a) => a.id) : [app];
  return ok({
    apps: apps
      .map((id) => ({ app: id, files: demoSources(req.state, id) }))
      .filter((a) => app !== null || a.files.length > 0),
  });
}

/** The sandbox's control routes: outside `/api/v4`, for a Super Admin user's token only. */
export function handleControl(req: ControlRequest): Reply {
  const allowed = controlMethods[req.path];
  if (!allowed) return error(404, 'NOT_FOUND', `no control route ${req.path}`);
  if (!allowed.includes(req.method))
    return error(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed here (use ${allowed.join(', ')})`);
  const faults = req.path === controlFaultsPath;
  const auth = authenticate(req.state, req.authorization);
  if (!auth.ok) return error(401, 'UNAUTHORIZED', auth.message);
  if (!isSuperAdmin(auth.caller)) {
    return forbidden(
      "the sandbox's control routes take a Super Admin user's token (the SECSCAN_TOKEN it printed)",
    );
  }
  if (req.path === controlSourcesPath) return sources(req);
  if (req.path === controlCompleteFixesPath) {
    const completed = completeFixes(req.state, Date.now());
    if (completed) req.save();
    return ok({ completed });
  }
  if (faults && req.method === 'GET') return ok({ rules: req.faults.list() } satisfies FaultsResult);
  let raw: unknown;
  try {
    raw = req.body.trim() === '' ? {} : JSON.parse(req.body);
  } catch (e) {
    return invalid('malformed JSON body', [`body: ${(e as Error).message}`]);
  }
  if (faults) return setFaults(req.faults, raw);
  const parsed = ScanControlBody.safeParse(raw);
  if (!parsed.success) {
    return invalid(
      'invalid request body',
      parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)),
    );
  }
  const result = recordControlScan(req.state, parsed.data, req.deliveries, req.running);
  req.save();
  return ok(result);
}

/** `POST /_sandbox/faults`: the rules from now on, in place of those before (`{ rules: [] }`: none). */
function setFaults(faults: Faults, raw: unknown): Reply {
  const rules = (raw as { rules?: unknown } | null)?.rules;
  const problems = Array.isArray(rules) ? checkRules(rules, (i) => `rules.${i}`) : [];
  const parsed = FaultsBody.safeParse(raw);
  if (problems.length || !parsed.success) {
    const issues = parsed.success
      ? []
      : parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
    return invalid('invalid request body', problems.length ? problems : issues);
  }
  faults.set(parsed.data.rules);
  return ok({ rules: faults.list() } satisfies FaultsResult);
}

/**
 * Delivers `scan.finished` for a scan that has ended (completed or failed) to the webhooks registered for
 * it, and logs the end of a scan that ran.
 */
export function announceScan(
  state: SandboxState,
  recorded: RecordedScan,
  webhooks: DeliveryOptions & { track(delivery: Delivery): void },
): Delivery[] {
  const deliveries = deliverEvent(
    state,
    'scan.finished',
    (id) => scanFinished(state, recorded, id),
    webhooks,
  );
  for (const d of deliveries) webhooks.track(d);
  return deliveries;
}

/**
 * Records a scan and, once it has ended, delivers `scan.finished` to the webhooks registered for it: the
 * control route's work, and `scan()` of a sandbox started from code. A scan recorded as running ends later
 * (`running` arms its timer), and the event is delivered then. A scan the state cannot take (an unknown
 * app, more findings to fix than there are) throws a ReplyError.
 */
export function recordControlScan(
  state: SandboxState,
  body: ScanControlBody,
  webhooks: DeliveryOptions & { track(delivery: Delivery): void },
  running: { schedule(): void },
): ScanControlResult {
  const recorded = recordScan(state, body);
  const deliveries = recorded.status === 'running' ? [] : announceScan(state, recorded, webhooks);
  if (recorded.status === 'running') running.schedule();
  return {
    status: recorded.status,
    ...(recorded.ends_at ? { ends_at: recorded.ends_at } : {}),
    branch: recorded.branch,
    scans: recorded.scans.map((s) => scanOf(state, s)) as ScanControlResult['scans'],
    ...(recorded.polyglot
      ? { polyglot_scan: { id: recorded.polyglot.record.id, compound: recorded.polyglot.compound } }
      : {}),
    new: recorded.added.map((f) => f.id),
    fixed: recorded.fixed.map((f) => f.id),
    regressed: recorded.regressed.map((f) => f.id),
    webhooks: deliveries.map((d) => ({ delivery_id: d.delivery_id, url: d.url })),
  };
}
