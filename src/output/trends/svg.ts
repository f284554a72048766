/**
 * Inline SVG charts for the trends page: no script, no font or image from anywhere, readable in grey (the
 * series differ by fill pattern and dash, not only by colour) and printable.
 */

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const width = 720;
const pad = { left: 48, right: 16, top: 16, bottom: 40 };
const ink = '#1b1b1b';
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** Hatching for the second series, so it reads without colour. */
export const patterns = `<svg width="0" height="0" aria-hidden="true" style="position:absolute"><defs>
<pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#fff"/><line x1="0" y1="0" x2="0" y2="6" stroke="#b35900" stroke-width="3"/></pattern>
</defs></svg>`;

function frame(title: string, height: number, body: string[], description: string): string {
  return [
    `<svg class="chart" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<title>${esc(title)}</title><desc>${esc(description)}</desc>`,
    ...body,
    '</svg>',
  ].join('\n');
}

/** A nice round top for an axis holding `max`. */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

function yAxis(top: number, height: number, plotLeft: number, plotRight: number): string[] {
  const out: string[] = [];
  for (const share of [0, 0.5, 1]) {
    const y = pad.top + (height - pad.top - pad.bottom) * (1 - share);
    out.push(
      `<line x1="${plotLeft}" y1="${y}" x2="${plotRight}" y2="${y}" stroke="#ccc" stroke-width="1"/>`,
      `<text x="${plotLeft - 6}" y="${y + 4}" text-anchor="end" font-size="11" fill="${ink}">${fmt(top * share)}</text>`,
    );
  }
  return out;
}

/** About eight labels along the axis, the last one too unless it would crowd the one before. */
function xLabels(labels: readonly string[], x: (i: number) => number, height: number): string[] {
  const every = Math.max(1, Math.ceil(labels.length / 8));
  const last = labels.length - 1;
  return labels.flatMap((label, i) =>
    i % every === 0 || (i === last && last % every >= every / 2)
      ? [
          `<text x="${x(i)}" y="${height - pad.bottom + 16}" text-anchor="middle" font-size="11" fill="${ink}">${esc(label.replace(/^\d{4}-/, ''))}</text>`,
        ]
      : [],
  );
}

/** Label heights at the lines' ends pushed apart so no two overlap. */
function spread(ys: readonly number[], gap = 13): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y);
  for (let k = 1; k < order.length; k++) {
    const prev = order[k - 1] as { y: number };
    const cur = order[k] as { y: number };
    if (cur.y - prev.y < gap) cur.y = prev.y + gap;
  }
  const out: number[] = [];
  for (const { y, i } of order) out[i] = y;
  return out;
}

function legend(items: readonly { label: string; swatch: string }[], y: number): string[] {
  return items.flatMap((item, i) => {
    const x = pad.left + i * 150;
    return [
      item.swatch.replace(/\{x\}/g, String(x)).replace(/\{y\}/g, String(y - 9)),
      `<text x="${x + 18}" y="${y}" font-size="12" fill="${ink}">${esc(item.label)}</text>`,
    ];
  });
}

/** Two series of bars per label (new and fixed per week): solid and hatched. */
export function pairedBars(
  title: string,
  labels: readonly string[],
  a: readonly number[],
  b: readonly number[],
  names: [string, string],
): string {
  const height = 260;
  const plotRight = width - pad.right;
  const slot = (plotRight - pad.left) / Math.max(1, labels.length);
  const top = niceMax(Math.max(0, ...a, ...b));
  const h = (v: number) => ((height - pad.top - pad.bottom) * v) / top;
  const base = height - pad.bottom;
  const barW = Math.max(1, slot * 0.38);
  const body = [...yAxis(top, height, pad.left, plotRight)];
  labels.forEach((_, i) => {
    const x = pad.left + i * slot + slot * 0.1;
    const av = a[i] ?? 0;
    const bv = b[i] ?? 0;
    if (av > 0)
      body.push(
        `<rect class="bar" x="${x.toFixed(1)}" y="${(base - h(av)).toFixed(1)}" width="${barW.toFixed(1)}" height="${h(av).toFixed(1)}" fill="#1f4e79"><title>${esc(`${labels[i]}: ${names[0]} ${av}`)}</title></rect>`,
      );
    if (bv > 0)
      body.push(
        `<rect class="bar" x="${(x + barW).toFixed(1)}" y="${(base - h(bv)).toFixed(1)}" width="${barW.toFixed(1)}" height="${h(bv).toFixed(1)}" fill="url(#hatch)" stroke="#b35900" stroke-width="1"><title>${esc(`${labels[i]}: ${names[1]} ${bv}`)}</title></rect>`,
      );
  });
  body.push(
    `<line x1="${pad.left}" y1="${base}" x2="${plotRight}" y2="${base}" stroke="${ink}" stroke-width="1"/>`,
  );
  body.push(...xLabels(labels, (i) => pad.left + i * slot + slot / 2, height));
  body.push(
    ...legend(
      [
        { label: names[0], swatch: '<rect x="{x}" y="{y}" width="12" height="12" fill="#1f4e79"/>' },
        {
          label: names[1],
          swatch: '<rect x="{x}" y="{y}" width="12" height="12" fill="url(#hatch)" stroke="#b35900"/>',
        },
      ],
      height - 6,
    ),
  );
  return frame(title, height, body, `${names[0]} and ${names[1]} for each of ${labels.length} weeks`);
}

