import type { AutofixConfig, OrgConfig } from '@secscan/api/schemas/org-config';
import { defineView } from '../core/view.js';

type Secrets = { entropy?: number | undefined; disable?: boolean | undefined } | undefined;

/** `enabled, entropy 3.5`: the secrets scanner of an organization, team or app. */
export function secretsSummary(secrets: Secrets): string {
  if (!secrets) return '';
  return [
    secrets.disable === undefined ? '' : secrets.disable ? 'disabled' : 'enabled',
    secrets.entropy === undefined ? '' : `entropy ${secrets.entropy}`,
  ]
    .filter(Boolean)
    .join(', ');
}

const onOff = (value: boolean | undefined, name: string): string =>
  value === undefined ? '' : `${name} ${value ? 'on' : 'off'}`;

/** `on, auto-run off, manual on, up to 10 fixes per run, critical and high only`. */
export function autofixSummary(config: AutofixConfig | undefined): string {
  if (!config) return '';
  const enabled = config.enable === true ? 'on' : config.enable === false || config.disable ? 'off' : '';
  const severities = config.fix_only_severities ?? [];
  return [
    enabled,
    onOff(config.auto_run_disable ? false : config.auto_run, 'auto-run'),
    onOff(config.manual_disable ? false : config.manual, 'manual'),
    config.max_fixes_per_run === undefined ? '' : `up to ${config.max_fixes_per_run} fixes per run`,
    severities.length ? `severities ${severities.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export const orgConfigView = defineView<OrgConfig>({
  columns: [
    { key: 'sso_name', header: 'SSO name' },
    { key: 'default_saml_config', header: 'Default SAML config' },
    {
      key: 'allowed_non_admin_auth_providers',
      header: 'Sign-in for non-admins',
      get: (c) => (c.allowed_non_admin_auth_providers ?? []).join(', '),
    },
    { key: 'security_training_provider', header: 'Security training' },
    {
      key: 'secrets',
      header: 'Secrets scanning',
      get: (c) => secretsSummary(c.analysis_configuration?.secrets),
    },
    { key: 'autofix', header: 'AutoFix', get: (c) => autofixSummary(c.autofix_configuration) },
    {
      key: 'session_timeout_hours',
      header: 'Session timeout',
      get: (c) => (c.session_timeout_hours === undefined ? '' : `${c.session_timeout_hours} hours`),
    },
  ],
});

export const autofixView = defineView<AutofixConfig>({
  columns: [
    {
      key: 'enable',
      header: 'AutoFix',
      get: (c) => (c.enable === true ? 'on' : c.enable === false || c.disable ? 'off' : ''),
    },
    { key: 'auto_run', header: 'Runs automatically', get: (c) => (c.auto_run_disable ? false : c.auto_run) },
    { key: 'manual', header: 'Runs on request', get: (c) => (c.manual_disable ? false : c.manual) },
    { key: 'max_fixes_per_run', header: 'Fixes per run' },
    {
      key: 'fix_only_severities',
      header: 'Severities',
      get: (c) => (c.fix_only_severities ?? []).join(', '),
    },
  ],
});

/** The organization's analysis configuration (secrets only): `secrets  enabled, entropy 4.5`. */
export const analysisView = defineView<{ secrets?: Secrets }>({
  columns: [{ key: 'secrets', header: 'Secrets scanning', get: (c) => secretsSummary(c.secrets) }],
});
