/**
 * The records of the projects' settings: analysis configuration, app groups, analyze failures and stored
 * check-analysis configurations (seeded by analysis/projects.ts).
 */

/** Analysis configuration of the organization and teams (secrets only) and of apps. */
export interface SecretsSettings {
  entropy?: number;
  disable?: boolean;
}

export interface AppConfigRecord {
  secrets?: SecretsSettings;
  cpg2sp?: { 'max-steps'?: number };
}

export interface ConfigurationSection {
  org: { secrets?: SecretsSettings };
  /** By team id. */
  teams: Record<string, { secrets?: SecretsSettings }>;
  /** By app id; the default branch lives on the app record (`base_branch`). */
  apps: Record<string, AppConfigRecord>;
}

export interface AppGroupRecord {
  name: string;
  app_ids: string[];
}

export interface AnalyzeFailureRecord {
  id: string;
  app_name: string;
  compound_id?: string;
  polyglot_scan_id?: number;
  domain: string;
  category: string;
  code: string;
  affects: 'all' | 'sast' | 'sca';
  message: string;
  is_partial: boolean;
  details: Record<string, string>;
  created_at: string;
}

/** A stored check-analysis configuration: one YAML file per tag ('' when pushed without); the last is the latest. */
export interface CheckPolicyRecord {
  name: string;
  versions: { tag: string; content: string }[];
}
