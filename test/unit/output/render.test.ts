import { Writable } from 'node:stream';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { BaseFormatName } from '../../../src/output/base/index.js';
import { renderList, renderObject } from '../../../src/output/core/render.js';
import { defineView } from '../../../src/output/core/view.js';
import { OutputWriter } from '../../../src/output/core/writer.js';

const view = defineView<Record<string, unknown>>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'name', header: 'NAME', style: (t, _r, c) => c.red(t) },
    { key: 'count', header: 'COUNT', get: (r) => (r.items as unknown[]).length },
    { key: 'tags', header: 'TAGS' },
  ],
  defaults: ['id', 'name', 'count'],
});
const rows = [
  { id: 'a1', name: 'alpha', items: [1, 2], tags: ['x', 'y'], secret_extra: 'kept in json' },
  { id: 'b2', name: 'be\u001b[31mta\u0007\ttab\nline', items: [], tags: [] },
];

function sink(): { out: OutputWriter; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _e, done) {
      text += chunk.toString();
      done();
    },
  });
  return { out: new OutputWriter(stream), text: () => text };
}

async function render(
  format: BaseFormatName,
  options: { color?: boolean; fields?: string[]; item?: boolean } = {},
): Promise<{ text: string; count: number }> {
  const { out, text } = sink();
  const opts = { format, fields: options.fields, chalk: new Chalk({ level: options.color ? 1 : 0 }), out };
  if (options.item) {
    await renderObject(rows[0] as Record<string, unknown>, view, opts);
    return { text: text(), count: 1 };
  }
  const count = await renderList(rows, view, opts);
  return { text: text(), count };
}

describe('renderList', () => {
  it('table: aligned default columns with a header, control characters removed, no colour', async () => {
    const { text, count } = await render('table');
    expect(count).toBe(2);
    expect(text).toBe('ID  NAME           COUNT\na1  alpha          2\nb2  beta tab line  0\n');
  });

  it('table with colour: bold header and styled cells', async () => {
    const { text } = await render('table', { color: true });
    expect(text).toContain('\u001b[1mID\u001b[22m');
    expect(text).toContain('\u001b[31malpha\u001b[39m');
  });

  it('tsv: no header, no colour, tabs and control characters stripped from cells', async () => {
    const { text } = await render('tsv', { color: true });
    expect(text).toBe('a1\talpha\t2\nb2\tbeta tab line\t0\n');
  });

  it('json: the full objects, control characters kept and escaped', async () => {
    const { text } = await render('json');
    expect(JSON.parse(text)).toEqual(rows);
    expect(text).toContain('\\u001b[31m');
  });

  it('json with --fields: only those fields, computed ones included', async () => {
    const { text } = await render('json', { fields: ['name', 'count'] });
    expect(JSON.parse(text)).toEqual([
      { name: 'alpha', count: 2 },
      { name: rows[1]?.name, count: 0 },
    ]);
  });

  it('json of nothing is an empty array', async () => {
    const { out, text: written } = sink();
    const count = await renderList([], view, {
      format: 'json',
      fields: undefined,
      chalk: new Chalk({ level: 0 }),
      out,
    });
    expect(count).toBe(0);
    expect(written()).toBe('[]\n');
  });

  it('ndjson: one full object a line', async () => {
    const lines = (await render('ndjson')).text.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(rows);
  });

  it('yaml: the full objects', async () => {
    const { text } = await render('yaml', { fields: ['id'] });
    expect(text).toBe('- id: a1\n- id: b2\n');
  });

  it('csv: header of keys, quoting, and a quote before formula characters', async () => {
    const { out, text: written } = sink();
    const csvRows = [
      { id: '=1+1', name: 'a, "b"', items: [], tags: ['-x'] },
      { id: '@SUM(A1)', name: '+cmd', items: [1], tags: [] },
    ];
    await renderList(csvRows, view, {
      format: 'csv',
      fields: ['id', 'name', 'tags'],
      chalk: new Chalk({ level: 0 }),
      out,
    });
    expect(written()).toBe(`id,name,tags\n'=1+1,"a, ""b""",'-x\n'@SUM(A1),'+cmd,\n`);
  });
});

describe('renderObject', () => {
  it('table: labelled lines', async () => {
    const { text } = await render('table', { item: true });
    expect(text).toBe('ID:    a1\nNAME:  alpha\nCOUNT: 2\n');
  });

  it('tsv: key and value per line', async () => {
    const { text } = await render('tsv', { item: true, fields: ['id', 'tags'] });
    expect(text).toBe('id\ta1\ntags\tx, y\n');
  });

  it('json: the full object', async () => {
    expect(JSON.parse((await render('json', { item: true })).text)).toEqual(rows[0]);
  });
});

describe('renderObject on a terminal', () => {
  const detail = defineView<Record<string, unknown>>({
    columns: [
      { key: 'autofix', header: 'AutoFix' },
      { key: 'url', header: 'URL' },
      { key: 'members', header: 'Members' },
    ],
  });
  const item = {
    autofix: 'on, auto-run off, manual on, up to 10 fixes per run, severities critical, high',
    url: `https://hooks.example.com/${'segment/'.repeat(10)}events`,
    members: [
      'ebd5ef1d-0ade-4be1-82ef-b42aadf221fa  TEAM_ADMIN',
      '2752693f-26b9-4320-830c-9fdd3dfdb766  1309c863-3e25-424e-a486-6daf583e89c3',
    ].join('\n'),
  };

  async function detailText(width: number | undefined): Promise<string> {
    const { out, text } = sink();
    await renderObject(item, detail, {
      format: 'table',
      fields: undefined,
      chalk: new Chalk({ level: 0 }),
      out,
      width,
    });
    return text();
  }

  it('goes on under a long value, broken between words; a URL and aligned parts stay whole', async () => {
    const lines = (await detailText(80)).trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'AutoFix: on, auto-run off, manual on, up to 10 fixes per run, severities',
      '         critical, high',
    ]);
    expect(lines[2]).toBe(`URL:     ${item.url}`);
    expect(lines[4]).toBe(
      '         2752693f-26b9-4320-830c-9fdd3dfdb766  1309c863-3e25-424e-a486-6daf583e89c3',
    );
  });

  it('breaks nothing without a width (-o table into a pipe)', async () => {
    expect(await detailText(undefined)).toContain(`AutoFix: ${item.autofix}\n`);
  });
});
