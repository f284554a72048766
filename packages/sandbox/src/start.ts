import type { AddressInfo } from 'node:net';
import { ConfigError, UsageError } from '@secscan/api/errors';
import { type Accounts, accounts } from './accounts.js';
import type { HandlerMap } from './http.js';
import { type RawSandboxOptions, resolveOptions } from './options.js';
import { loadState, saveState, writeFileAtomic } from './persist.js';
import { superAdminAlias } from './roles.js';
import { handlers as defaultHandlers } from './routes/index.js';
import { seedState } from './seed/index.js';
import { createSandboxServer } from './server.js';
import type { SandboxState } from './state.js';
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
  /** Webhook deliveries started so far (tests wait on `done`). */
  deliveries: Delivery[];
  close(): Promise<void>;
}

function writeOrFail(flag: string, path: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    throw new ConfigError(`${flag}: cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the sandbox on its own HTTP server; for the command, in-process tests and benchmarks. */
export async function startSandbox(raw: StartOptions = {}): Promise<Sandbox> {
  const options = resolveOptions(raw);
  const { state: statePath } = options;
  const loadedState = statePath ? loadState(statePath) : undefined;
  const state = loadedState ?? seedState(options.seed, { findings: options.findings });
  if (statePath && !loadedState) writeOrFail('--state', statePath, () => saveState(statePath, state));
  const who = accounts(state);
  const superAdmin = who.users.find((u) => u.role === superAdminAlias);
  if (!superAdmin) throw new ConfigError('--state: the state has no Super Admin user with a token');
  const { allSchemas } = await import('@secscan/api/operations/schemas');
  const certificates = raw.tls
    ? (await import('./tls/certificates.js')).createCertificates(options.host)
    : undefined;
  const deliveries: Delivery[] = [];
  const closing = new AbortController();
  const server = createSandboxServer({
    schemas: await allSchemas(),
    state,
    handlers: raw.handlers ?? defaultHandlers,
    failRate: options.failRate,
    latencyMs: options.latency,
    log: raw.log,
    onChange: statePath ? (s) => saveState(statePath, s) : undefined,
    ...(certificates ? { tls: { key: certificates.keyPem, cert: certificates.certPem } } : {}),
    webhooks: {
      retryDelaysMs: raw.webhookRetryDelaysMs,
      signal: closing.signal,
      track: (d) => deliveries.push(d),
    },
    settings: {
      auditLog: options.auditLog,
      backupSize: options.backupSize,
      cutDownloads: options.cutDownloads,
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const flag = error.code === 'EADDRINUSE' || error.code === 'EACCES' ? '--port' : '--host';
      reject(
        new UsageError(
          `${flag}: cannot listen on ${options.host}:${options.port} (${error.code ?? error.message})`,
        ),
      );
    });
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `${certificates ? 'https' : 'http'}://${urlHost(options.host)}:${port}`;
  let caFile: string | undefined;
  if (certificates) {
    const { sandboxStateDir, writeCaFile } = await import('./tls/ca-file.js');
    const dir = sandboxStateDir(statePath, raw.env ?? process.env);
    try {
      writeOrFail('--tls', dir, () => {
        caFile = writeCaFile(dir, port, certificates.caPem);
      });
    } catch (error) {
      server.close();
      throw error;
    }
  }
  const { usersFile } = options;
  if (usersFile) {
    const data = `${JSON.stringify({ ...who, baseUrl }, null, 2)}\n`;
    try {
      writeOrFail('--users-file', usersFile, () => writeFileAtomic(usersFile, data));
    } catch (error) {
      server.close();
      throw error;
    }
  }
  let closed: Promise<void> | undefined;
  return {
    baseUrl,
    orgId: state.org.id,
    token: superAdmin.token,
    state,
    accounts: who,
    loaded: loadedState !== undefined,
    ...(caFile ? { caFile } : {}),
    deliveries,
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(async () => {
        await Promise.all(deliveries.map((d) => d.done));
        if (caFile) (await import('./tls/ca-file.js')).removeCaFile(caFile);
        if (statePath) saveState(statePath, state);
      });
      return closed;
    },
  };
}
