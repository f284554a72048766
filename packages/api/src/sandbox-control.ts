import * as z from 'zod';
import { allFindingTypes, scanTagPattern, scanVersionPattern } from './values.js';

/**
 * The sandbox's own control route, outside `/api/v4` (the service has nothing like it): `secscan sandbox
 * scan` records a scan through it (completed, running for a while, or failed). A Super Admin user's token
 * (SECSCAN_TOKEN) authorises it.
 */
export const controlScanPath = '/_sandbox/scans';

export const controlSeverities = ['critical', 'high', 'medium', 'low'] as const;

const count = z.number().int().min(0).max(1000);

/** A scan's version, and a scan tag `KEY=VALUE` (`branch` and `commit` come from `branch` and `version`). */
export {
  scanTagPattern as controlTagPattern,
  scanVersionPattern as controlVersionPattern,
} from './values.js';
/** The longest a scan may run: a day. */
export const maxRunningMs = 86_400_000;
const reservedTags = new Set(['branch', 'commit']);

export const ScanControlBody = z
  .strictObject({
    app: z.string().min(1).optional(),
    compound: z.string().min(1).optional(),
    branch: z.string().min(1).optional(),
    new: z
      .array(
        z.strictObject({
          severity: z.enum(controlSeverities),
          type: z.enum(allFindingTypes).optional(),
          count: count.min(1),
        }),
      )
      .optional(),
    fix: count.optional(),
    reappear: count.optional(),
    version: z.string().regex(scanVersionPattern, 'printable characters without spaces, 1 to 128').optional(),
    tags: z
      .array(
        z
          .string()
          .regex(scanTagPattern, 'expected KEY=VALUE')
          .refine((t) => !reservedTags.has(t.split('=')[0] as string), {
            message: 'branch and commit tags come from branch and version',
          }),
      )
      .max(20)
      .optional(),
    /** The scan runs this many milliseconds before it completes (or fails, with `fail`). */
    running_ms: z.number().int().min(1).max(maxRunningMs).optional(),
    /** The analysis fails: no findings (after `running_ms`, if given). */
    fail: z.boolean().optional(),
    /** When the scan ran, started and completed (default: now): a history at known dates, each after the last. */
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((b) => (b.app === undefined) !== (b.compound === undefined), {
    message: 'give exactly one of app or compound',
  })
  .refine((b) => !b.fail || (b.new === undefined && !b.fix && !b.reappear), {
    message: 'a failed scan records no findings: new, fix and reappear cannot be given with fail',
  });
export type ScanControlBody = z.infer<typeof ScanControlBody>;

export const controlScanStatuses = ['completed', 'running', 'failed'] as const;

const ScanInfo = z.looseObject({
  id: z.string(),
  app: z.string(),
  branch: z.string(),
  version: z.string(),
  status: z.enum(controlScanStatuses),
});

export const ScanControlResult = z.looseObject({
  /** `running` until `ends_at`; the findings (new, fixed, regressed) are recorded when it completes. */
  status: z.enum(controlScanStatuses),
  ends_at: z.string().optional(),
  scans: z.array(ScanInfo).min(1),
  polyglot_scan: z.looseObject({ id: z.number(), compound: z.string() }).optional(),
  branch: z.string(),
  new: z.array(z.string()),
  fixed: z.array(z.string()),
  regressed: z.array(z.string()),
  webhooks: z.array(z.looseObject({ delivery_id: z.string(), url: z.string() })),
});
export type ScanControlResult = z.infer<typeof ScanControlResult>;

/**
 * The demo apps' sources (`secscan sandbox sources`): `GET` with `app=ID` for one app, else every demo app;
 * each file's path is relative to its app's tree. AutoFix's patches apply to them.
 */
export const controlSourcesPath = '/_sandbox/sources';

export const SourcesControlResult = z.looseObject({
  apps: z.array(
    z.looseObject({
      app: z.string().min(1),
      files: z.array(z.looseObject({ path: z.string().min(1), content: z.string() })),
    }),
  ),
});
export type SourcesControlResult = z.infer<typeof SourcesControlResult>;

/** `POST`: every fix AutoFix was asked for and has not made yet is ready now (`{completed: N}`). */
export const controlCompleteFixesPath = '/_sandbox/fixes/complete';

/**
 * The sandbox's fault rules (`secscan sandbox --fault`, `startSandbox({ faults })`, and `POST
 * /_sandbox/faults`, which replaces them): answers a client must survive, on the API's requests only (the
 * control routes answer as usual). Each API request takes the first rule that matches it and has requests
 * left; none: it is served as usual.
 */
export const controlFaultsPath = '/_sandbox/faults';

/** A header's name (an HTTP token) and a value Node can send (no CR, LF or other control character). */
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
const headerValue = /^[\t\x20-\x7e\x80-\xff]{0,8192}$/;

export const FaultRule = z
  .strictObject({
    /** The operation (an operationId of the table) whose requests the rule takes; every one when absent. */
    operation: z.string().min(1).max(100).optional(),
    /** Matching requests the rule lets pass (to the rules after it, else served) before it takes any. */
    after: z.number().int().min(0).max(1_000_000).optional(),
    /** The rule takes this many requests, then no more (default: every one). */
    times: z.number().int().min(1).max(1_000_000).optional(),
    /** Answer with this status and the service's error envelope instead of serving the request. */
    status: z.number().int().min(400).max(599).optional(),
    /** With `status`: the envelope's `code` (default the status's: TOO_MANY_REQUESTS for 429...). */
    code: z.string().min(1).max(100).optional(),
    /** With `status`: the envelope's `message` (default `injected fault`). */
    message: z.string().max(1000).optional(),
    /** Headers added to the answer: to the error of `status`, or to the request served as usual. */
    headers: z
      .record(
        z.string().regex(headerName, 'a header name (an HTTP token)'),
        z.string().regex(headerValue, 'a header value: up to 8192 characters, no control character'),
      )
      .refine((h) => Object.keys(h).length <= 50, { message: 'at most 50 headers' })
      .optional(),
    /** Never answer: the request is held until the client goes away or the sandbox stops. */
    hold: z.boolean().optional(),
  })
  .refine((r) => !r.hold || (r.status === undefined && r.headers === undefined), {
    message: 'a held request gets no answer: hold cannot be given with status or headers',
  })
  .refine((r) => r.hold || r.status !== undefined || r.headers !== undefined, {
    message: 'give status, headers or hold: what the rule answers',
  })
  .refine((r) => r.status !== undefined || (r.code === undefined && r.message === undefined), {
    message: 'code and message are those of the error of status: give status',
  });
export type FaultRule = z.infer<typeof FaultRule>;

export const FaultsBody = z.strictObject({ rules: z.array(FaultRule).max(100) });
export type FaultsBody = z.infer<typeof FaultsBody>;

/** The rules in place, each with the matching requests it has seen and those it took. */
export const FaultsResult = z.looseObject({
  rules: z.array(z.looseObject({ seen: z.number(), taken: z.number() })),
});
export type FaultsResult = z.infer<typeof FaultsResult>;
