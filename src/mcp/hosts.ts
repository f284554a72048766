import { join } from 'node:path';
import { ConfigError } from '../errors.js';

/**
 * The MCP configuration of each host `secscan mcp configure` writes, as each documents it: the file of a
 * project or of the user, and the entry that starts `secscan mcp` (no secret: the server finds the
 * credentials as every command does). Pure: src/mcp/host-file.ts reads and writes the files.
 */
export const clients = ['claude-code', 'cursor', 'vscode', 'codex', 'gemini'] as const;
export type Client = (typeof clients)[number];
export type Scope = 'project' | 'user';

/** The server's name in every host's configuration. */
export const serverName = 'secscan';

export interface Launch {
  command: string;
  args: string[];
}

export interface Place {
  cwd: string;
  home: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

/** VS Code's user folder: `Code/User` under the platform's application data. */
function vscodeUser(place: Place): string {
  if (place.platform === 'darwin') return join(place.home, 'Library', 'Application Support', 'Code', 'User');
  if (place.platform === 'win32')
    return join(place.env.APPDATA || join(place.home, 'AppData', 'Roaming'), 'Code', 'User');
  return join(place.env.XDG_CONFIG_HOME || join(place.home, '.config'), 'Code', 'User');
}

/** Where the host reads its MCP servers, for a project (the working directory) or for the user. */
export function configPath(client: Client, scope: Scope, place: Place): string {
  const project = scope === 'project';
  switch (client) {
    case 'claude-code':
      // Claude Code: .mcp.json at the project's root; the user's servers in ~/.claude.json.
      return project ? join(place.cwd, '.mcp.json') : join(place.home, '.claude.json');
    case 'cursor':
      return join(project ? place.cwd : place.home, '.cursor', 'mcp.json');
    case 'vscode':
      return project ? join(place.cwd, '.vscode', 'mcp.json') : join(vscodeUser(place), 'mcp.json');
    case 'codex':
      return project
        ? join(place.cwd, '.codex', 'config.toml')
        : join(place.env.CODEX_HOME || join(place.home, '.codex'), 'config.toml');
    case 'gemini':
      return join(project ? place.cwd : place.home, '.gemini', 'settings.json');
  }
}

/** The key of the servers' object in a host's JSON file. */
export function serversKey(client: Exclude<Client, 'codex'>): string {
  return client === 'vscode' ? 'servers' : 'mcpServers';
}

/** The server's entry in a host's JSON file. */
export function jsonEntry(client: Exclude<Client, 'codex'>, launch: Launch): Record<string, unknown> {
  const stdio = client === 'claude-code' || client === 'vscode' ? { type: 'stdio' } : {};
  return { ...stdio, command: launch.command, args: launch.args };
}

/** A JSON(C) file with the server's entry set (`entry`) or taken out (undefined): only that member changes. */
export async function editJson(
  text: string,
  label: string,
  client: Exclude<Client, 'codex'>,
  entry: Record<string, unknown> | undefined,
): Promise<string> {
  const { applyEdits, format, modify, parse, printParseErrorCode } = await import('jsonc-parser');
  const source = text.trim() === '' ? '{}\n' : text;
  const errors: import('jsonc-parser').ParseError[] = [];
  const root: unknown = parse(source, errors, { allowTrailingComma: true });
  if (errors.length || root === null || typeof root !== 'object' || Array.isArray(root)) {
    const why = errors.length
      ? `${printParseErrorCode(errors[0]!.error)} at offset ${errors[0]!.offset}`
      : 'not an object';
    throw new ConfigError(`${label} cannot be read as the host's JSON (${why}); nothing was changed`, {
      hint: 'fix the file, or add the entry by hand (--print shows it)',
    });
  }
  const key = serversKey(client);
  const servers = (root as Record<string, unknown>)[key];
  if (entry === undefined && (servers === null || typeof servers !== 'object' || !(serverName in servers)))
    return text;
  const indent = /\n([ \t]+)"/.exec(source)?.[1] ?? '  ';
  const formattingOptions = {
    insertSpaces: !indent.includes('\t'),
    tabSize: indent.includes('\t') ? 1 : indent.length,
    eol: source.includes('\r\n') ? '\r\n' : '\n',
  };
  if (text.trim() === '') return `${JSON.stringify({ [key]: { [serverName]: entry } }, null, indent)}\n`;
  // The edit alone, then only its text laid out as the file is (a layout of the whole member would
  // rewrite the other servers' entries).
  const edits = modify(source, [key, serverName], entry, {});
  const edited = applyEdits(source, edits);
  const edit = edits[0];
  if (!edit || entry === undefined) return edited;
  let start = edit.offset;
  while (start > 0 && /\s/.test(edited[start - 1] as string)) start--;
  const range = { offset: start, length: edit.offset - start + edit.content.length };
  return applyEdits(edited, format(edited, range, formattingOptions));
}

const tomlHeader =
  /^\s*\[\s*mcp_servers\s*\.\s*(?:secscan|"secscan"|'secscan')\s*(?:\.[^\]]*)?\]\s*(?:#.*)?$/;
const anyHeader = /^\s*\[/;

/** The TOML table of the server (Codex's `[mcp_servers.secscan]`). */
export function tomlEntry(launch: Launch): string {
  const args = launch.args.map((a) => JSON.stringify(a)).join(', ');
  return `[mcp_servers.${serverName}]\ncommand = ${JSON.stringify(launch.command)}\nargs = [${args}]\n`;
}

/** Codex's config.toml with the server's table (and its sub-tables) replaced, added or taken out. */
export function editToml(text: string, label: string, launch: Launch | undefined): string {
  const lines = text.split('\n');
  // Defined some other way (a dotted key, an inline table under [mcp_servers]): left to a person.
  let table = '';
  for (const line of lines) {
    if (anyHeader.test(line)) {
      table = line.replace(/#.*$/, '').replace(/\s/g, '');
      continue;
    }
    const dotted = table === '' && /^\s*mcp_servers\s*\.\s*["']?secscan["']?\s*[.=]/.test(line);
    const inline = table === '[mcp_servers]' && /^\s*["']?secscan["']?\s*[.=]/.test(line);
    if (dotted || inline) {
      throw new ConfigError(
        `${label} defines ${serverName} other than as a [mcp_servers.${serverName}] table; nothing was changed`,
        { hint: 'edit it by hand (--print shows the table)' },
      );
    }
  }
  const kept: string[] = [];
  let inside = false;
  let at = -1;
  for (const line of lines) {
    if (anyHeader.test(line)) {
      inside = tomlHeader.test(line);
      if (inside && at < 0) at = kept.length;
    }
    if (!inside) kept.push(line);
  }
  if (launch === undefined) {
    if (at < 0) return text;
    return kept.join('\n').replace(/\n{3,}/g, '\n\n');
  }
  const block = tomlEntry(launch).trimEnd().split('\n');
  if (at >= 0) {
    kept.splice(at, 0, ...block, '');
    return kept.join('\n').replace(/\n{3,}/g, '\n\n');
  }
  const body = text === '' ? '' : text.endsWith('\n') ? `${text}\n` : `${text}\n\n`;
  return `${body}${block.join('\n')}\n`;
}
