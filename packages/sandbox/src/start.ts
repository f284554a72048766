import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxError } from './errors.js';
import { ScanControlBody, type ScanControlResult } from '@secscan/api/sandbox-control';
import { type Accounts, accounts } from './accounts.js';
import { type BackupStatus, recordBackup } from './backups/record.js';
import { completeFixes } from './analysis/autofix.js';
import { type RunningScans, runningScans } from './analysis/running-scans.js';
import { demoSources, type SourceFile } from './analysis/sources.js';
import { announceScan, recordControlScan } from './control.js';
import { type HandlerMap, ReplyError, type SandboxSettings } from './http.js';
import { parseBackupFaults } from './backups/faults.js';
import {
  parseShares,
  parseSize,
  type RawSandboxOptions,
  resolveOptions,
  type SandboxOptions,
} from './options.js';
import { loadState, saveState, StateFile, writeFileAtomic } from './persist.js';
import { superAdminAlias } from './roles.js';
import { handlers as defaultHandlers } from './routes/index.js';
import { addApps, type AppSeed } from './seed/apps.js';
import { seedState } from './seed/index.js';
import { addGeneratedApps } from './seed/programme.js';
import { nowVariable, parseNow } from './seed/clock.js';
import { Faults, parseFaults } from './faults.js';
import { createSandboxServer } from './server.js';
import type { SandboxCertificates } from './tls/certificates.js';
import type { BackupRecord, SandboxState } from './state.js';
import type { Delivery } from './webhooks.js';

export interface StartOptions extends RawSandboxOptions {
  /** One line per request (method, path, status, ms) and per webhook delivery attempt; never the token. */
  log?: (line: string) => void;
  /** Test seam: replaces the handler registry. */
  handlers?: Readonly<HandlerMap>;
  /** Serve HTTPS with a CA and certificate made at start; the CA is written to the state directory. */
  tls?: boolean;
  /** Where SECSCAN_STATE_DIR, XDG_STATE_HOME and HOME are read (the state directory); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Waits between webhook delivery attempts (test seam; default 1, 2 and 4 seconds). */
  webhookRetryDelaysMs?: readonly number[];
  /** Apps added to the demo apps (where a loaded state lacks them), or a number of generated apps. */
  apps?: readonly AppSeed[] | number;
}

/**
 * A backup made by `backup()`, and from then on how downloads are served (as `--backup-size`,
 * `--cut-downloads`, `--backup-faults`).
 */
export interface BackupControl {
  status?: BackupStatus;
  size?: string | number;
  cutDownloads?: string | number;
  faults?: string | readonly string[];
}

export interface Sandbox {
  baseUrl: string;
  orgId: string;
  /** A Super Admin user's token. */
  token: string;
  state: SandboxState;
  accounts: Accounts;
  /** True when the state came from an existing `--state` file. */
  loaded: boolean;
  /** With `tls`: the CA certificate file clients trust (PEM). */
  caFile?: string;
  /** With `tls`: that CA certificate (PEM). */
  ca?: string;
  /** Webhook deliveries started so far (tests wait on `done`). */
  deliveries: Delivery[];
  /** Records a completed scan, as the control route (`secscan sandbox scan`) does; a bad request throws. */
  scan(request: ScanControlBody): ScanControlResult;
  /** Records a backup made now; `size`, `cutDownloads` and `faults` change how later downloads are served. */
  backup(request?: BackupControl): BackupRecord;
  /** The demo sources of an app (its findings' places), which AutoFix's patches apply to. */
  sources(app: string): SourceFile[];
  /** Makes every pending AutoFix fix ready now; how many were pending. */
  completeFixes(): number;
  /** Replaces the fault rules (as `POST /_sandbox/faults`); a rule that is not one throws. */
  faults(rules: readonly unknown[]): void;
  close(): Promise<void>;
}

