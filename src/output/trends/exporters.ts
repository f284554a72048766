import { listing, type TrendsDocument } from '../export/document.js';
import { defineDocument } from '../export/spec.js';
import { trendsMarkdown } from './markdown.js';
import { trendsRows, trendsRowView } from './rows.js';
import { trendsText } from './text.js';

/** `reports trends`: the summary with charts, Markdown, the whole object, or every number as long rows. */
export const trendsDocument = defineDocument<TrendsDocument>()({
  what: 'the trends',
  rows: ({ report }) => listing(trendsRows(report), trendsRowView),
  whole: ({ report }) => report,
  own: {
    table: ({ report, ascii }, t) =>
      t.out.write(trendsText(report, { ascii, chalk: t.chalk, width: t.width })),
  },
  reports: {
    markdown: {
      summary: 'the trends as Markdown',
      write: ({ report }, t) => t.out.write(trendsMarkdown(report)),
    },
  },
});
