import { choice } from '../../define.js';

export const versionOption = choice(
  '--version <n>',
  'webhook flow: 2 the normal one (default), 1 the legacy one',
  ['1', '2'],
);

/** The `version` query parameter; absent means the service's default (2). */
export const versionQuery = (version: '1' | '2' | undefined) => ({
  version: version === undefined ? undefined : version === '1' ? (1 as const) : (2 as const),
});

export const flowName = (version: '1' | '2' | undefined) => (version === '1' ? 'legacy' : 'normal');
