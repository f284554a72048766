import { resolve } from 'node:path';
import { checkBaseUrl, checkOrgId } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import { arg, defineVerb } from '../define.js';
import { readInputFileSync } from '../shared/files.js';
import { targetProfile } from '../shared/profiles.js';
import { checkWritableKey, keyHelp, type WritableKey } from './internal/keys.js';

/** A CA file is stored as an absolute path, once it reads as PEM certificates. */
function checkCaFile(value: string): string {
  const path = resolve(value);
  const text = readInputFileSync(path, { what: 'ca_file', usage: true }).toString('utf8');
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new UsageError(`ca_file: ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
  return path;
}

function checkValue(key: WritableKey, value: string, allowInsecureHttp: boolean): string {
  // The key is named in an error: `invalid organization id "x" (from config set org_id)`.
  const source = `config set ${key}`;
  if (key === 'ca_file') return checkCaFile(value);
  return key === 'base_url' ? checkBaseUrl(value, source, allowInsecureHttp) : checkOrgId(value, source);
}

export default defineVerb({
  name: 'set',
  summary: 'Store a setting in the profile',
  examples: [
    'secscan config set base_url https://app.example.com',
    'secscan --profile ci config set org_id <uuid>',
    'secscan --profile corp config set ca_file /etc/ssl/corp-ca.pem',
  ],
  operations: [],
  args: [arg('key', keyHelp), arg('value', 'the value')],
  validate({ args: [key] }) {
    return checkWritableKey(key);
  },
  async run(ctx, { args: [, rawValue], plan: key }) {
    const value = checkValue(key, rawValue, ctx.globals.allowInsecureHttp);
    const store = await ctx.store();
    const name = targetProfile(ctx, store);
    await store.update(name, { [key]: value });
    if (!store.currentName) await store.use(name);
    ctx.note(`Set ${key} in profile ${name}.`);
    return { kind: 'none' };
  },
});
