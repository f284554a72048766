import { Chalk } from 'chalk';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTable, type TableOptions, TableWriter } from '../../../src/output/core/table.js';
import type { Column } from '../../../src/output/core/view.js';
import { displayWidth, loadWidths, truncate } from '../../../src/streams/width.js';

type Row = Record<string, unknown>;
const plain = new Chalk({ level: 0 });

const findingColumns: Column<Row>[] = [
  { key: 'id', header: 'ID' },
  { key: 'severity', header: 'SEVERITY' },
  { key: 'type', header: 'TYPE' },
  { key: 'title', header: 'TITLE', shrink: true },
  { key: 'category', header: 'CATEGORY', shrink: true },
  { key: 'status', header: 'STATUS' },
  { key: 'assignee', header: 'ASSIGNEE' },
];
const findings: Row[] = [
  {
    id: '1002345',
    severity: 'critical',
    type: 'vuln',
    title: 'SQL Injection: attacker-controlled data reaches a database query in the payments service',
    category: 'SQL Injection',
    status: 'unset',
    assignee: 'team-defined@initech.example',
  },
  {
    id: '17',
    severity: 'high',
    type: 'secret',
    title: 'Hardcoded credential: an API key in source code',
    category: 'Hardcoded Credentials',
    status: 'ignored',
    assignee: '',
  },
];

const lines = (text: string) => text.trimEnd().split('\n');

