import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import { defineVerb, flag, parsed, text } from '../define.js';
import { int } from '../parsers.js';
import { parseToolsets } from '../../mcp/tool.js';

export default defineVerb({
  name: 'mcp',
  section: 'api',
  summary: 'Serve the service to coding agents over the Model Context Protocol (standard input and output)',
  description:
    'Serve MCP on standard input and output for an agent host (Claude Code, Cursor, VS Code, Codex, Gemini ' +
    'CLI; `secscan mcp configure` writes their configuration): task-level tools for who am I, apps by name, ' +
    'the scan of a commit, the gate, findings search and details with their fix, packages, the SBOM with VEX, ' +
    'statistics, and triage.\n\nThe credentials are found as for every command (--profile, --base-url, --org, ' +
    'SECSCAN_* variables, the profile); no token is ever in an answer or a log line. Every tool that writes ' +
    '(triage, undo_triage, propose_suppression) is a dry run unless the call passes confirm: true; a ' +
    'confirmed triage change answers its journal id, which undo_triage takes. --read-only serves no tool ' +
    'that writes; --toolsets picks the groups (context is always served). Every call answers within ' +
    '--answer-within seconds: work not done by then answers a handle that await_result takes. Service ' +
    'text (titles, paths) is only ever in the answers’ data fields. Log lines go to standard error. See ' +
    'docs/guide/agents.md.',
  examples: [
    'secscan mcp',
    'secscan mcp --read-only --toolsets gate,findings',
    'secscan mcp configure --client claude-code',
  ],
  printsJson: false,
  operations: [],
  commands: [() => import('./configure.js')],
  options: {
    readOnly: flag('--read-only', 'serve no tool that writes (no triage, undo or suppression)'),
    toolsets: text(
      '--toolsets <list>',
      'the tool groups to serve, separated by commas: gate, findings, triage, sca, reports (default all; context always)',
    ),
    workspace: text(
      '--workspace <dir>',
      'the workspace: rules files and the ignore file (default the working directory)',
      {
        complete: 'file',
      },
    ),
    answerWithin: parsed(
      '--answer-within <seconds>',
      'answer every call within this many seconds, 1 to 55 (default 50): unfinished work answers a handle',
      int(1, 55),
    ),
  },
  validate({ opts }) {
    const workspace = resolve(opts.workspace ?? process.cwd());
    if (!existsSync(workspace) || !statSync(workspace).isDirectory()) {
      throw new UsageError(`invalid value for --workspace: ${opts.workspace} is not a directory`);
    }
    return { workspace, toolsets: parseToolsets(opts.toolsets) };
  },
  async run(ctx, { opts, plan: { workspace, toolsets } }) {
    const [{ serveMcp }, { sanitizeLine }] = await Promise.all([
      import('../../mcp/server.js'),
      import('../../streams/sanitize.js'),
    ]);
    await serveMcp({
      settings: {
        flags: ctx.globals,
        env: ctx.env,
        version: ctx.version,
        debug: ctx.debugEnabled,
        log: (line) => ctx.notices.write(`${sanitizeLine(line, 2000)}\n`),
      },
      toolsets,
      readOnly: Boolean(opts.readOnly),
      answerWithinMs: (opts.answerWithin ?? 50) * 1000,
      workspace,
      io: ctx.io,
      signal: ctx.signal,
    });
    return { kind: 'none' };
  },
});
