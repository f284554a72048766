import { builtinLike, defaultTeamRole, teamRoleNames } from '@secscan/api/values';
import { pattern } from '../parsers.js';

export { builtinLike, defaultTeamRole, teamRoleNames };

const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const email = '[^\\s@:]+@[^\\s@:]+\\.[^\\s@:]+';
const role = `(?:${teamRoleNames.join('|')}|${uuid})`;

export const teamRolePattern = new RegExp(`^${role}$`);
const roleExpected = `${teamRoleNames.join(', ')} or a role id`;

export const teamRole = (what?: string) => pattern(teamRolePattern, `expected ${roleExpected}`, what);
/** USER: an e-mail or a user id. */
export const userRef = (what?: string) =>
  pattern(new RegExp(`^(?:${email}|${uuid})$`), 'expected an e-mail or a user id', what);
/** USER[:ROLE]. */
export const memberRef = () =>
  pattern(
    new RegExp(`^(?:${email}|${uuid})(?::${role})?$`),
    `expected EMAIL or USER-ID, optionally :ROLE (${roleExpected})`,
  );
/**
 * GROUP[:ROLE]: what follows the last colon, when it is written like a role name, must be one; a trailing
 * colon (`devs:`, a role left out) is refused rather than taken as part of the name.
 */
export const groupRoleRef = () =>
  pattern(
    new RegExp(`^(?:.+:${role}|(?!.*:[A-Z][A-Z_]*$)(?!.*:$).+)$`),
    `expected GROUP or GROUP:ROLE (${roleExpected})`,
    'group',
  );

/** GROUP[:ROLE] or USER[:ROLE]: a group id or name, optionally with a team role. */
export function splitRole(spec: string): { ref: string; role: string } {
  const i = spec.lastIndexOf(':');
  if (i > 0 && teamRolePattern.test(spec.slice(i + 1)))
    return { ref: spec.slice(0, i), role: spec.slice(i + 1) };
  return { ref: spec, role: defaultTeamRole };
}