describe('renderTable on a terminal', () => {
  it('fits 80 columns: free text gives way with an ellipsis; ids and severities are whole', () => {
    const narrowColumns = findingColumns.filter((c) => c.key !== 'assignee');
    const text = renderTable(findings, narrowColumns, plain, { width: 80 });
    for (const line of lines(text)) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(text).toContain('1002345  critical');
    expect(lines(text)[1]).toMatch(/^1002345 {2}critical {2}vuln +SQL Injection.*… /);
    expect(text).not.toContain('payments service');
  });

  it('leaves out columns by priority before cutting free text below its readable width; e-mails stay whole', () => {
    const columns = findingColumns.map((c) =>
      c.key === 'title'
        ? { ...c, min: 30 }
        : { ...c, priority: { type: 4, category: 5, status: 3, assignee: 2 }[c.key] },
    );
    let hidden: string[] = [];
    const text = renderTable(findings, columns, plain, { width: 90, onHidden: (h) => (hidden = h) });
    expect(hidden).toEqual(['TYPE', 'CATEGORY']);
    expect(lines(text)[0]).toMatch(/^ID {7}SEVERITY {2}TITLE +STATUS {3}ASSIGNEE$/);
    expect(lines(text)[1]).toContain('team-defined@initech.example');
    const title = (line: string) => /critical {2}(.*?) {2}(unset|team)/.exec(line)?.[1] ?? '';
    expect(displayWidth(title(lines(text)[1] as string))).toBeGreaterThanOrEqual(30);
    for (const line of lines(text)) expect(displayWidth(line)).toBeLessThanOrEqual(90);
    // At 80 the status goes too, and the title keeps its 30 columns.
    const at80 = renderTable(findings, columns, plain, { width: 80, onHidden: (h) => (hidden = h) });
    expect(hidden).toEqual(['TYPE', 'CATEGORY', 'STATUS']);
    expect(lines(at80)[1]).toMatch(
      /^1002345 {2}critical {2}SQL Injection.*… {2}team-defined@initech\.example$/,
    );
    expect(displayWidth(title(lines(at80)[1] as string))).toBeGreaterThanOrEqual(30);
    // At 60 the assignee goes before the title is cut below 30; with nothing left to give way, it is.
    const at60 = renderTable(findings, columns, plain, { width: 60, onHidden: (h) => (hidden = h) });
    expect(hidden).toEqual(['TYPE', 'CATEGORY', 'STATUS', 'ASSIGNEE']);
    expect(displayWidth(lines(at60)[1] as string)).toBeLessThanOrEqual(60);
    expect(displayWidth(lines(at60)[1] as string)).toBeGreaterThan(55);
    const at30 = renderTable(findings, columns, plain, { width: 30 });
    expect(lines(at30)[1]).toBe('1002345  critical  SQL Inject…');
    // Without a width nothing is left out.
    expect(lines(renderTable(findings, columns, plain, {}))[0]).toContain('CATEGORY');
  });

  it('grows free text when there is room (no fixed cap)', () => {
    const text = renderTable(findings, findingColumns, plain, { width: 200 });
    expect(text).toContain('reaches a database query in the payments service');
    expect(text).not.toContain('…');
  });

  it('cuts nothing without a width (piped -o table)', () => {
    const text = renderTable(findings, findingColumns, plain, {});
    expect(text).toContain('in the payments service');
    expect(lines(text)[0]).toMatch(/^ID {7}SEVERITY {2}TYPE {4}TITLE/);
  });

  it('never cuts numbers', () => {
    const columns: Column<Row>[] = [
      { key: 'name', header: 'NAME' },
      { key: 'total', header: 'TOTAL' },
    ];
    const text = renderTable([{ name: 'x'.repeat(50), total: 1234567890 }], columns, plain, { width: 30 });
    expect(text).toContain('1234567890');
    expect(lines(text)[1]).toMatch(/^x+… {2}1234567890$/);
  });

  it('leaves out a column of ids first when ids alone are too wide, and says which', () => {
    const columns: Column<Row>[] = [
      { key: 'id', header: 'ID' },
      { key: 'label', header: 'LABEL' },
      { key: 'role_id', header: 'ROLE' },
      { key: 'description', header: 'DESCRIPTION' },
    ];
    const row = {
      id: 'acf505de-eb06-428a-905f-1b15af600381',
      label: 'CI pipeline',
      role_id: 'e149308f-bffa-4c08-9fdc-fdb721149b6e',
      description: 'main build',
    };
    let hidden: string[] = [];
    const text = renderTable([row], columns, plain, { width: 80, onHidden: (h) => (hidden = h) });
    expect(hidden).toEqual(['ROLE']);
    expect(lines(text)[1]).toBe('acf505de-eb06-428a-905f-1b15af600381  CI pipeline  main build');
    const chosen = renderTable([row], columns, plain, { width: 80, drop: false });
    expect(chosen).toContain(row.role_id);
  });

  it('then the rightmost columns, never the first; a column of a higher priority goes before them', () => {
    const columns: Column<Row>[] = [
      { key: 'id', header: 'ID' },
      { key: 'created_at', header: 'CREATED' },
      { key: 'expires_at', header: 'EXPIRES' },
    ];
    const row = {
      id: 'acf505de-eb06-428a-905f-1b15af600381',
      created_at: '2026-08-31T02:01:45.000Z',
      expires_at: '2026-09-30T02:01:45.000Z',
    };
    let hidden: string[] = [];
    const text = renderTable([row], columns, plain, { width: 80, onHidden: (h) => (hidden = h) });
    expect(hidden).toEqual(['EXPIRES']);
    expect(lines(text)[1]).toBe(`${row.id}  ${row.created_at}`);
    const optional = renderTable(
      [row],
      [{ ...columns[0], priority: 2 } as Column<Row>, ...columns.slice(1)],
      plain,
      {
        width: 80,
        onHidden: (h) => (hidden = h),
      },
    );
    expect(hidden).toEqual(['ID']);
    expect(lines(optional)[1]).toBe(`${row.created_at}  ${row.expires_at}`);
  });

  it('reads keys in camelCase as words, and dates, UUIDs and e-mail keys as never cut', () => {
    const columns: Column<Row>[] = [
      { key: 'note', header: 'NOTE' },
      { key: 'tokenID', header: 'TOKEN' },
      { key: 'when', header: 'WHEN' },
      { key: 'user_email', header: 'E-MAIL' },
    ];
    const row = {
      note: 'x'.repeat(60),
      tokenID: 'tok-1234567890abcdef',
      when: '2026-08-14T13:00:00.000Z',
      user_email: 'super-admin@initech.example',
    };
    const text = renderTable([row], columns, plain, { width: 100 });
    expect(lines(text)[1]).toMatch(
      /^x+… {2}tok-1234567890abcdef {2}2026-08-14T13:00:00\.000Z {2}super-admin@initech\.example$/,
    );
  });

  it('measures wide characters by the columns they take', () => {
    expect(displayWidth('漢字')).toBe(4);
    expect(displayWidth('é')).toBe(1);
    expect(truncate('漢字漢字', 5)).toBe('漢字…');
    const text = renderTable([{ title: '漢字'.repeat(30) }], [{ key: 'title', header: 'TITLE' }], plain, {
      width: 20,
    });
    for (const line of lines(text)) expect(displayWidth(line)).toBeLessThanOrEqual(20);
  });
});

