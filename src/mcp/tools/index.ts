import { jsonSchema } from '../schema.js';
import type { ToolDef, Toolset } from '../tool.js';
import { awaitResult, findApps, whoami } from './context.js';
import { findingDetails } from './findings.js';
import { gate, scanOf } from './gate.js';
import { stats } from './reports.js';
import { packages, sbomSummary } from './sca.js';
import { searchFindings } from './search.js';
import { proposeSuppression } from './suppress.js';
import { triage, undoTriage } from './triage.js';

/** Every tool, in the order hosts list them. */
export const allTools: readonly ToolDef[] = [
  whoami,
  findApps,
  awaitResult,
  scanOf,
  gate,
  searchFindings,
  findingDetails,
  triage,
  undoTriage,
  proposeSuppression,
  packages,
  sbomSummary,
  stats,
];

/** The tools of the toolsets; with `readOnly`, none that writes. */
export function selectTools(sets: readonly Toolset[], readOnly: boolean): ToolDef[] {
  return allTools.filter(
    (t) => (t.toolset === 'context' || sets.includes(t.toolset)) && !(readOnly && t.writes),
  );
}

/** The tools as `tools/list` gives them: names, descriptions, schemas and annotations. */
export function listedTools(tools: readonly ToolDef[]): Record<string, unknown>[] {
  return tools.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: jsonSchema(t.input, 'input'),
    outputSchema: jsonSchema(t.output, 'output'),
    annotations: t.hints,
  }));
}
