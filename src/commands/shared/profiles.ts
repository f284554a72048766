import { defaultProfileName } from '../../config/settings.js';
import type { ProfileStore } from '../../config/store.js';
import { profileNamePattern } from '../../config/store.js';
import type { Context } from '../../context.js';
import { ConfigError, UsageError } from '../../errors.js';
import { pattern } from '../parsers.js';

/** A profile name as an argument (`profiles use NAME`): an empty or malformed one is a usage error (exit 2). */
export const profileName = pattern(profileNamePattern, "letters, digits, '.', '_' and '-'", 'profile name');

/** The profile a command acts on: --profile, then SECSCAN_PROFILE, then the current one, then `default`. */
export function targetProfile(ctx: Context, store: ProfileStore): string {
  const name = ctx.globals.profile ?? ctx.env.SECSCAN_PROFILE ?? store.currentName ?? defaultProfileName;
  if (!profileNamePattern.test(name)) {
    throw new UsageError(
      `invalid profile name ${JSON.stringify(name)}: use letters, digits, '.', '_' and '-'`,
    );
  }
  return name;
}

/** The named profile must exist (profiles use/remove). */
export function requireProfile(store: ProfileStore, name: string): void {
  if (!store.get(name)) {
    throw new ConfigError(`profile ${JSON.stringify(name)} does not exist`, {
      hint: 'see `secscan profiles list`',
    });
  }
}
