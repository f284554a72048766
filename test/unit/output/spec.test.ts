import { Writable } from 'node:stream';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { baseFormatNames } from '../../../src/output/base/index.js';
import type { OutputFormat } from '../../../src/output/core/format.js';
import { OutputWriter } from '../../../src/output/core/writer.js';
import { listing } from '../../../src/output/export/document.js';
import { findingsDocument } from '../../../src/output/export/findings.js';
import {
  defaultOf,
  defineDocument,
  formatsOf,
  refusedOf,
  writerOf,
} from '../../../src/output/export/spec.js';
import type { ExportTarget } from '../../../src/output/export/target.js';
import { policyFileDocument } from '../../../src/output/export/texts.js';

interface Doc {
  type: 'answer';
  items: { id: string }[];
}
const view = { columns: [{ key: 'id', header: 'ID' }] };
const rowsOnly = defineDocument<Doc>()({
  what: 'the items',
  rows: (doc) => listing(doc.items, view),
  reports: {},
});
const text = defineDocument<Doc>()({
  what: 'the text',
  rows: { none: 'a text is not rows' },
  whole: (doc) => ({ count: doc.items.length }),
  default: 'table',
  own: { table: (doc, t) => t.out.write(`${doc.items.length} items\n`) },
  reports: { markdown: { summary: 'the text as Markdown', write: (_d, t) => t.out.write('# items\n') } },
});
const doc: Doc = { type: 'answer', items: [{ id: 'a' }, { id: 'b' }] };

async function written(spec: typeof text | typeof rowsOnly, format: OutputFormat): Promise<string> {
  let out = '';
  const stream = new Writable({
    write(chunk, _e, done) {
      out += chunk.toString();
      done();
    },
  });
  const target: ExportTarget = {
    out: new OutputWriter(stream),
    format,
    fields: undefined,
    chalk: new Chalk({ level: 0 }),
    terminal: false,
    file: undefined,
    note: () => undefined,
    warn: () => undefined,
    toolVersion: '0',
  };
  const writer = writerOf(spec, format);
  if (!writer) throw new Error(`no ${format}`);
  await writer.write(doc, target);
  await target.out.flush();
  return out;
}

describe('a document’s formats, from its spec', () => {
  it('rows reach every base format; its reports follow them', () => {
    expect(formatsOf(rowsOnly)).toEqual(baseFormatNames);
    expect(formatsOf(findingsDocument)).toEqual([
      ...baseFormatNames,
      ...Object.keys(findingsDocument.reports),
    ]);
    expect(refusedOf(rowsOnly)).toBeUndefined();
  });

  it('a document that cannot be rows takes its own formats and those reading its whole, and says why not the others', () => {
    // tsv and csv read only rows; table is its own, json, ndjson and yaml read its whole.
    expect(refusedOf(text)).toEqual({ formats: ['tsv', 'csv'], why: 'a text is not rows' });
    expect(formatsOf(text)).toEqual([
      ...baseFormatNames.filter((f) => f !== 'tsv' && f !== 'csv'),
      'markdown',
    ]);
    expect(formatsOf(policyFileDocument)).not.toContain('csv');
  });

  it('each format is written by the document’s own writer, else its whole, else its rows; one it lacks has none', async () => {
    expect(await written(text, 'table')).toBe('2 items\n');
    expect(JSON.parse(await written(text, 'json'))).toEqual({ count: 2 });
    expect(await written(text, 'ndjson')).toBe('{"count":2}\n');
    expect(await written(text, 'markdown')).toBe('# items\n');
    expect(await written(rowsOnly, 'csv')).toBe('id\na\nb\n');
    expect(JSON.parse(await written(rowsOnly, 'json'))).toEqual(doc.items);
    expect(writerOf(text, 'csv')).toBeUndefined();
    expect(writerOf(rowsOnly, 'sarif')).toBeUndefined();
  });

  it('a document that takes no table or no tsv must say what a run without -o gets', () => {
    expect(defaultOf(text, 'x')).toBe('table');
    expect(defaultOf(rowsOnly, 'x')).toBeUndefined();
    const { default: _default, ...undeclared } = text;
    expect(() => defaultOf(undeclared, 'secscan x')).toThrow(
      'secscan x: its document takes no table or no tsv, so it must declare its default format',
    );
    expect(() => defaultOf({ ...text, default: 'csv' }, 'secscan x')).toThrow(
      'secscan x: its default csv is not one of its formats',
    );
  });
});
