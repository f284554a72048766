import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** Beside the repository: /work/shared in development, next to the clone in CI. Read, never copied. */
export const vendorFile = fileURLToPath(
  new URL('../../../shared/spec/vendor/openapi-v4.yml', import.meta.url),
);
export const vendorPresent = existsSync(vendorFile);

type Json = Record<string, unknown>;

export interface VendorOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, Json> }>;
}

export interface VendorDocument {
  paths: Record<string, Record<string, VendorOperation>>;
  security?: Record<string, string[]>[];
  [key: string]: unknown;
}

export function loadVendor(): VendorDocument {
  return parse(readFileSync(vendorFile, 'utf8')) as VendorDocument;
}

const methods = ['get', 'put', 'post', 'patch', 'delete'];

export function findOperation(
  doc: VendorDocument,
  method: string,
  path: string,
): VendorOperation | undefined {
  return doc.paths[path]?.[method.toLowerCase()];
}

export function operationIds(doc: VendorDocument): Set<string> {
  const ids = new Set<string>();
  for (const item of Object.values(doc.paths)) {
    for (const m of methods) {
      const id = item[m]?.operationId;
      if (id) ids.add(id);
    }
  }
  return ids;
}

/** The scopes of the first security requirement (the document's default when the operation has none). */
export function requiredScopes(doc: VendorDocument, op: VendorOperation): string[] {
  return (op.security ?? doc.security)?.[0]?.BearerToken ?? [];
}

function resolve(doc: VendorDocument, node: unknown): unknown {
  const ref = (node as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let at: unknown = doc;
  for (const key of ref.slice(2).split('/')) at = (at as Json | undefined)?.[key.replace(/~1/g, '/')];
  return resolve(doc, at);
}

export interface DocumentedExample {
  name: string;
  value: unknown;
}

/** The media-level `example` and every entry of `examples` of one response. */
export function documentedExamples(
  doc: VendorDocument,
  op: VendorOperation,
  status: string,
  media: string,
): DocumentedExample[] {
  const content = resolve(doc, op.responses?.[status]) as { content?: Record<string, Json> } | undefined;
  const entry = content?.content?.[media];
  if (!entry) return [];
  const out: DocumentedExample[] = [];
  if ('example' in entry) out.push({ name: 'example', value: entry.example });
  for (const [name, ex] of Object.entries((entry.examples as Json | undefined) ?? {})) {
    const resolved = resolve(doc, ex) as { value?: unknown } | undefined;
    if (resolved && 'value' in resolved) out.push({ name: `examples.${name}`, value: resolved.value });
  }
  return out;
}
