import { yamlEscapes, yamlQuoted } from '../../streams/sanitize.js';
import { defineBaseFormat, jsonRow } from './format.js';

/**
 * YAML text (yaml loads only for -o yaml). A string holding characters YAML would print raw (C1, DEL, bidi,
 * zero-width) or what a CI runner would read as a command is written double-quoted, where those are then
 * `\u`-escaped (yamlQuoted).
 */
export async function yamlText(value: unknown): Promise<string> {
  const { Document, isScalar, visit } = await import('yaml');
  const doc = new Document(value);
  let risky = false;
  visit(doc, {
    Scalar(_key, node) {
      if (isScalar(node) && typeof node.value === 'string' && yamlQuoted(node.value)) {
        node.type = 'QUOTE_DOUBLE';
        risky = true;
      }
    },
  });
  const text = doc.toString();
  return risky ? yamlEscapes(text) : text;
}

/** The whole objects as YAML; a list is gathered, then written as one sequence. */
export default defineBaseFormat({
  summary: 'The full objects as YAML.',
  reads: ['whole', 'rows'],
  async list(view, { fields, out }) {
    const all: unknown[] = [];
    return {
      row: async (row) => void all.push(jsonRow(row, view, fields)),
      end: async (count) => out.write(count ? await yamlText(all) : '[]\n'),
    };
  },
  async object(item, view, { fields, out }) {
    await out.write(await yamlText(jsonRow(item, view, fields)));
  },
});
