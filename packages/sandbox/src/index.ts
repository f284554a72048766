import { SandboxError as SandboxErrorClass } from './errors.js';
import { parseRunning } from './options.js';
import { startSandbox as start } from './start.js';
import {
  signedWebhookHeaders as signedWebhookHeadersImpl,
  signStandardWebhook as signStandardWebhookImpl,
  signWebhook as signWebhookImpl,
  verifyWebhook as verifyWebhookImpl,
  WebhookVerificationError as WebhookVerificationErrorClass,
} from '@secscan/api/webhook-signature';

/**
 * @secscan/sandbox: a local, stateful stand-in for the application-security scanning service's REST API v4
 * (every operation of the vendor document, under `/api/v4`), with a seeded demonstration organization. `secscan sandbox` runs it
 * from the command line; `startSandbox()` starts it from a test suite. Every type a caller sees is declared
 * here, so the published declarations stand alone.
 */

/** An app added to the demo apps; it has no team and no scan until `scan()` records one. */
export interface AppSeed {
  /** The app id: letters, digits, `_`, `:`, `.`, `-`, starting and ending with a letter or digit. */
  id: string;
  /** Its display name (default: the id). */
  name?: string;
  /** Its `language` tag (default `java`). */
  language?: string;
  /** Its default branch (default `main`). */
  branch?: string;
  /** The seeded team it belongs to, by name (`Platform`, `Payments`, `Web`); none unless given. */
  team?: string;
}

export interface SandboxOptions {
  /** The demo data's seed (default 1): the same seed gives the same organization, ids and tokens. */
  seed?: number;
  /** Serve HTTPS with a CA and a certificate made at start: `ca` and `caFile` of the result. */
  tls?: boolean;
  /** Give the app `shiftleft-java-demo` this many findings (default: about a dozen). */
  findings?: number;
  /**
   * Apps added to the five demo apps; or a number N: that many generated apps (`svc-0001`...), each with
   * about half a year of weekly default-branch scans, fixes and findings past their SLA (analytics at scale).
   */
  apps?: readonly AppSeed[] | number;
  /** Milliseconds added to every API request (default 0). */
  latency?: number;
  /** The share of API requests (0 to 1) answered 503 or dropped (default 0). */
  failRate?: number;
  /**
   * Fault rules: each API request takes the first that matches it and has requests left, and is held,
   * answered with the rule's error, or served with the rule's headers (`faults()` replaces them later). A
   * rule may be given as its JSON text, as `secscan sandbox --fault` takes it.
   */
  faults?: readonly (SandboxFault | string)[];
  /**
   * At most this many API requests per second (`20`, `'20/s'`) or minute (`'600/m'`), counted in fixed
   * windows; the others are answered 429 with `Retry-After`. Every answer carries `RateLimit-Policy`,
   * `RateLimit` and `X-RateLimit-*`; `log` gets a line per window with the requests served and refused.
   */
  rateLimit?: number | string;
  /**
   * When it starts, for the seeded dates (the demo's scans end the day before): a date (`2026-11-28`), an ISO
   * date-time with a zone, or milliseconds; default `$SECSCAN_SANDBOX_NOW` (read from `env`), else now.
   */
  now?: number | string;
  /**
   * Pace every answer body as one link of this many bytes per second (`'100MiB/s'`, `'1GiB/s'`, or a
   * number) shared by all the answers would carry it: downloads measured at a network's pace.
   */
  bandwidth?: number | string;
  /** A state file: loaded when it exists, else seeded and written; rewritten after every change. */
  state?: string;
  /** The address to listen on (default `127.0.0.1`). */
  host?: string;
  /** The port (default 0: a free one). */
  port?: number;
  /** Serve the audit log, which the service keeps off until the vendor enables it. */
  auditLog?: boolean;
  /** Pad every completed backup to exactly this size: bytes, or `1GiB`, `500MB` (at most 4 GiB). */
  backupSize?: number | string;
  /** Drop every backup download when it reaches these shares of the file (`0.5`, `[0.3, 0.7]`, `'0.3,0.7'`). */
  cutDownloads?: number | readonly number[] | string;
  /**
   * Answer backup downloads wrongly, to test a client's resume: `['ignore-if-range', 'no-digest']` or
   * `'ignore-if-range,no-digest'` (see `BackupFault`).
   */
  backupFaults?: readonly BackupFault[] | string;
  /** Write every demo user's token to this file (JSON, mode 0600). */
  usersFile?: string;
  /**
   * Where the state directory is found when there is no `state` file (the CA file of `tls` is written
   * there): `SECSCAN_STATE_DIR`, else `XDG_STATE_HOME`/secscan, else `HOME`/.local/state/secscan. Default
   * `process.env`.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** Called with one line per request (method, path, status, time) and per webhook delivery attempt. */
  log?: (line: string) => void;
  /**
   * How long a fix AutoFix was asked for stays pending before it is ready: milliseconds, or `'500ms'`,
   * `'3s'`, `'1m'` (default 3 s; 0 makes it ready at once; at most an hour).
   */
  autofixDelay?: number | string;
}

