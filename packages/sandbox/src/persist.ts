import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { ConfigError } from '@secscan/api/errors';
import { seedState } from './seed/index.js';
import { type SandboxState, stateVersion } from './state.js';

const isArray = Array.isArray;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !isArray(v);

/** A shape check per section; an area that adds a section adds its line here (the type insists). */
const sectionChecks: Record<keyof SandboxState, (v: unknown) => boolean> = {
  version: (v) => v === stateVersion,
  seed: (v) => Number.isInteger(v),
  secret: (v) => typeof v === 'string' && v.length >= 16,
  org: (v) => isObject(v) && typeof v.id === 'string' && typeof v.name === 'string',
  users: isArray,
  tokens: (v) => isObject(v) && isArray(v.roles) && isArray(v.items) && isObject(v.demo),
  rbac: (v) => isObject(v) && isArray(v.roles) && isArray(v.teams),
  apps: isArray,
  analysis: (v) =>
    isObject(v) && isArray(v.scans) && isArray(v.findings) && isArray(v.compounds) && isObject(v.next),
  configuration: (v) => isObject(v) && isObject(v.org) && isObject(v.teams) && isObject(v.apps),
  appGroups: isArray,
  analyzeFailures: isArray,
  checkPolicies: isArray,
  webhooks: isArray,
  integrations: (v) =>
    isObject(v) &&
    isArray(v.pending) &&
    isObject(v.associations) &&
    isArray(v.workItems) &&
    Number.isInteger(v.nextWorkItem) &&
    isObject(v.cloud) &&
    isObject(v.cloud.compounds),
  orgConfig: isObject,
  savedSearches: isArray,
  groups: isArray,
  invitations: isArray,
  saml: (v) => isObject(v) && isArray(v.configs) && isArray(v.domains),
  backups: isArray,
  audit: isArray,
  scmSecrets: isArray,
};

/** Writes through a temporary file and a rename, mode 0600: a crash never leaves half a file. */
export function writeFileAtomic(path: string, data: string): void {
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(temp, data, { mode: 0o600 });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function saveState(path: string, state: SandboxState): void {
  writeFileAtomic(path, `${JSON.stringify(state, null, 2)}\n`);
}

/**
 * Reads a state file, or undefined when there is none. A section the file lacks (written before an area
 * existed) comes from the seed the file names.
 */
export function loadState(path: string): SandboxState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`--state: cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`--state: ${path} is not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(data) || !sectionChecks.version(data.version) || !sectionChecks.seed(data.seed)) {
    throw new ConfigError(`--state: ${path} is not a sandbox state file (version ${stateVersion})`);
  }
  const merged: Record<string, unknown> = { ...seedState(data.seed as number), ...data };
  for (const [key, check] of Object.entries(sectionChecks)) {
    if (!check(merged[key])) throw new ConfigError(`--state: ${path} has an invalid ${key} section`);
  }
  return merged as unknown as SandboxState;
}
