/** A finding as the service returns it (the fields its schema requires, and what the views show). */
export const finding = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  app: 'shop-api',
  type: 'vuln',
  internal_id: `x/${id}`,
  title: `Finding ${id}`,
  description: 'A flaw.',
  severity: 'high',
  category: 'SQL Injection',
  status: 'unset',
  details: { file_name: 'src/a.java', line_number: 3 },
  tags: [{ key: 'cwe_category', value: '89' }],
  ...extra,
});

export const comment = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  created_at: '2026-01-02T03:04:05Z',
  app_id: 'a',
  finding_id: '12',
  owner: { email: 'dev@example.com', name: 'Dev' },
  comment: text,
  ...extra,
});

/** stderr with each journal id (`20261126-021500-ab12`) written `ID`, so it compares exactly. */
export function journalIds(text: string): string {
  return text.replace(/\b\d{8}-\d{6}-[0-9a-f]{4}\b/g, 'ID');
}

/** The notice after every change: where its journal is. */
export const journalNote = 'Journal ID: `secscan findings undo` puts back what changed.\n';