export type Severity = 'critical' | 'high' | 'medium' | 'low';
export type FindingType =
  | 'vuln'
  | 'secret'
  | 'insight'
  | 'extscan'
  | 'oss_vuln'
  | 'container'
  | 'security_issue'
  | 'oss_risk'
  | 'package';

/** A scan to record: of one app, or of a compound (one scan per app). */
export type ScanRequest = ({ app: string; compound?: never } | { compound: string; app?: never }) & {
  /** The branch scanned (default: the app's default branch); a new branch starts from the default one. */
  branch?: string;
  /** New findings: `count` (1 to 1000) of a severity, of `type` (default `vuln`). */
  new?: { severity: Severity; type?: FindingType; count: number }[];
  /** This many findings of the last scan are gone (fixed). */
  fix?: number;
  /** This many findings of earlier scans come back (regressions). */
  reappear?: number;
  /** The scan's version (a commit SHA, a `--version-id`): default, seven random hex digits. */
  version?: string;
  /** Scan tags `KEY=VALUE` besides `branch` and `commit` (the version), e.g. `pipeline=1234`. */
  tags?: string[];
  /**
   * The scan is recorded as running and ends after this long: milliseconds, or `20s`, `2m` (at most a
   * day). Its findings are recorded, and `scan.finished` delivered, when it ends.
   */
  running?: number | string;
  /** The analysis fails (after `running`, if given): no findings; not with `new`, `fix` or `reappear`. */
  fail?: boolean;
  /**
   * When the scan ran (it starts and completes then), an ISO 8601 date-time such as `2026-06-01T09:00:00Z`
   * (default: now, completing a few minutes later); after the branch's last scan, so a history is recorded
   * in order, at known dates.
   */
  at?: string;
};

/**
 * What a recorded scan changed: finding ids, and the webhook deliveries of `scan.finished` started. A scan
 * recorded as `running` has none yet: they come when it ends, at `ends_at`.
 */
export interface ScanResult {
  status: 'completed' | 'running' | 'failed';
  ends_at?: string;
  branch: string;
  scans: { id: string; app: string; branch: string; version: string; status: ScanResult['status'] }[];
  polyglot_scan?: { id: number; compound: string };
  new: string[];
  fixed: string[];
  regressed: string[];
  webhooks: { delivery_id: string; url: string }[];
}

export type BackupStatus = 'completed' | 'running' | 'failed';

/**
 * A wrong answer to a backup download's Range request: `ignore-if-range`, a 206 of the bytes as they are now
 * whatever If-Range says; `no-digest`, no Repr-Digest on any download; `shift-range`, a 206 that starts a
 * MiB before the byte asked for (and says so); `other-total`, a 206 whose Content-Range gives a total one
 * byte longer than the file.
 */
export type BackupFault = 'ignore-if-range' | 'no-digest' | 'shift-range' | 'other-total';

export interface BackupRequest {
  /** The new backup's status (default `completed`: the one a download without an id gets). */
  status?: BackupStatus;
  /** From now on, pad every completed backup not downloaded yet to this size (as `backupSize`). */
  size?: number | string;
  /** From now on, drop downloads at these shares of the file (as `cutDownloads`). */
  cutDownloads?: number | readonly number[] | string;
  /** From now on, answer downloads with these faults (as `backupFaults`; `[]` none). */
  faults?: readonly BackupFault[] | string;
}

export interface BackupInfo {
  backup_id: string;
  status: BackupStatus;
  created_at: string;
  completed_at?: string;
}

/** A file of a demo app's sources. */
export interface SourceFile {
  /** Relative to the app's tree: `src/main/java/io/shiftleft/controller/CustomerController.java`. */
  path: string;
  content: string;
}

/**
 * A fault rule: which requests it takes, and what they get instead of the usual answer. Give `status`
 * (with `code`, `message` and `headers` if you like), `headers` alone (the usual answer with them), or
 * `hold`.
 */
