import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryText, planEdit, saveEdit } from '../../../src/mcp/host-file.js';
import { type Client, configPath, editJson, editToml } from '../../../src/mcp/hosts.js';

const launch = { command: 'secscan', args: ['mcp', '--read-only'] };
const place = { cwd: '/repo', home: '/home/u', env: {}, platform: 'linux' as const };
const dir = mkdtempSync(join(tmpdir(), 'secscan-mcp-hosts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mcp configure: the hosts’ files', () => {
  it('are those each host documents, for a project and for the user', () => {
    const paths = Object.fromEntries(
      (['claude-code', 'cursor', 'vscode', 'codex', 'gemini'] as Client[]).map((c) => [
        c,
        [configPath(c, 'project', place), configPath(c, 'user', place)],
      ]),
    );
    expect(paths).toEqual({
      'claude-code': ['/repo/.mcp.json', '/home/u/.claude.json'],
      cursor: ['/repo/.cursor/mcp.json', '/home/u/.cursor/mcp.json'],
      vscode: ['/repo/.vscode/mcp.json', '/home/u/.config/Code/User/mcp.json'],
      codex: ['/repo/.codex/config.toml', '/home/u/.codex/config.toml'],
      gemini: ['/repo/.gemini/settings.json', '/home/u/.gemini/settings.json'],
    });
    expect(configPath('vscode', 'user', { ...place, platform: 'darwin' })).toBe(
      '/home/u/Library/Application Support/Code/User/mcp.json',
    );
    expect(configPath('codex', 'user', { ...place, env: { CODEX_HOME: '/c' } })).toBe('/c/config.toml');
  });

  it('a JSON file keeps everything else, comments and layout included; removing gives it back', async () => {
    const before =
      '{\n    // the team’s servers\n    "mcpServers": {\n        "other": { "command": "x" }\n    },\n    "theme": "dark"\n}\n';
    const added = await editJson(before, 'f', 'cursor', { command: 'secscan', args: ['mcp'] });
    expect(added).toContain('// the team’s servers');
    expect(added).toContain('"other": { "command": "x" }');
    expect(added).toContain('"theme": "dark"');
    expect(added).toMatch(/\n {8}"secscan": \{/);
    const removed = await editJson(added, 'f', 'cursor', undefined);
    expect(removed.replace(/,(\s*)}/g, '$1}').replace(/\s/g, '')).toBe(before.replace(/\s/g, ''));
    // A file the host would not read is left alone, saying why.
    await expect(editJson('{ "mcpServers": ', 'f.json', 'cursor', {})).rejects.toThrow(
      /f.json cannot be read.*nothing was changed/,
    );
    await expect(editJson('[1]', 'f.json', 'cursor', {})).rejects.toThrow(/not an object/);
  });

  it('VS Code’s servers are under "servers", with type stdio; Claude Code’s under "mcpServers", with type stdio', async () => {
    expect(
      JSON.parse(await editJson('', 'f', 'vscode', { type: 'stdio', command: 'secscan', args: [] })),
    ).toEqual({
      servers: { secscan: { type: 'stdio', command: 'secscan', args: [] } },
    });
    expect(JSON.parse(entryText('claude-code', launch))).toEqual({
      mcpServers: { secscan: { type: 'stdio', command: 'secscan', args: ['mcp', '--read-only'] } },
    });
    expect(JSON.parse(entryText('gemini', launch))).toEqual({
      mcpServers: { secscan: { command: 'secscan', args: ['mcp', '--read-only'] } },
    });
  });

  it('Codex’s TOML gets its [mcp_servers.secscan] table replaced or added, the rest as it was', () => {
    const before =
      'model = "o3"\n\n[mcp_servers.docs]\ncommand = "docs"\n\n[mcp_servers.secscan]\ncommand = "old"\n\n[mcp_servers.secscan.env]\nX = "1"\n\n[profiles.a]\nmodel = "b"\n';
    const edited = editToml(before, 'f', launch);
    expect(edited).toBe(
      'model = "o3"\n\n[mcp_servers.docs]\ncommand = "docs"\n\n[mcp_servers.secscan]\ncommand = "secscan"\nargs = ["mcp", "--read-only"]\n\n[profiles.a]\nmodel = "b"\n',
    );
    expect(editToml(edited, 'f', undefined)).toBe(
      'model = "o3"\n\n[mcp_servers.docs]\ncommand = "docs"\n\n[profiles.a]\nmodel = "b"\n',
    );
    expect(editToml('model = "o3"\n', 'f', launch)).toBe(
      'model = "o3"\n\n[mcp_servers.secscan]\ncommand = "secscan"\nargs = ["mcp", "--read-only"]\n',
    );
    expect(() => editToml('[mcp_servers]\nsecscan = { command = "x" }\n', 'f.toml', launch)).toThrow(
      /other than as a \[mcp_servers.secscan\] table/,
    );
    expect(() => editToml('mcp_servers.secscan.command = "x"\n', 'f.toml', launch)).toThrow(
      /nothing was changed/,
    );
  });

  it('saves atomically with a backup of the old file and its mode; a new file has no backup', async () => {
    const path = join(dir, 'claude.json');
    writeFileSync(path, '{ "projects": { "a": 1 } }\n', { mode: 0o600 });
    const edit = await planEdit('claude-code', path, launch);
    const backup = await saveEdit(edit, new Date('2026-12-03T10:00:00Z'));
    expect(backup).toBe(`${path}.20261203-100000.bak`);
    expect(readFileSync(backup as string, 'utf8')).toBe('{ "projects": { "a": 1 } }\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8')).projects).toEqual({ a: 1 });
    // A second backup the same second never overwrites the first.
    const again = await saveEdit(
      await planEdit('claude-code', path, undefined),
      new Date('2026-12-03T10:00:00Z'),
    );
    expect(again).toBe(`${path}.20261203-100000-1.bak`);
    const fresh = join(dir, 'new', '.mcp.json');
    expect(await saveEdit(await planEdit('claude-code', fresh, launch))).toBeUndefined();
    expect(readdirSync(join(dir, 'new'))).toEqual(['.mcp.json']);
  });
});