describe('TableWriter: a table written as its rows come', () => {
  const columns: Column<Row>[] = [
    { key: 'id', header: 'ID' },
    { key: 'title', header: 'TITLE', shrink: true },
    { key: 'assignee', header: 'ASSIGNEE' },
  ];
  const row = (id: number, title: string, assignee = '') => ({ id: String(id), title, assignee });

  function written(rows: Row[], options: TableOptions) {
    const table = new TableWriter(columns, plain, { planRows: 2, ...options });
    const chunks = rows.map((r) => table.add(r));
    chunks.push(table.end());
    return chunks;
  }

  it('writes nothing until the first rows are in, then a line a row in their widths', () => {
    const chunks = written(
      [row(9, 'short'), row(10, 'a title'), row(11, 'a much longer title than any before it')],
      { width: 30 },
    );
    expect(chunks[0]).toBe('');
    expect(lines(chunks[1] as string)).toEqual(['ID  TITLE    ASSIGNEE', '9   short', '10  a title']);
    // Sized from the first rows: the later title is cut to the width planned.
    expect(chunks[2]).toBe('11  a much…\n');
    expect(chunks[3]).toBe('');
  });

  it('widens a column for a longer id or e-mail, taking the room from free text, never cutting them', () => {
    const chunks = written(
      [
        row(9, 'a title of some length here', 'guest@initech.example'),
        row(10, 'another title of some length', ''),
        row(123456, 'a third title of some length', 'team-defined@initech.example'),
        row(7, 'a fourth title of some length', 'guest@initech.example'),
      ],
      { width: 60 },
    );
    const later = [chunks[2], chunks[3]].join('');
    expect(later).toContain('123456  ');
    expect(later).toContain('team-defined@initech.example');
    for (const line of lines(later)) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    // The row after keeps the new widths: aligned with the one that widened them.
    const [third, fourth] = lines(later) as [string, string];
    expect(fourth.indexOf('guest@')).toBe(third.indexOf('team-defined@'));
  });

  it('cuts nothing without a width: a longer value widens its column', () => {
    const chunks = written([row(1, 'a'), row(2, 'b'), row(3, 'a much longer title', 'x@y.example')], {});
    expect(chunks[2]).toBe('3   a much longer title  x@y.example\n');
  });

  it('a table shorter than the rows it is sized from is written whole at the end', () => {
    const table = new TableWriter(columns, plain, { width: 80 });
    expect(table.add(row(1, 'one'))).toBe('');
    expect(table.end()).toBe('ID  TITLE  ASSIGNEE\n1   one\n');
  });
});

describe('widths by string-width', () => {
  beforeAll(() => loadWidths());

  it('counts an emoji with a modifier, a ZWJ sequence and a flag as two columns, and never splits them', () => {
    expect(displayWidth('👍🏽')).toBe(2);
    expect(displayWidth('👩‍👩‍👧')).toBe(2);
    expect(displayWidth('🇫🇷')).toBe(2);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(truncate('ab👍🏽cd', 4)).toBe('ab…');
    expect(truncate('👩‍👩‍👧👩‍👩‍👧', 3)).toBe('👩‍👩‍👧…');
    const text = renderTable([{ title: `${'👍🏽'.repeat(20)}` }], [{ key: 'title', header: 'TITLE' }], plain, {
      width: 15,
    });
    for (const line of lines(text)) expect(displayWidth(line)).toBeLessThanOrEqual(15);
  });
});
