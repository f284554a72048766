import { defineView } from '../core/view.js';

/** A token's scopes in a line: how many, and of how many resources (`53 scopes of 24 resources`). */
function scopeSummary(scopes: readonly string[]): string {
  const resources = new Set(scopes.map((s) => s.split(':')[0]));
  const counted = `${scopes.length} ${scopes.length === 1 ? 'scope' : 'scopes'}`;
  return scopes.length ? `${counted} of ${resources.size} resources (--scopes lists them)` : 'none';
}

/** `auth status`: the scopes summed up in a line, or listed one a line with --scopes (JSON has them all). */
export function authStatusView(opts: { scopes?: boolean }) {
  return defineView<Record<string, unknown>>({
    columns: [
      { key: 'profile', header: 'Profile' },
      { key: 'base_url', header: 'Service' },
      { key: 'org_id', header: 'Organization' },
      { key: 'user', header: 'User' },
      { key: 'token', header: 'Token' },
      { key: 'token_source', header: 'Token from' },
      {
        key: 'scopes',
        header: 'Scopes',
        get: (r) => (opts.scopes ? (r.scopes as string[]).join('\n') : scopeSummary(r.scopes as string[])),
      },
    ],
  });
}
