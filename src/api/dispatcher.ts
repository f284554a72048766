import type { SecureContext } from 'node:tls';
import type { Dispatcher } from 'undici';

let shared: Promise<Dispatcher> | undefined;
let created: Dispatcher | undefined;

export interface DispatcherOptions {
  /** A PEM file of CAs to trust besides the system's (SECSCAN_CA_FILE, e.g. the CA of `sandbox --tls`). */
  caFile?: string | undefined;
}

/** The process's one connection pool, built (and undici loaded) on the first request. */
export function defaultDispatcher(options: DispatcherOptions = {}): Promise<Dispatcher> {
  shared ??= import('./undici.js').then(async ({ createAgent }) => {
    const secureContext = options.caFile ? await trustingContext(options.caFile) : undefined;
    created = createAgent(secureContext ? { secureContext } : {});
    return created;
  });
  return shared;
}

/**
 * The TLS context every connection of the process uses when a CA file is added, built once: Node's roots,
 * NODE_EXTRA_CA_CERTS (which an added CA would otherwise drop) and the file. A context per connection
 * (a `ca` option) parses ~140 root certificates each time, 20-500 ms a connection. Loaded only then: tls
 * costs every other run nothing.
 */
async function trustingContext(caFile: string): Promise<SecureContext> {
  const [{ readFileLimited }, tls, { ConfigError }] = await Promise.all([
    import('../util/input-file.js'),
    import('node:tls'),
    import('../errors.js'),
  ]);
  const read = async (path: string, from: string) => {
    try {
      // At most 4 MiB, like every file the user names.
      const text = readFileLimited(path).toString('utf8');
      if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new Error('no PEM certificate in it');
      return text;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ConfigError(
        `${from}: cannot read the CA file ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
      );
    }
  };
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  const added = [
    ...(extra ? [await read(extra, 'NODE_EXTRA_CA_CERTS')] : []),
    await read(caFile, 'SECSCAN_CA_FILE'),
  ];
  return addedToRoots(tls, added);
}

type Tls = typeof import('node:tls');
type NativeContext = { addCACert?: (pem: string) => void };

/**
 * A context trusting Node's roots and `pems`. A default context shares the roots Node parsed once; adding a
 * CA to it gives it a store of its own that starts from those roots (no PEM parsed again). Where that call
 * is missing (it is not documented), the documented way: every root passed as `ca`, parsed once here.
 */
export function addedToRoots(tls: Tls, pems: readonly string[]): SecureContext {
  const context = tls.createSecureContext();
  const native = (context as { context?: NativeContext }).context;
  if (typeof native?.addCACert !== 'function') {
    return tls.createSecureContext({ ca: [...tls.rootCertificates, ...pems] });
  }
  for (const pem of pems) native.addCACert(pem);
  return context;
}

/** Closes the pool if a request made one; a run that sent nothing loads nothing here. */
export async function closeDefaultDispatcher(): Promise<void> {
  const d = created;
  shared = undefined;
  created = undefined;
  await d?.destroy();
}
