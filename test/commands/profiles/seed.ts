import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORG, ORIGIN, type Cli } from '../../helpers/cli.js';

/** Two profiles, `b` current with a token, `a` empty. */
export const two = {
  current_profile: 'b',
  profiles: { b: { base_url: ORIGIN, org_id: ORG, token: 'secret-token-1' }, a: {} },
};

export const seed = (cli: Cli, data: unknown = two): void =>
  writeFileSync(join(cli.configDir, 'config.json'), JSON.stringify(data), { mode: 0o600 });

export const saved = (cli: Cli) => JSON.parse(readFileSync(join(cli.configDir, 'config.json'), 'utf8'));
