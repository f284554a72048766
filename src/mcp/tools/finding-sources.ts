import type { Finding } from '@secscan/api/schemas/findings';
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../errors.js';
import { cut } from './common.js';

/** One step of a finding's dataflow, from the entry point to the sink. */
export interface DataflowStep {
  file?: string;
  line?: number;
  method?: string;
  role?: string;
}

export interface Fix {
  /** Where the fix comes from: the recommended fix of the public API (later: AutoFix, a branch fix). */
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
