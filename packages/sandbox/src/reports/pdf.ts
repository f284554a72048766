import { deflateSync } from 'node:zlib';
import { analyserName } from '../model/analysis.js';
import type { ReportModel } from './model.js';

interface Line {
  text: string;
  size: number;
  bold?: boolean;
  /** RGB, 0 to 1. */
  color?: [number, number, number];
  indent?: number;
}

const page = { width: 595, height: 842, margin: 50 };
const severityColor: Record<string, [number, number, number]> = {
  critical: [0.65, 0, 0],
  high: [0.8, 0.3, 0],
  medium: [0.65, 0.5, 0],
  low: [0.3, 0.4, 0.5],
};
const grey: [number, number, number] = [0.35, 0.35, 0.4];

/** Text the standard fonts can show (WinAnsi, here Latin-1): typographic marks become ASCII, the rest `?`. */
function latin1(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/[^\u0000-\u00ff]/g, '?');
}

function literal(text: string): string {
  return `(${latin1(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Breaks text at spaces to fit the width; Helvetica averages about half an em per character. */
function wrap(line: Line): Line[] {
  const width = page.width - 2 * page.margin - (line.indent ?? 0);
  const max = Math.max(20, Math.floor(width / (line.size * 0.52)));
  const out: Line[] = [];
  let rest = line.text;
  while (rest.length > max) {
    const cut = rest.lastIndexOf(' ', max);
    const at = cut > max / 2 ? cut : max;
    out.push({ ...line, text: rest.slice(0, at) });
    rest = rest.slice(at).trimStart();
  }
  out.push({ ...line, text: rest });
  return out;
}

function linesOf(model: ReportModel): Line[] {
  const lines: Line[] = [
    { text: model.title, size: 18, bold: true },
    { text: model.subtitle, size: 11, color: grey },
    { text: '', size: 8 },
    ...model.facts.map(([k, v]) => ({ text: `${k}: ${v}`, size: 10 })),
    { text: '', size: 8 },
    { text: 'Findings by severity', size: 13, bold: true },
    { text: model.totals.map(([k, v]) => `${k} ${v}`).join('     '), size: 10 },
  ];
  if (model.groups.length === 0) lines.push({ text: '', size: 8 }, { text: 'No findings match.', size: 10 });
  for (const group of model.groups) {
    lines.push(
      { text: '', size: 8 },
      { text: `${group.title} (${group.findings.length})`, size: 12, bold: true },
    );
    for (const f of group.findings) {
      lines.push({
        text: `#${f.id}  ${f.severity.toUpperCase()}  ${f.title}`,
        size: 10,
        color: severityColor[f.severity],
      });
      lines.push({
        text: `${f.location || 'no location'}  -  status ${f.status}`,
        size: 9,
        color: grey,
        indent: 18,
      });
      for (const c of f.comments) lines.push({ text: `${c.at}, ${c.who}: ${c.text}`, size: 9, indent: 30 });
    }
  }
  return lines.flatMap(wrap);
}

function paginate(lines: Line[]): Line[][] {
  const pages: Line[][] = [[]];
  let y = page.height - page.margin;
  for (const line of lines) {
    const height = line.size * 1.4;
    if (y - height < page.margin + 20) {
      pages.push([]);
      y = page.height - page.margin;
    }
    y -= height;
    (pages.at(-1) as Line[]).push(line);
  }
  return pages;
}

function contentOf(lines: Line[], number: number, count: number): string {
  let y = page.height - page.margin;
  const ops: string[] = [];
  for (const line of lines) {
    y -= line.size * 1.4;
    if (!line.text) continue;
    const [r, g, b] = line.color ?? [0.1, 0.15, 0.2];
    ops.push(
      `BT ${r} ${g} ${b} rg /${line.bold ? 'F2' : 'F1'} ${line.size} Tf ${page.margin + (line.indent ?? 0)} ${y.toFixed(1)} Td ${literal(line.text)} Tj ET`,
    );
  }
  ops.push(
    `BT 0.5 0.5 0.5 rg /F1 8 Tf ${page.width - page.margin - 50} 30 Td (Page ${number} of ${count}) Tj ET`,
  );
  return ops.join('\n');
}

function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/** A PDF 1.4 document with the standard Helvetica fonts and one Flate-compressed content stream per page. */
export function reportPdf(model: ReportModel, now = new Date()): Buffer {
  const pages = paginate(linesOf(model));
  const objects: Buffer[] = [];
  const add = (body: string | Buffer): number => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const pageIds = pages.map((_, i) => 6 + 2 * i);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(
    `<< /Title ${literal(`${model.title}: ${model.subtitle}`)} /Producer (${analyserName}) /CreationDate (${pdfDate(now)}) >>`,
  );
  pages.forEach((lines, i) => {
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${(pageIds[i] as number) + 1} 0 R >>`,
    );
    const data = deflateSync(Buffer.from(contentOf(lines, i + 1, pages.length), 'latin1'));
    add(
      Buffer.concat([
        Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  });
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(obj);
    offset += obj.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
