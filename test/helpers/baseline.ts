import { type Cli, json, ok } from './cli.js';

/**
 * The requests a diff gate without a named baseline makes besides the check: the default branch (the
 * compound's first app's `base_branch`), then the baseline scan the answer names (its version, from the
 * compound's scans listing). `defaultBranch: false` when the baseline is named (a flag, the rules file, the
 * merge target); `scan: undefined` when the answer names none (the gate is then not evaluated).
 */
export function stubBaseline(
  cli: Cli,
  options: {
    compound?: string;
    branch?: string;
    defaultBranch?: boolean;
    scan?: number | undefined;
    version?: string;
    /** The listing's branch filter: undefined when the baseline was given by scan id. */
    listBranch?: string | undefined;
  } = {},
): void {
  const compound = options.compound ?? 'shop';
  const branch = options.branch ?? 'main';
  if (options.defaultBranch !== false) {
    cli
      .stub('ReadCompoundShallowByName', { path: { compoundName: compound } })
      .reply(200, ok({ id: 'c0', name: compound, apps: ['payments-api'] }), json);
    cli
      .stub('ReadApp', { path: { appID: 'payments-api' } })
      .reply(200, ok({ id: 'payments-api', base_branch: branch }), json);
  }
  const scan = 'scan' in options ? options.scan : 4;
  if (scan === undefined) return;
  const listBranch = 'listBranch' in options ? options.listBranch : branch;
  cli
    .stub('ListScansInCompound', {
      path: { compoundName: compound },
      query: { archived: true, limit: 50, ...(listBranch ? { branch: listBranch } : {}) },
    })
    .reply(
      200,
      ok({
        scans: [
          {
            id: String(scan),
            app: compound,
            version: options.version ?? 'abc1234def5678abc1234def5678abc1234def56',
            successful: true,
          },
        ],
      }),
      json,
    );
}
