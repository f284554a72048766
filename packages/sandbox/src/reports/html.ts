import type { ReportModel } from './model.js';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const style = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;color:#1d2733}
h1{margin-bottom:0}p.sub{margin-top:.2rem;color:#566}dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
dt{font-weight:600}table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}
th,td{border-bottom:1px solid #dde;padding:.3rem .5rem;text-align:left;vertical-align:top}
.critical{color:#a00}.high{color:#c50}.medium{color:#a80}.low{color:#567}ul.comments{margin:.2rem 0;padding-left:1rem;color:#444}`;

/** A self-contained HTML document (no scripts, no external resources); every text from the state is escaped. */
export function reportHtml(model: ReportModel): string {
  const totals = model.totals
    .map(([k, v]) => `<tr><th class="${escape(k)}">${escape(k)}</th><td>${v}</td></tr>`)
    .join('');
  const groups = model.groups
    .map((g) => {
      const rows = g.findings
        .map((f) => {
          const comments = f.comments.length
            ? `<ul class="comments">${f.comments.map((c) => `<li>${escape(c.at)}, ${escape(c.who)}: ${escape(c.text)}</li>`).join('')}</ul>`
            : '';
          return `<tr><td>${escape(f.id)}</td><td class="${escape(f.severity)}">${escape(f.severity)}</td><td>${escape(f.title)}${comments}</td><td>${escape(f.location)}</td><td>${escape(f.status)}</td></tr>`;
        })
        .join('\n');
      return `<section><h2>${escape(g.title)} (${g.findings.length})</h2>
<table><thead><tr><th>ID</th><th>Severity</th><th>Finding</th><th>Location</th><th>Status</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(model.title)}: ${escape(model.subtitle)}</title>
<style>${style}</style>
</head>
<body>
<h1>${escape(model.title)}</h1>
<p class="sub">${escape(model.subtitle)}</p>
<dl>${model.facts.map(([k, v]) => `<dt>${escape(k)}</dt><dd>${escape(v)}</dd>`).join('')}</dl>
<h2>Findings by severity</h2>
<table class="totals">${totals}</table>
${groups || '<p>No findings match.</p>'}
</body>
</html>
`;
}
