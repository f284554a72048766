const secretKeys = /^(token|value|secret|password|client_secret|access_token|authorization)$/i;
const secretParams =
  /^(token|secret|password|client_secret|access_token|api_key|apikey|key|sig|signature|code|state)$/i;

/** A path or URL for --debug, with the values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponent((eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
      return eq !== -1 && secretParams.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** A copy of a JSON value with secret-looking fields replaced, for --debug output. */
export function redactJson(value: unknown, depth = 0): unknown {
  if (depth > 20) return value;
  if (Array.isArray(value)) return value.map((v) => redactJson(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = secretKeys.test(k) && typeof v === 'string' ? '[redacted]' : redactJson(v, depth + 1);
    }
    return out;
  }
  return value;
}

/** Masks a secret for display: only the last four characters remain. */
export function maskSecret(secret: string | undefined): string {
  if (!secret) return '(none)';
  if (secret.length <= 8) return '****';
  return `****${secret.slice(-4)}`;
}

export function redactText(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 6) out = out.split(s).join('[redacted]');
  return out;
}
