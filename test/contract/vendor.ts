import { existsSync, readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const vendorPath = 'shared/spec/vendor/openapi-v4.yml';

/**
 * Beside the repository (/work/shared in development, next to the clone in CI), or beside a directory
 * above it (a worktree under /work/wt), or where SECSCAN_VENDOR_OPENAPI says. Read, never copied.
 */
function findVendorFile(): string {
  if (process.env.SECSCAN_VENDOR_OPENAPI) return process.env.SECSCAN_VENDOR_OPENAPI;
  const repo = fileURLToPath(new URL('../../', import.meta.url));
  const candidates = [resolvePath(repo, '..', vendorPath), resolvePath(repo, '..', '..', vendorPath)];
  return candidates.find((file) => existsSync(file)) ?? (candidates[0] as string);
}

export const vendorFile = findVendorFile();
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
  return examplesOf(doc, content?.content?.[media]);
}

function examplesOf(doc: VendorDocument, entry: Json | undefined): DocumentedExample[] {
  if (!entry) return [];
  const out: DocumentedExample[] = [];
  if ('example' in entry) out.push({ name: 'example', value: entry.example });
  for (const [name, ex] of Object.entries((entry.examples as Json | undefined) ?? {})) {
    const resolved = resolve(doc, ex) as { value?: unknown } | undefined;
    if (resolved && 'value' in resolved) out.push({ name: `examples.${name}`, value: resolved.value });
  }
  return out;
}

/** The `example` and `examples` of an operation's request body in one media type. */
export function documentedRequestExamples(
  doc: VendorDocument,
  op: VendorOperation & { requestBody?: unknown },
  media: string,
): DocumentedExample[] {
  const body = resolve(doc, op.requestBody) as { content?: Record<string, Json> } | undefined;
  return examplesOf(doc, body?.content?.[media]);
}