export interface SandboxFault {
  /** The operation (an operationId, `ListAppFindings`) whose requests it takes; every API request when absent. */
  operation?: string;
  /** Matching requests it lets pass (to the rules after it, else served as usual) before it takes any. */
  after?: number;
  /** It takes this many requests, then no more (default: every one). */
  times?: number;
  /** Answer this status (400 to 599) with the service's error envelope, instead of serving the request. */
  status?: number;
  /** The envelope's `code` (default the status's: `TOO_MANY_REQUESTS` for 429, `SERVICE_UNAVAILABLE` for 503). */
  code?: string;
  /** The envelope's `message` (default `injected fault`). */
  message?: string;
  /** Headers added to the answer (`Retry-After`, `X-RateLimit-Reset`...): any value a client must survive. */
  headers?: Readonly<Record<string, string>>;
  /** Never answer: the request is held until the client goes away or the sandbox stops. */
  hold?: boolean;
}

/** A demo user: one per built-in role, the Super Admin first. */
export interface SandboxUser {
  email: string;
  role: string;
  token: string;
}

export interface RunningSandbox {
  /** The base URL (`http://127.0.0.1:PORT`, `https://` with `tls`); the API is under `url + '/api/v4'`. */
  url: string;
  /** The demo organization's id. */
  orgId: string;
  /** A Super Admin user's token (Bearer). */
  token: string;
  /** With `tls`: the CA certificate clients trust, as PEM. */
  ca?: string;
  /** With `tls`: the file that CA was written to (for NODE_EXTRA_CA_CERTS, SSL_CERT_FILE...); removed by `stop()`. */
  caFile?: string;
  /** True when the state came from an existing `state` file. */
  loaded: boolean;
  /** Every demo user with a token. */
  users: SandboxUser[];
  /** The seeded organization tokens by name: `ci`, `expired`, `jira`, `serviceAccount`. */
  orgTokens: Record<string, string>;
  /**
   * Records a scan, as `secscan sandbox scan` does: completed, running for a while, or failed; webhooks
   * registered for `scan.finished` get it when it ends.
   */
  scan(request: ScanRequest): Promise<ScanResult>;
  /** Records a backup made now; with `size`, `cutDownloads` or `faults`, changes how later downloads are served. */
  backup(request?: BackupRequest): Promise<BackupInfo>;
  /**
   * The demo sources of an app: the files its findings point at, each line a finding names holding the code
   * it names (paths relative to the app's tree). The unified patches of AutoFix's fixes apply to them.
   */
  sources(app: string): Promise<SourceFile[]>;
  /** Every fix AutoFix was asked for and has not made yet is ready now; resolves with how many were pending. */
  completeFixes(): Promise<number>;
  /** Replaces the fault rules from now on (`[]`: none); rejects with a `SandboxError` for one that is not. */
  faults(rules: readonly SandboxFault[]): Promise<void>;
  /** Stops serving, waits for webhook deliveries under way, removes the CA file and saves the state. */
  stop(): Promise<void>;
}

/**
 * What `startSandbox()`, `scan()`, `backup()` and `stop()` reject with when they refuse: an option or a
 * request they cannot use (`kind` `usage`), or a state, CA or users file they cannot read or write (`config`).
 * The message names the option as the `secscan sandbox` flag does (`--port`, `--state`), which exits 2 for
 * the first and 3 for the second.
 */
export interface SandboxError extends Error {
  readonly name: 'SandboxError';
  readonly kind: 'usage' | 'config';
}

export const SandboxError: {
  new (kind: 'usage' | 'config', message: string, options?: ErrorOptions): SandboxError;
  readonly prototype: SandboxError;
} = SandboxErrorClass;

const shares = (value: number | readonly number[] | string | undefined) =>
  Array.isArray(value) ? value.join(',') : (value as number | string | undefined);

/**
 * Starts a sandbox and resolves once it listens. An option out of range rejects with a `SandboxError` naming
 * it (as the `secscan sandbox` flag: `--port`, `--fail-rate`), a port in use too.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = await start({
    ...options,
    cutDownloads: shares(options.cutDownloads),
    env: options.env ?? process.env,
  });
  return {
    url: sandbox.baseUrl,
    orgId: sandbox.orgId,
    token: sandbox.token,
    ...(sandbox.ca === undefined ? {} : { ca: sandbox.ca }),
    ...(sandbox.caFile === undefined ? {} : { caFile: sandbox.caFile }),
    loaded: sandbox.loaded,
    users: sandbox.accounts.users.map((u) => ({ ...u })),
    orgTokens: { ...sandbox.accounts.tokens },
    scan: async ({ running, ...request }) =>
      sandbox.scan({
        ...request,
        ...(running === undefined ? {} : { running_ms: parseRunning('running', running) }),
      }) as ScanResult,
    backup: async (request = {}) =>
      sandbox.backup({ ...request, cutDownloads: shares(request.cutDownloads) }),
    sources: async (app) => sandbox.sources(app).map((f) => ({ ...f })),
    completeFixes: async () => sandbox.completeFixes(),
    faults: async (rules) => sandbox.faults(rules),
    stop: () => sandbox.close(),
  };
}

/** Headers as Node's `req.headers` (any case), a plain record, or a Fetch `Headers`. */
export type WebhookHeaders =
  Record<string, string | readonly string[] | undefined> | { get(name: string): string | null };

