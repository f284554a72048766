import { homedir } from 'node:os';
import { UsageError } from '../../errors.js';
import { parseToolsets } from '../../mcp/tool.js';
import { type HostConfigRow, hostConfigView } from '../../output/views/mcp.js';
import { choice, defineVerb, flag, text } from '../define.js';

const clients = ['claude-code', 'cursor', 'vscode', 'codex', 'gemini'] as const;

export default defineVerb({
  name: 'configure',
  summary: 'Write an agent host’s MCP configuration to start `secscan mcp`',
  description:
    'Add the secscan server to the MCP configuration of an agent host, in the file and format the host ' +
    'documents: claude-code (.mcp.json; user: ~/.claude.json), cursor (.cursor/mcp.json), vscode ' +
    '(.vscode/mcp.json; user: the mcp.json of the VS Code user folder), codex (.codex/config.toml; user: ' +
    '~/.codex/config.toml) and gemini (.gemini/settings.json). --scope project (the default: the working ' +
    'directory) or user.\n\nThe file keeps everything else it holds (comments and layout too): the one entry is ' +
    'added or replaced, the old file is copied to FILE.TIME.bak first, and the new one is written whole or ' +
    'not at all. The entry holds no secret: the server finds the credentials as every command does (give ' +
    '--profile to name one). --server-read-only and --server-toolsets give the command the host starts `--read-only` and `--toolsets`. --print shows ' +
    'the entry instead of writing it; --remove takes it out.',
  examples: [
    'secscan mcp configure --client claude-code',
    'secscan mcp configure --client cursor --scope user --server-read-only',
    'secscan mcp configure --client codex --print',
    'secscan mcp configure --client vscode --remove',
  ],
  operations: [],
  options: {
    client: choice('--client <host>', 'the agent host (required)', clients, { required: 'the agent host' }),
    scope: choice(
      '--scope <scope>',
      'project: the working directory (default); user: the host’s file in your home',
      ['project', 'user'],
    ),
    serverReadOnly: flag('--server-read-only', 'the host starts `secscan mcp --read-only`'),
    serverToolsets: text('--server-toolsets <list>', 'the host starts `secscan mcp --toolsets LIST`'),
    command: text('--command <path>', 'the command the host runs (default secscan, found on its PATH)'),
    print: flag('--print', 'print the entry; write nothing', { conflicts: ['remove'] }),
    remove: flag('--remove', 'take the entry out of the host’s configuration', { conflicts: ['print'] }),
  },
  view: hostConfigView,
  validate({ opts }) {
    if (opts.serverToolsets !== undefined) parseToolsets(opts.serverToolsets, '--server-toolsets');
    if (opts.command !== undefined && opts.command.trim() === '')
      throw new UsageError('--command must not be empty');
  },
  async run(ctx, { opts }) {
    const [{ configPath }, { entryText, planEdit, saveEdit }] = await Promise.all([
      import('../../mcp/hosts.js'),
      import('../../mcp/host-file.js'),
    ]);
    const scope = opts.scope ?? 'project';
    const path = configPath(opts.client, scope, {
      cwd: process.cwd(),
      home: ctx.env.HOME || homedir(),
      env: ctx.env,
      platform: process.platform,
    });
    const profile = ctx.globals.profile;
    const launch = {
      command: opts.command ?? 'secscan',
      args: [
        'mcp',
        ...(opts.serverReadOnly ? ['--read-only'] : []),
        ...(opts.serverToolsets !== undefined ? ['--toolsets', opts.serverToolsets] : []),
        ...(profile !== undefined ? ['--profile', profile] : []),
      ],
    };
    if (opts.print) {
      ctx.note(`the entry of ${path}:`);
      return { kind: 'raw', body: entryText(opts.client, launch) };
    }
    const edit = await planEdit(opts.client, path, opts.remove ? undefined : launch);
    const action: HostConfigRow['action'] =
      edit.after === edit.before
        ? 'unchanged'
        : opts.remove
          ? 'removed'
          : edit.before.includes('"secscan"') || edit.before.includes('mcp_servers.secscan')
            ? 'updated'
            : 'added';
    const backup = action === 'unchanged' ? undefined : await saveEdit(edit);
    ctx.note(
      action === 'unchanged'
        ? `${path}: ${opts.remove ? 'no secscan entry to remove' : 'already so'}; nothing written`
        : `${path}: secscan ${action}${backup ? ` (the old file is ${backup})` : ''}`,
    );
    return {
      kind: 'object',
      item: { client: opts.client, scope, file: path, action, backup: backup ?? null },
      onlyWhenAsked: true,
    };
  },
});
