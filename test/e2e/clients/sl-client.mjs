// A client of the service written by someone else, against the service's documented shapes only: the
// SHIFTLEFT_* variables of existing pipelines, https always (SHIFTLEFT_API_HOST is a host name), next_page
// followed as given, severities counted by the cvss_31_severity_rating tag, locations read from each type's
// details. It knows nothing of secscan; the e2e test runs it against `secscan sandbox --tls` unmodified.
import { request } from 'node:https';

const host = process.env.SHIFTLEFT_API_HOST;
const org = process.env.SHIFTLEFT_ORG_ID;
const token = process.env.SHIFTLEFT_ACCESS_TOKEN;
const app = process.argv[2];

function get(url) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode} ${text}`));
        else resolve(JSON.parse(text));
      });
    })
      .on('error', reject)
      .end();
  });
}

function tag(finding, key) {
  return (finding.tags ?? []).filter((t) => t.key === key).map((t) => String(t.value));
}

function location(finding) {
  const d = finding.details ?? {};
  if (finding.type === 'vuln') return d.file_locations?.[0];
  if (finding.type === 'secret' || finding.type === 'extscan') return `${d.fileName}:${d.lineNumber}`;
  if (finding.type === 'oss_vuln') return tag(finding, 'location')[0]?.replace('#', ':');
  return undefined;
}

const base = `https://${host}/api/v4/orgs/${org}`;
const apps = (await get(`${base}/apps`)).response;
let url = `${base}/apps/${encodeURIComponent(app)}/findings?per_page=4`;
const findings = [];
let pages = 0;
while (url) {
  const page = await get(url);
  pages++;
  findings.push(...(page.response.findings ?? []));
  url = page.next_page;
}
const bySeverity = {};
for (const f of findings) {
  for (const rating of tag(f, 'cvss_31_severity_rating')) bySeverity[rating] = (bySeverity[rating] ?? 0) + 1;
}
const locations = Object.fromEntries(findings.map((f) => [f.id, location(f) ?? null]));
const urgent = await get(
  `${base}/apps/${encodeURIComponent(app)}/findings?per_page=250` +
    '&finding_tags=cvss_31_severity_rating%3Dcritical&finding_tags=cvss_31_severity_rating%3Dhigh',
);
const counted = (urgent.response.counts ?? [])
  .filter((c) => c.key === 'cvss_31_severity_rating')
  .reduce((n, c) => n + c.count, 0);
const missing = await get(`${base}/apps/${encodeURIComponent(app)}/findings?version=no-such-version`);
console.log(
  JSON.stringify({
    apps: apps.map((a) => ({ id: a.id, name: a.name })),
    pages,
    total: findings.length,
    bySeverity,
    locations,
    urgent: (urgent.response.findings ?? []).length,
    urgentCounted: counted,
    noScan:
      missing.response.scan === undefined && !missing.response.findings?.length ? 'no scans found' : 'a scan',
  }),
);
