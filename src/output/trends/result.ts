import type { TrendsReport } from '../../analytics/trends-model.js';
import type { OutputFormat } from '../format.js';
import { yamlText } from '../render.js';
import type { Result } from '../result.js';
import { safeJson } from '../sanitize.js';
import { trendsMarkdown } from './markdown.js';
import { trendsRows, trendsRowView } from './rows.js';
import { trendsText } from './text.js';

/** The report in the format asked for: the summary with charts, Markdown, the whole object, or long rows. */
export function trendsResult(
  report: TrendsReport,
  format: OutputFormat,
  options: { ascii: boolean },
): Result {
  switch (format) {
    case 'table':
      return {
        kind: 'custom',
        render: async (out, chalk) => out.write(trendsText(report, { ...options, chalk })),
      };
    case 'markdown':
      return { kind: 'custom', render: async (out) => out.write(trendsMarkdown(report)) };
    case 'json':
      return { kind: 'custom', render: async (out) => out.write(`${safeJson(report, 2)}\n`) };
    case 'yaml':
      return { kind: 'custom', render: async (out) => out.write(await yamlText(report)) };
    default:
      return { kind: 'list', rows: trendsRows(report), view: trendsRowView };
  }
}
