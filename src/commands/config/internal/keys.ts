import { maskSecret } from '../../../api/redact.js';
import type { Settings } from '../../../config/settings.js';
import { UsageError } from '../../../errors.js';

export const readableKeys = ['profile', 'base_url', 'org_id', 'token', 'ca_file'] as const;
export const writableKeys = ['base_url', 'org_id', 'ca_file'] as const;
export type WritableKey = (typeof writableKeys)[number];

/** Help of the `key` argument of `config set` and `config unset`. */
export const keyHelp =
  'base_url, org_id or ca_file (a PEM file of CAs to trust; tokens are set with `secscan auth login`)';

export function settingRows(settings: Settings): Record<string, unknown>[] {
  return [
    { key: 'profile', value: settings.profile.value, source: settings.profile.source },
    { key: 'base_url', value: settings.baseUrl.value, source: settings.baseUrl.source },
    { key: 'org_id', value: settings.orgId.value ?? '', source: settings.orgId.source },
    {
      key: 'token',
      value: settings.token.value ? maskSecret(settings.token.value) : '',
      source: settings.token.source,
    },
    { key: 'ca_file', value: settings.caFile.value ?? '', source: settings.caFile.source },
  ];
}

export function checkWritableKey(key: string): WritableKey {
  if (key === 'token') {
    throw new UsageError(
      'tokens are never taken from the command line: use `secscan auth login --with-token < file`',
    );
  }
  if (!(writableKeys as readonly string[]).includes(key)) {
    throw new UsageError(`unknown setting ${JSON.stringify(key)} (choose from ${writableKeys.join(', ')})`);
  }
  return key as WritableKey;
}