export interface VerifyWebhookOptions {
  /** The request's body exactly as received: a string or bytes, never parsed and re-serialised JSON. */
  body: string | Uint8Array;
  /**
   * The request's headers: webhook-id, webhook-timestamp, webhook-signature (Standard Webhooks) and
   * X-SL-Signature, X-SL-Timestamp, X-SL-Webhook-Delivery-ID, X-SL-Event; either signature, or both.
   */
  headers: WebhookHeaders;
  /** The webhook's HMAC secret (`secscan webhook set --secret-stdin`; the sandbox generates `whsec_<base64>`). */
  secret: string;
  /** Seconds the timestamp may differ from `now` (default 300). `Infinity` skips the age check. */
  tolerance?: number;
  /** The time to check the timestamp against: a Date or milliseconds since the epoch (default: now). */
  now?: Date | number;
}

/** What a verified delivery is: its event, its delivery id (keep it to refuse replays) and its timestamp. */
export interface VerifiedWebhook {
  /** X-SL-Event; undefined for a delivery signed with Standard Webhooks alone. */
  event: string | undefined;
  deliveryId: string;
  /** The timestamp signed, Unix seconds. */
  timestamp: number;
  /** The signatures checked, every one the delivery carries: `standard` (webhook-signature), `x-sl`. */
  schemes: ('standard' | 'x-sl')[];
}

/**
 * Why `verifyWebhook` refused a delivery: `signature` (absent or not matching: answer 401), `timestamp`
 * (outside the tolerance: 400) or `malformed` (a header missing or unreadable, a delivery id with a dot, a
 * body that is not bytes: 400). `reserialised`: the signature matches the body re-serialised as JSON, so the
 * receiver verified parsed JSON.
 */
export interface WebhookVerificationError extends Error {
  readonly name: 'WebhookVerificationError';
  readonly reason: 'signature' | 'timestamp' | 'malformed';
  readonly reserialised: boolean;
}

export const WebhookVerificationError: {
  new (
    reason: 'signature' | 'timestamp' | 'malformed',
    message: string,
    reserialised?: boolean,
  ): WebhookVerificationError;
  readonly prototype: WebhookVerificationError;
} = WebhookVerificationErrorClass as never;

/**
 * Checks a webhook delivery as the sandbox signs it: every signature it carries (Standard Webhooks'
 * `webhook-signature: v1,<base64>` of `<webhook-id>.<webhook-timestamp>.<raw body>`, and
 * `X-SL-Signature: v1=<hex>` of `<X-SL-Timestamp>.<X-SL-Webhook-Delivery-ID>.<raw body>`, both HMAC-SHA256)
 * and that its timestamp is within `tolerance` of `now`. Returns the event, delivery id, timestamp and the
 * schemes checked; throws a `WebhookVerificationError` otherwise. Refusing a delivery id seen before is the
 * receiver's part.
 */
export const verifyWebhook: (options: VerifyWebhookOptions) => VerifiedWebhook = verifyWebhookImpl;

/** What a delivery is signed from; a delivery id holding a dot is a TypeError (the signature would be ambiguous). */
export interface SignWebhookOptions {
  body: string | Uint8Array;
  secret: string;
  /** Unix seconds, as sent in webhook-timestamp and X-SL-Timestamp. */
  timestamp: number;
  deliveryId: string;
}

/** The X-SL-Signature value of a delivery, as the sandbox signs it (for a receiver's tests). */
export const signWebhook: (options: SignWebhookOptions) => string = signWebhookImpl;

/** The webhook-signature value of a delivery (`v1,<base64>`), as Standard Webhooks' libraries sign it. */
export const signStandardWebhook: (options: SignWebhookOptions) => string = signStandardWebhookImpl;

/** Every header the sandbox signs a delivery with, both schemes, for a receiver's tests. */
export const signedWebhookHeaders: (
  options: SignWebhookOptions & { event: string },
) => Record<string, string> = signedWebhookHeadersImpl;
