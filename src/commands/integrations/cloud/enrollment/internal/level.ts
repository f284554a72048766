import { UsageError } from '../../../../../errors.js';
import { parsed, text } from '../../../../define.js';
import { appId } from '../../../../parsers.js';

/** Where an enrollment is read or written: the organization, a compound, or (reading only) an app's compound. */
export type Level =
  { kind: 'organization' } | { kind: 'compound'; compound: string } | { kind: 'app'; app: string };

export const compoundOption = text('--compound <name>', 'a compound, by name', { complete: 'compound' });

export const appOption = (description: string, hidden = false) =>
  parsed('--app <id>', description, appId(), { complete: 'app', conflicts: ['compound'], hidden });

const noAppLevel =
  '--app: the service has no operation to enroll a single app (only compounds and the organization); ' +
  'enroll the app’s compound with --compound NAME (`enrollment show --app ID` names it)';

/** The level the flags name; the bare global --org is the organization. */
export function levelOf(
  verb: 'show' | 'set' | 'remove',
  orgLevel: boolean,
  opts: { app?: string | undefined; compound?: string | undefined },
): Level {
  if (orgLevel && (opts.app !== undefined || opts.compound !== undefined)) {
    throw new UsageError('--org (the organization level) cannot be used with --app or --compound');
  }
  if (opts.app !== undefined && verb !== 'show') throw new UsageError(noAppLevel);
  if (orgLevel && verb === 'remove') {
    throw new UsageError(
      'the organization’s enrollment cannot be removed (the service has no operation for it); ' +
        'disable it with `secscan integrations cloud enrollment set --org --disable`',
    );
  }
  if (orgLevel) return { kind: 'organization' };
  if (opts.compound !== undefined) return { kind: 'compound', compound: opts.compound };
  if (opts.app !== undefined) return { kind: 'app', app: opts.app };
  const choices = {
    show: '--org, --compound NAME or --app ID',
    set: '--org or --compound NAME',
    remove: '--compound NAME',
  };
  throw new UsageError(`say which enrollment: ${choices[verb]}`);
}
