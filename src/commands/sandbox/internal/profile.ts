import type { Context } from '../../../context.js';
import type { Profile } from '../../../config/store.js';
import { isLoopback } from '../../../util/loopback.js';

/** What `sandbox --profile NAME` wrote into the profile, and what the profile held before. */
export interface ProfileTakeover {
  name: string;
  written: Profile;
  previous: Profile | undefined;
}

/** The loopback address of a base URL, if it is one. */
function loopbackUrl(baseUrl: string | undefined): URL | undefined {
  if (!baseUrl) return undefined;
  try {
    const url = new URL(baseUrl);
    return isLoopback(url.hostname) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Whether something accepts a connection at a loopback base URL (a sandbox still serving there). */
async function serving(baseUrl: string | undefined): Promise<boolean> {
  const url = loopbackUrl(baseUrl);
  if (!url) return false;
  const { connect } = await import('node:net');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** What a profile may be given back to: a service's address, or a sandbox's still serving. */
async function restorable(previous: Profile | undefined): Promise<boolean> {
  if (!previous?.base_url) return false;
  return !loopbackUrl(previous.base_url) || (await serving(previous.base_url));
}

/**
 * Stores the sandbox's settings as the profile and makes it the current one; a profile that pointed at a
 * service, or at another sandbox still serving, is said to be taken over until this one stops.
 */
export async function takeProfile(ctx: Context, name: string, written: Profile): Promise<ProfileTakeover> {
  const store = await ctx.store();
  const previous = store.get(name);
  const givenBack = await restorable(previous);
  await store.update(name, {
    base_url: written.base_url,
    org_id: written.org_id,
    token: written.token,
    // Without --tls, a CA file left by an earlier TLS sandbox would only be trusted for nothing.
    ca_file: written.ca_file,
  });
  await store.use(name);
  ctx.note(`sandbox: saved as profile ${name} in ${store.path}; it is now the current profile`);
  if (givenBack) {
    const was = loopbackUrl(previous?.base_url) ? 'the sandbox still serving ' : '';
    ctx.note(
      `sandbox: profile ${name} pointed at ${was}${previous?.base_url ?? ''}: ` +
        'it points here until this sandbox stops, then back there',
    );
  }
  return { name, written, previous };
}

const same = (a: Profile | undefined, b: Profile) =>
  a !== undefined && a.base_url === b.base_url && a.token === b.token;

/**
 * As the sandbox stops: the profile is put back as it was when what it held before is a service (not a
 * loopback address) or a sandbox still serving, and the profile still holds this sandbox's settings (no
 * login or sandbox has changed it since). Left as it is otherwise: a command then says to start it again.
 */
export async function giveProfileBack(ctx: Context, takeover: ProfileTakeover): Promise<void> {
  const { name, previous, written } = takeover;
  if (!previous || !(await restorable(previous))) return;
  const store = await ctx.store();
  if (await store.replaceIf(name, (now) => same(now, written), previous)) {
    ctx.note(`sandbox: profile ${name} points again at ${previous.base_url}, as before this sandbox`);
  }
}
