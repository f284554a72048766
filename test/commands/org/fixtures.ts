/** The organization configuration as the service reads it back. */
export const orgConfig = {
  sso_name: 'acme',
  allowed_non_admin_auth_providers: ['github', 'username-password'],
  security_training_provider: 'kontra',
  analysis_configuration: { secrets: { entropy: 3.5, disable: false } },
  autofix_configuration: {
    enable: true,
    auto_run: false,
    manual: true,
    max_fixes_per_run: 10,
    fix_only_severities: ['critical', 'high'],
  },
  session_timeout_hours: 168,
};

/** The same as `org config show -o yaml` writes it. */
export const orgConfigYaml = `sso_name: acme
allowed_non_admin_auth_providers:
  - github
  - username-password
security_training_provider: kontra
analysis_configuration:
  secrets:
    entropy: 3.5
    disable: false
autofix_configuration:
  enable: true
  auto_run: false
  manual: true
  max_fixes_per_run: 10
  fix_only_severities:
    - critical
    - high
session_timeout_hours: 168
`;
