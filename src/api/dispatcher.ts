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
    const ca = options.caFile ? await trustedCas(options.caFile) : undefined;
    created = createAgent(ca ? { ca } : {});
    return created;
  });
  return shared;
}

/**
 * The CAs a connection trusts when a CA file is added: Node's roots, NODE_EXTRA_CA_CERTS (which a `ca`
 * option would otherwise drop) and the file. Loaded only then: tls costs every other run nothing.
 */
async function trustedCas(caFile: string): Promise<string[]> {
  const [{ readFileLimited }, { rootCertificates }, { ConfigError }] = await Promise.all([
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
  return [
    ...rootCertificates,
    ...(extra ? [await read(extra, 'NODE_EXTRA_CA_CERTS')] : []),
    await read(caFile, 'SECSCAN_CA_FILE'),
  ];
}

/** Closes the pool if a request made one; a run that sent nothing loads nothing here. */
export async function closeDefaultDispatcher(): Promise<void> {
  const d = created;
  shared = undefined;
  created = undefined;
  await d?.destroy();
}
