import { defineView } from '../core/view.js';

/** What `secscan sandbox scan` recorded (the control route's answer). */
export interface RecordedScanRow {
  status: 'completed' | 'running' | 'failed';
  ends_at?: string;
  scans: { id: string; app: string; version: string }[];
  polyglot_scan?: { id: number; compound: string };
  branch: string;
  new: string[];
  fixed: string[];
  regressed: string[];
  webhooks: { delivery_id: string; url: string }[];
}

const ids = (list: string[]) => (list.length ? `${list.length} (${list.join(', ')})` : '0');

export const recordedScanView = defineView<RecordedScanRow>({
  columns: [
    { key: 'scans', header: 'Scans', get: (r) => r.scans.map((s) => `${s.app} ${s.id}`).join('\n') },
    { key: 'version', header: 'Version', get: (r) => r.scans[0]?.version ?? '' },
    {
      key: 'status',
      header: 'Status',
      get: (r) => (r.status === 'running' && r.ends_at ? `running until ${r.ends_at}` : r.status),
    },
    {
      key: 'polyglot_scan',
      header: 'Compound scan',
      get: (r) =>
        r.polyglot_scan ? `${r.polyglot_scan.compound} ${r.polyglot_scan.id}` : '(none: the scan of one app)',
    },
    { key: 'branch', header: 'Branch' },
    { key: 'new', header: 'New findings', get: (r) => ids(r.new) },
    { key: 'fixed', header: 'Fixed', get: (r) => ids(r.fixed) },
    { key: 'regressed', header: 'Regressed', get: (r) => ids(r.regressed) },
    {
      key: 'webhooks',
      header: 'scan.finished sent to',
      get: (r) =>
        r.status === 'running'
          ? '(when it ends)'
          : r.webhooks.length
            ? r.webhooks.map((w) => w.url).join('\n')
            : '(no webhook registered)',
    },
  ],
});
