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

/** The base64 of a PEM certificate, without its armour and line breaks: the same certificate, the same text. */
const certificateBody = (pem: string) =>
  pem.slice(pem.indexOf('-----', 5) + 5, pem.lastIndexOf('-----END')).replace(/\s/g, '');

/** Each certificate of PEM texts (a bundle holds many). */
function certificatesOf(pems: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of pems) {
    for (let at = 0; ;) {
      const begin = text.indexOf('-----BEGIN CERTIFICATE-----', at);
      const end = begin === -1 ? -1 : text.indexOf('-----END CERTIFICATE-----', begin);
      if (end === -1) break;
      at = end + '-----END CERTIFICATE-----'.length;
      found.push(text.slice(begin, at));
    }
  }
  return found;
}

/**
 * A context trusting Node's roots and `pems`. A default context shares the roots Node parsed once; adding a
 * CA to it gives it a store of its own that starts from those roots (no PEM parsed again), but without
 * NODE_EXTRA_CA_CERTS, so that file is among `pems`. It is often the system's bundle (144 certificates,
 * 75 ms to parse again), most of them Node's roots already: only the certificates that are not are added
 * (4 ms). Where that call is missing (it is not documented), the documented way: every root passed as
 * `ca`, parsed once here.
 */
export function addedToRoots(tls: Tls, pems: readonly string[]): SecureContext {
  const context = tls.createSecureContext();
  const native = (context as { context?: NativeContext }).context;
  if (typeof native?.addCACert !== 'function') {
    return tls.createSecureContext({ ca: [...tls.rootCertificates, ...pems] });
  }
  const certificates = certificatesOf(pems);
  const roots = certificates.length > 1 ? new Set(tls.rootCertificates.map(certificateBody)) : new Set();
  const added = certificates.filter((pem) => !roots.has(certificateBody(pem)));
  if (added.length > 0) native.addCACert(added.join('\n'));
  return context;
}

/** Closes the pool if a request made one; a run that sent nothing loads nothing here. */
export async function closeDefaultDispatcher(): Promise<void> {
  const d = created;
  shared = undefined;
  created = undefined;
  await d?.destroy();
}
