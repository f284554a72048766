import { createRequire } from 'node:module';
import { type RunningSandbox, startSandbox } from '@secscan/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import { addedToRoots, closeDefaultDispatcher } from '../../../src/api/dispatcher.js';

// node:tls as Node's own modules see it (tls.connect calls this object's createSecureContext).
const tls = createRequire(import.meta.url)('node:tls') as typeof import('node:tls');

let first: RunningSandbox;
let second: RunningSandbox;
beforeAll(async () => {
  [first, second] = await Promise.all([startSandbox({ tls: true }), startSandbox({ tls: true })]);
});
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});
afterEach(async () => {
  vi.restoreAllMocks();
  delete process.env.NODE_EXTRA_CA_CERTS;
  await closeDefaultDispatcher();
});

const clientOf = (sandbox: RunningSandbox, caFile: string | undefined) =>
  new ApiClient({ baseUrl: sandbox.url, token: sandbox.token, orgId: sandbox.orgId, caFile });

describe('a CA file (SECSCAN_CA_FILE, a profile’s ca_file)', () => {
  it('builds one TLS context for the process, whatever the number of connections', async () => {
    const contexts = vi.spyOn(tls, 'createSecureContext');
    const connects = vi.spyOn(tls, 'connect');
    const client = clientOf(first, first.caFile);
    // Six requests at once: the pool opens a connection for each.
    const lists = await Promise.all(Array.from({ length: 6 }, () => client.call('ListApps')));
    expect(lists.every((apps) => apps.length > 0)).toBe(true);
    expect(connects.mock.calls.length).toBeGreaterThan(1);
    expect(contexts).toHaveBeenCalledTimes(1);
  });

  it('trusts the file besides Node’s roots and NODE_EXTRA_CA_CERTS', async () => {
    process.env.NODE_EXTRA_CA_CERTS = second.caFile;
    const viaFile = await clientOf(first, first.caFile).call('ListApps');
    const viaExtra = await clientOf(second, first.caFile).call('ListApps');
    expect(viaFile.length).toBeGreaterThan(0);
    expect(viaExtra.length).toBeGreaterThan(0);
    // Node's roots stay: the context is the default one (its roots) with the two CAs added.
    const context = tls.createSecureContext();
    expect(typeof (context as { context?: { addCACert?: unknown } }).context?.addCACert).toBe('function');
  });

  it('without a CA file, a certificate no root signed is refused (exit 3)', async () => {
    await expect(clientOf(first, undefined).call('ListApps')).rejects.toMatchObject({
      exitCode: 3,
      message: expect.stringMatching(/ListApps: the certificate of https:\/\/.* is not trusted/),
    });
  });
});

describe('addedToRoots', () => {
  const pem = (body: string) => `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`;

  it('adds the certificates that are not Node’s roots, once, from a bundle of many', () => {
    const added: string[] = [];
    const fake = {
      rootCertificates: [pem('AAAA\nBBBB'), pem('CCCC')],
      createSecureContext: () => ({ context: { addCACert: (text: string) => added.push(text) } }),
    } as unknown as typeof import('node:tls');
    // A system bundle (NODE_EXTRA_CA_CERTS) with a root in other line breaks, and the CA file.
    const bundle = `${pem('AAAABBBB')}\n${pem('DDDD')}\r\n${pem('CCCC')}\n`;
    addedToRoots(fake, [bundle, pem('EEEE')]);
    expect(added).toEqual([`${pem('DDDD')}\n${pem('EEEE')}`]);
  });
});
