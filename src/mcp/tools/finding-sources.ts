import type { Finding } from '@secscan/api/schemas/findings';
import type { ApiClient } from '../../api/client.js';
import { ApiError, NotFoundError } from '../../errors.js';
import { branchFixes, newestScan, readDataflow, type ScanRef } from '../../fixes/index.js';
import { cut } from './common.js';

/** One step of a finding's dataflow, from the entry point to the sink. */
export interface DataflowStep {
  file?: string;
  line?: number;
  method?: string;
  /** The variable the data is in at that step (the dataflow of a scan, a path of the vendor's clients). */
  symbol?: string;
  role?: string;
}

export interface Fix {
  /**
   * Where the fix comes from: `recommended_fix` (the public API's, markdown) or `autofix` (a fix AutoFix made
   * for the branch of the app's newest scan, a unified patch: `secscan findings autofix` applies it).
   */
  source: string;
  fix: string;
  notes?: string;
}

/**
 * Where a finding's dataflow and fix are read. The public API today: the finding's own `details.dataflow`,
 * and its recommended fix (ReadRecommendedFix). The private routes (the dataflow of a scan, AutoFix requests
 * and branch fixes) are added here, and only here: finding_details asks these two functions.
 */
export interface FindingSources {
  dataflow(client: ApiClient, finding: Finding): Promise<DataflowStep[]>;
  fix(client: ApiClient, finding: Finding): Promise<Fix | null>;
}

const bag = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;

/** The steps of `details.dataflow.list`, as the service gives them (DataflowElement). */
export function dataflowOf(finding: Finding): DataflowStep[] {
  const list = bag(bag(finding.details)?.dataflow)?.list;
  if (!Array.isArray(list)) return [];
  return list.slice(0, 50).map((element) => {
    const e = bag(element) ?? {};
    const at = bag(e.location) ?? {};
    const role = Array.isArray(e.method_tags)
      ? str(bag(e.method_tags.find((t) => bag(t)?.key === 'role'))?.value)
      : undefined;
    const step: DataflowStep = {};
    const file = str(at.file_name);
    const line = num(at.line_number);
    const method = str(at.method_name);
    if (file) step.file = file;
    if (line !== undefined) step.line = line;
    if (method) step.method = method;
    if (role) step.role = role;
    return step;
  });
}

export const publicSources: FindingSources = {
  dataflow: async (_client, finding) => dataflowOf(finding),
  async fix(client, finding) {
    try {
      const read = await client.call('ReadRecommendedFix', {
        path: { appID: finding.app, findingID: finding.id },
      });
      return {
        source: 'recommended_fix',
        fix: cut(read.fix, 4000) ?? '',
        ...(read.fix_notes ? { notes: cut(read.fix_notes, 1000) } : {}),
      };
    } catch (error) {
      // No recommended fix for this finding.
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
};

/**
 * The sources the MCP server reads, with the paths outside the public v4 document that the vendor's own
 * clients call (src/fixes): the finding's dataflow in the app's newest scan (ReadFindingDataflow, with each
 * step's symbol) and the fix AutoFix made for that scan's branch once it is ready (ListBranchFixes, its
 * unified patch), asked for by `secscan findings autofix`: reading never asks AutoFix for one. Where the
 * service has none (a 404: no scan, a finding that scan does not hold, no fixes for the branch), the public
 * sources answer. One per tool call: the newest scan of an app is read once for all its findings.
 */
export function findingSources(): FindingSources {
  const scans = new Map<string, Promise<ScanRef | undefined>>();
  const scanOf = (client: ApiClient, app: string) => {
    let scan = scans.get(app);
    if (!scan) {
      scan = newestScan(client, app).catch((error: unknown) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      });
      scans.set(app, scan);
    }
    return scan;
  };
  return {
    async dataflow(client, finding) {
      const scan = await scanOf(client, finding.app);
      if (!scan) return publicSources.dataflow(client, finding);
      try {
        const { steps } = await readDataflow(client, {
          app: finding.app,
          findingId: finding.id,
          scanId: scan.id,
        });
        return steps.slice(0, 50).map((s) => ({
          file: cut(s.file_name, 500) ?? '',
          line: s.line_number,
          ...(s.symbol ? { symbol: cut(s.symbol, 200) } : {}),
          ...(s.role ? { role: cut(s.role, 100) } : {}),
        }));
      } catch (error) {
        if (error instanceof NotFoundError) return publicSources.dataflow(client, finding);
        throw error;
      }
    },
    async fix(client, finding) {
      const recommended = await publicSources.fix(client, finding);
      const scan = await scanOf(client, finding.app);
      if (!scan?.branch) return recommended;
      let fixes;
      try {
        fixes = await branchFixes(client, finding.app, scan.branch);
      } catch (error) {
        if (error instanceof NotFoundError) return recommended;
        throw error;
      }
      const ready = fixes.find((f) => f.finding_id === finding.id && f.status === 'ready');
      if (!ready?.unified_patch) return recommended;
      return {
        source: 'autofix',
        fix: cut(ready.unified_patch, 4000) ?? '',
        ...(recommended?.notes ? { notes: recommended.notes } : {}),
      };
    },
  };
}
