import type { TrendsDocument } from '../export/document.js';
import { type DocumentExporters, exportRows } from '../export/target.js';
import { yamlText } from '../core/render.js';
import { safeJson } from '../../streams/sanitize.js';
import { trendsMarkdown } from './markdown.js';
import { trendsRows, trendsRowView } from './rows.js';
import { trendsText } from './text.js';

/** `reports trends`: the summary with charts, Markdown, the whole object, or every number as long rows. */
export const trendsExporters: DocumentExporters<TrendsDocument> = {
  formats: {
    table: ({ report, ascii }, t) =>
      t.out.write(trendsText(report, { ascii, chalk: t.chalk, width: t.width })),
    markdown: ({ report }, t) => t.out.write(trendsMarkdown(report)),
    json: ({ report }, t) => t.out.write(`${safeJson(report, 2)}\n`),
    yaml: async ({ report }, t) => t.out.write(await yamlText(report)),
  },
  otherwise: async ({ report }, t) => {
    await exportRows(trendsRows(report), trendsRowView, t);
  },
};
