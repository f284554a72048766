import { TeamConfigBody } from '@secscan/api/schemas/org-config';
import type { Context } from '../../../../context.js';
import type { Result } from '../../../../output/core/result.js';
import { arg } from '../../../define.js';
import { fileLabel, parseSettingsFile, readTextFile } from '../../../shared/config-file.js';
import { changeNote, confirmResets } from '../../../shared/settings-diff.js';
import { resolveTeam, teamArg } from './team.js';
import { checkWith } from '../../../../util/hints.js';

export const writeArgs = [
  teamArg,
  arg('file', 'configuration file, YAML or JSON (`-` reads standard input)', { complete: 'file' }),
] as const;

const hint = 'the file holds analysis_configuration: {secrets: {entropy, disable}}';

/** `set` replaces the team's configuration (asking before it resets what the file leaves out); `patch` merges. */
export async function writeTeamConfig(
  ctx: Context,
  team: string,
  file: string,
  replace: boolean,
): Promise<Result> {
  const label = fileLabel(file);
  const body = await parseSettingsFile(await readTextFile(ctx, file, 'file'), label, TeamConfigBody, hint);
  const client = await ctx.client();
  const rbacTeamID = await resolveTeam(client, team);
  const before = await client.call('ReadTeamConfig', { path: { rbacTeamID } });
  let after;
  if (replace) {
    await confirmResets(ctx, `the configuration of team ${team}`, label, before, body);
    after = await client.call('UpdateTeamConfig', {
      path: { rbacTeamID },
      body,
      verify: checkWith(`secscan teams config show ${team}`),
    });
  } else {
    after = await client.call('PatchTeamConfig', {
      path: { rbacTeamID },
      body,
      verify: checkWith(`secscan teams config show ${team}`),
    });
  }
  ctx.note(
    `${replace ? 'Replaced' : 'Patched'} the configuration of team ${team}. ${changeNote(before, after)}`,
  );
  return { kind: 'object', item: after };
}
