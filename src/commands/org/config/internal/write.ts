import { OrgConfigBody } from '@secscan/api/schemas/org-config';
import type { Context } from '../../../../context.js';
import type { Result } from '../../../../output/core/result.js';
import { arg } from '../../../define.js';
import { fileLabel, parseSettingsFile, readTextFile } from '../../../shared/config-file.js';
import { changeNote, confirmResets } from '../../../shared/settings-diff.js';
import { checkWith } from '../../../../util/hints.js';

export const fileArgs = [
  arg('file', 'configuration file, YAML or JSON (`-` reads standard input)', { complete: 'file' }),
] as const;

const hint = 'the file has the shape `secscan org config show -o yaml` prints';

/** `set` replaces the whole configuration (asking before it resets what the file leaves out); `patch` merges. */
export async function writeOrgConfig(ctx: Context, file: string, replace: boolean): Promise<Result> {
  const label = fileLabel(file);
  const body = await parseSettingsFile(await readTextFile(ctx, file, 'file'), label, OrgConfigBody, hint);
  const client = await ctx.client();
  const before = await client.call('ReadOrgConfig');
  if (replace) {
    await confirmResets(ctx, 'the organization configuration', label, before, body);
    await client.call('UpdateOrgConfig', { body, verify: checkWith('secscan org config show') });
  } else {
    await client.call('PatchOrgConfig', { body, verify: checkWith('secscan org config show') });
  }
  const after = await client.call('ReadOrgConfig');
  ctx.note(
    `${replace ? 'Replaced' : 'Patched'} the organization configuration. ${changeNote(before, after)}`,
  );
  return { kind: 'object', item: after };
}