const dashes = ['', '8 4', '3 3', '10 3 2 3', '1 4'];
const strokes = ['#1b1b1b', '#8b0000', '#b35900', '#1f4e79', '#4d6b2f'];

/** Lines over the labels (the open backlog, in total and by severity), each with its own dash. */
export function lines(
  title: string,
  labels: readonly string[],
  series: readonly { name: string; values: readonly number[] }[],
  /** What the labels are, for the description (bench/curves.mjs draws sizes, not weeks). */
  over = `${labels.length} weeks`,
): string {
  const height = 280;
  const plotRight = width - pad.right - 70;
  const top = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const x = (i: number) =>
    pad.left + (labels.length <= 1 ? 0 : (i * (plotRight - pad.left)) / (labels.length - 1));
  const y = (v: number) => height - pad.bottom - ((height - pad.top - pad.bottom) * v) / top;
  const body = [...yAxis(top, height, pad.left, plotRight)];
  const last = labels.length - 1;
  const ends = spread(series.map((s) => y(s.values[last] ?? 0) + 4));
  series.forEach((s, k) => {
    const points = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    const dash = dashes[k % dashes.length] ? ` stroke-dasharray="${dashes[k % dashes.length]}"` : '';
    body.push(
      `<polyline class="line" points="${points}" fill="none" stroke="${strokes[k % strokes.length]}" stroke-width="${k === 0 ? 3 : 2}"${dash}><title>${esc(s.name)}</title></polyline>`,
    );
    if (last >= 0)
      body.push(
        `<text x="${x(last) + 6}" y="${(ends[k] ?? 0).toFixed(1)}" font-size="11" fill="${ink}">${esc(`${s.name} ${s.values[last]}`)}</text>`,
      );
  });
  body.push(
    `<line x1="${pad.left}" y1="${height - pad.bottom}" x2="${plotRight}" y2="${height - pad.bottom}" stroke="${ink}" stroke-width="1"/>`,
  );
  body.push(...xLabels(labels, x, height));
  return frame(title, height, body, `${series.map((s) => s.name).join(', ')} over ${over}`);
}

export interface HBar {
  label: string;
  value: number;
  /** A second value drawn hatched under the first. */
  second?: number;
  /** A mark on the row (an SLA). */
  mark?: number;
  text: string;
}

/** Horizontal bars, one row per label, with the value written at the end and an optional mark. */
export function hbars(title: string, rows: readonly HBar[], note: string): string {
  const rowH = 26;
  const labelW = 170;
  const height = pad.top + rows.length * rowH + 28;
  const plotRight = width - pad.right - 250;
  const top = niceMax(Math.max(0, ...rows.flatMap((r) => [r.value, r.second ?? 0, r.mark ?? 0])));
  const w = (v: number) => ((plotRight - labelW) * v) / top;
  const body: string[] = [];
  rows.forEach((r, i) => {
    const y = pad.top + i * rowH;
    const label = r.label.length > 24 ? `${r.label.slice(0, 23)}…` : r.label;
    body.push(
      `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end" font-size="12" fill="${ink}">${esc(label)}</text>`,
    );
    if (r.value > 0)
      body.push(
        `<rect class="bar" x="${labelW}" y="${y + 3}" width="${w(r.value).toFixed(1)}" height="${r.second === undefined ? 16 : 9}" fill="#1f4e79"><title>${esc(`${r.label}: ${r.text}`)}</title></rect>`,
      );
    if ((r.second ?? 0) > 0)
      body.push(
        `<rect class="bar" x="${labelW}" y="${y + 13}" width="${w(r.second ?? 0).toFixed(1)}" height="9" fill="url(#hatch)" stroke="#b35900" stroke-width="1"/>`,
      );
    if (r.mark !== undefined)
      body.push(
        `<line x1="${(labelW + w(r.mark)).toFixed(1)}" y1="${y}" x2="${(labelW + w(r.mark)).toFixed(1)}" y2="${y + 22}" stroke="#8b0000" stroke-width="2" stroke-dasharray="3 2"/>`,
      );
    body.push(`<text x="${plotRight + 8}" y="${y + 15}" font-size="12" fill="${ink}">${esc(r.text)}</text>`);
  });
  body.push(
    `<line x1="${labelW}" y1="${pad.top - 4}" x2="${labelW}" y2="${pad.top + rows.length * rowH}" stroke="${ink}" stroke-width="1"/>`,
  );
  body.push(`<text x="${labelW}" y="${height - 8}" font-size="11" fill="${ink}">${esc(note)}</text>`);
  return frame(title, height, body, note);
}