function writeOrFail(flag: string, path: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    throw new SandboxError('config', `${flag}: cannot write ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

const backupStatuses: readonly BackupStatus[] = ['completed', 'running', 'failed'];

function replyMessage(error: ReplyError): string {
  const body = error.reply.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : `HTTP ${error.reply.status}`;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** `now` (or `$SECSCAN_SANDBOX_NOW`) checked, else the clock: the day the seeded dates are written for. */
function startDay(raw: StartOptions): number {
  if (typeof raw.now === 'number') {
    const valid = Number.isFinite(raw.now) && Math.abs(raw.now) <= 8.64e15;
    const iso = valid ? new Date(raw.now).toISOString() : String(raw.now);
    return parseNow('--now', iso) as number;
  }
  const given = raw.now ?? (raw.env ?? process.env)[nowVariable];
  if (given === undefined || given === '') return Date.now();
  return parseNow(raw.now === undefined ? nowVariable : '--now', given) as number;
}

/** A sandbox's state and how it is kept: loaded from `--state` or seeded, written when it changes. */
interface Opened {
  state: SandboxState;
  /** True when the state came from an existing `--state` file. */
  loaded: boolean;
  stateFile: StateFile | undefined;
  /** Marks the state as changed: written shortly after, in the background, and at once on close. */
  save(): void;
}

/** Loads the `--state` file or seeds a state, adds the apps asked for, and writes it when it is new or grew. */
function openState(raw: StartOptions, options: SandboxOptions): Opened {
  const now = startDay(raw);
  const { state: statePath } = options;
  const loadedState = statePath ? loadState(statePath) : undefined;
  const state = loadedState ?? seedState(options.seed, { findings: options.findings, now });
  const given = addApps(state, Array.isArray(raw.apps) ? raw.apps : []);
  const appsAdded = addGeneratedApps(state, options.generatedApps, options.seed) || given;
  if (statePath && (!loadedState || appsAdded)) {
    writeOrFail('--state', statePath, () => saveState(statePath, state));
  }
  const stateFile = statePath ? new StateFile(statePath, state) : undefined;
  return { state, loaded: loadedState !== undefined, stateFile, save: () => stateFile?.changed() };
}

/** What a running sandbox is made of: the parts its methods and its close share. */
interface Parts extends Opened {
  raw: StartOptions;
  options: SandboxOptions;
  settings: SandboxSettings;
  webhooks: { retryDelaysMs?: readonly number[] | undefined; signal: AbortSignal; track(d: Delivery): void };
  deliveries: Delivery[];
  closing: AbortController;
  running: RunningScans;
  faults: Faults;
}

/** The parts around the state: settings, webhook deliveries, the timer of the scans under way, fault rules. */
function assemble(raw: StartOptions, options: SandboxOptions, opened: Opened): Parts {
  const { state, save } = opened;
  const deliveries: Delivery[] = [];
  const closing = new AbortController();
  const settings: SandboxSettings = {
    auditLog: options.auditLog,
    backupSize: options.backupSize,
    cutDownloads: options.cutDownloads,
    autofixDelayMs: options.autofixDelayMs,
    backupFaults: options.backupFaults,
  };
  const webhooks = {
    retryDelaysMs: raw.webhookRetryDelaysMs,
    signal: closing.signal,
    track: (d: Delivery) => deliveries.push(d),
  };
  // A scan recorded as running ends when its time comes (one loaded from a state file too): the findings
  // are recorded and `scan.finished` delivered then.
  const running = runningScans(state, (recorded) => {
    raw.log?.(
      `scan ${recorded.polyglot ? `${recorded.polyglot.record.id} of compound ${recorded.polyglot.compound}` : `${recorded.scans[0]?.id} of app ${recorded.scans[0]?.app}`} ${recorded.status}`,
    );
    announceScan(state, recorded, { ...webhooks, log: raw.log });
    save();
  });
  const faults = new Faults(options.faults);
  return { ...opened, raw, options, settings, webhooks, deliveries, closing, running, faults };
}

/** The HTTP (or, with certificates, HTTPS) server of those parts. */
async function serverOf(parts: Parts, certificates: SandboxCertificates | undefined): Promise<Server> {
  const { raw, options, state } = parts;
  const { allSchemas } = await import('@secscan/api/operations/schemas');
  return createSandboxServer({
    schemas: await allSchemas(),
    state,
    handlers: raw.handlers ?? defaultHandlers,
    failRate: options.failRate,
    latencyMs: options.latency,
    rateLimit: options.rateLimit,
    bandwidth: options.bandwidth,
    log: raw.log,
    onChange: options.state ? parts.save : undefined,
    ...(certificates ? { tls: { key: certificates.keyPem, cert: certificates.certPem } } : {}),
    webhooks: parts.webhooks,
    running: parts.running,
    settings: parts.settings,
    faults: parts.faults,
  });
}

/** Listens on `--host` and `--port`; an address that cannot be had is a usage error naming the flag. */
function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const flag = error.code === 'EADDRINUSE' || error.code === 'EACCES' ? '--port' : '--host';
      reject(
        new SandboxError(
          'usage',
          `${flag}: cannot listen on ${host}:${port} (${error.code ?? error.message})`,
        ),
      );
    });
    server.listen(port, host, () => resolve());
  });
}

/**
 * The files written once the sandbox listens: with `tls`, the CA certificate clients trust (its path
 * returned); with `--users-file`, the users and their tokens. A file that cannot be written stops the sandbox.
 */
async function writeReadyFiles(
  parts: Parts,
  server: Server,
  ready: { port: number; baseUrl: string; who: Accounts; certificates: SandboxCertificates | undefined },
): Promise<string | undefined> {
  const { raw, options, running } = parts;
  let caFile: string | undefined;
  try {
    if (ready.certificates) {
      const { caPem } = ready.certificates;
      const { sandboxStateDir, writeCaFile } = await import('./tls/ca-file.js');
      const dir = sandboxStateDir(options.state, raw.env ?? process.env);
      writeOrFail('--tls', dir, () => {
        caFile = writeCaFile(dir, ready.port, caPem);
      });
    }
    const { usersFile } = options;
    if (usersFile) {
      const data = `${JSON.stringify({ ...ready.who, baseUrl: ready.baseUrl }, null, 2)}\n`;
      writeOrFail('--users-file', usersFile, () => writeFileAtomic(usersFile, data));
    }
  } catch (error) {
    running.stop();
    server.close();
    throw error;
  }
  return caFile;
}

/** `scan()`: records a completed scan, as the control route (`secscan sandbox scan`) does. */
function scanControl(parts: Parts): Sandbox['scan'] {
  const { state, raw, webhooks, running, save } = parts;
  return (request) => {
    const body = ScanControlBody.safeParse(request);
    if (!body.success) {
      const issues = body.error.issues.map((i) =>
        i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message,
      );
      throw new SandboxError('usage', `scan: ${issues.join('; ')}`);
    }
    try {
      const result = recordControlScan(state, body.data, { ...webhooks, log: raw.log }, running);
      save();
      return result;
    } catch (error) {
      if (error instanceof ReplyError) throw new SandboxError('usage', `scan: ${replyMessage(error)}`);
      throw error;
    }
  };
}

/** `backup()`: records a backup made now; its options change how later downloads are served. */
function backupControl(parts: Parts): Sandbox['backup'] {
  const { state, settings, save } = parts;
  return (request = {}) => {
    if (request.status !== undefined && !backupStatuses.includes(request.status)) {
      throw new SandboxError(
        'usage',
        `invalid value for status: ${JSON.stringify(request.status)} (choose from ${backupStatuses.join(', ')})`,
      );
    }
    const size = parseSize('size', request.size);
    const cuts =
      request.cutDownloads === undefined ? undefined : parseShares('cutDownloads', request.cutDownloads);
    const faults = request.faults === undefined ? undefined : parseBackupFaults('faults', request.faults);
    if (size !== undefined) settings.backupSize = size;
    if (cuts !== undefined) settings.cutDownloads = cuts;
    if (faults !== undefined) settings.backupFaults = faults;
    const record = recordBackup(state, request.status);
    save();
    return { ...record };
  };
}

/**
 * `close()`: stops the scan timer and the webhook retries, closes every connection, waits for the
 * deliveries, removes the CA file and writes the state file a last time. Once, however often called.
 */
function closer(parts: Parts, server: Server, caFile: string | undefined): Sandbox['close'] {
  let closed: Promise<void> | undefined;
  return () => {
    closed ??= new Promise<void>((resolve) => {
      parts.running.stop();
      parts.closing.abort();
      server.close(() => resolve());
      server.closeAllConnections();
    }).then(async () => {
      await Promise.all(parts.deliveries.map((d) => d.done));
      if (caFile) (await import('./tls/ca-file.js')).removeCaFile(caFile);
      try {
        await parts.stateFile?.flush();
      } catch (error) {
        const message = `--state: cannot write ${parts.options.state}: ${(error as Error).message}`;
        throw new SandboxError('config', message, { cause: error });
      }
    });
    return closed;
  };
}

/** Starts the sandbox on its own HTTP server; for the command, in-process tests and benchmarks. */
export async function startSandbox(raw: StartOptions = {}): Promise<Sandbox> {
  const options = resolveOptions(raw);
  const opened = openState(raw, options);
  const { state } = opened;
  const who = accounts(state);
  const superAdmin = who.users.find((u) => u.role === superAdminAlias);
  if (!superAdmin)
    throw new SandboxError('config', '--state: the state has no Super Admin user with a token');
  const certificates = raw.tls
    ? (await import('./tls/certificates.js')).createCertificates(options.host)
    : undefined;
  const parts = assemble(raw, options, opened);
  const server = await serverOf(parts, certificates);
  await listen(server, options.host, options.port);
  parts.running.schedule();
  const { port } = server.address() as AddressInfo;
  const baseUrl = `${certificates ? 'https' : 'http'}://${urlHost(options.host)}:${port}`;
  const caFile = await writeReadyFiles(parts, server, { port, baseUrl, who, certificates });
  return {
    baseUrl,
    orgId: state.org.id,
    token: superAdmin.token,
    state,
    accounts: who,
    loaded: opened.loaded,
    ...(caFile ? { caFile } : {}),
    ...(certificates ? { ca: certificates.caPem } : {}),
    deliveries: parts.deliveries,
    scan: scanControl(parts),
    faults(rules) {
      parts.faults.set(parseFaults('faults', rules));
    },
    backup: backupControl(parts),
    sources(app) {
      if (!state.apps.some((a) => a.id === app)) {
        throw new SandboxError('usage', `sources: no app has the id ${JSON.stringify(app)}`);
      }
      return demoSources(state, app);
    },
    completeFixes() {
      const completed = completeFixes(state, Date.now());
      if (completed) opened.save();
      return completed;
    },
    close: closer(parts, server, caFile),
  };
}
