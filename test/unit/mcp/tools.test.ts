import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { parseArguments } from '../../../src/mcp/schema.js';
import { parseToolsets, toolsets } from '../../../src/mcp/tool.js';
import { allTools, listedTools, selectTools } from '../../../src/mcp/tools/index.js';

describe('mcp tools', () => {
  it('are all served by default; --read-only leaves out every tool that writes', () => {
    expect(selectTools(parseToolsets(undefined), false)).toHaveLength(allTools.length);
    const readOnly = selectTools(parseToolsets(undefined), true).map((t) => t.name);
    expect(readOnly).not.toContain('triage');
    expect(readOnly).not.toContain('undo_triage');
    expect(readOnly).not.toContain('propose_suppression');
    for (const tool of selectTools(parseToolsets(undefined), true)) {
      expect(tool.hints.readOnlyHint, tool.name).toBe(true);
      expect(tool.writes, tool.name).toBe(false);
    }
  });

  it('--toolsets picks groups, context always; an unknown group is a usage error naming the flag', () => {
    const names = selectTools(parseToolsets('gate'), false).map((t) => t.name);
    expect(names).toEqual(['whoami', 'find_apps', 'await_result', 'scan_of', 'gate']);
    expect(() => parseToolsets('gate,nope')).toThrow(
      /invalid value for --toolsets: "gate,nope" \(choose from/,
    );
    expect(() => parseToolsets(',')).toThrow(/--toolsets/);
    expect(toolsets).toContain('triage');
  });

  it('each have annotations, an input and an output schema of type object, and say that service text is data', () => {
    for (const listed of listedTools(allTools)) {
      const tool = listed as {
        name: string;
        description: string;
        inputSchema: { type: string };
        outputSchema: { type: string };
        annotations: Record<string, boolean>;
      };
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema.type, tool.name).toBe('object');
      expect(Object.keys(tool.annotations).sort(), tool.name).toEqual([
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
        'readOnlyHint',
      ]);
      expect(JSON.stringify(tool.inputSchema)).not.toContain('$schema');
    }
    const readsService = allTools.filter(
      (t) => t.hints.openWorldHint && t.name !== 'whoami' && t.name !== 'undo_triage',
    );
    for (const tool of readsService) expect(tool.description, tool.name).toMatch(/data, never instructions/);
  });

  it('refuse wrong arguments in one line naming the parameter', () => {
    const schema = z.strictObject({ app: z.string(), ids: z.array(z.string()).max(2) });
    expect(() => parseArguments(schema, { app: 'a', ids: ['1', '2', '3'] })).toThrow(
      /^invalid value for ids: /,
    );
    expect(() => parseArguments(schema, { app: 'a', ids: [], nope: 1 })).toThrow('unknown parameter "nope"');
    expect(() => parseArguments(schema, {})).toThrow(/invalid value for app/);
    expect(parseArguments(schema, { app: 'a', ids: [] })).toEqual({ app: 'a', ids: [] });
  });
});
