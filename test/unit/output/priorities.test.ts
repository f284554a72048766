import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accessChangeView } from '../../../src/output/views/access.js';
import { selectColumns, type View } from '../../../src/output/core/view.js';

/**
 * Every table view says which of its columns a narrow terminal may leave out, and in which order (the
 * columns' `priority`): a view that declares none would lose its rightmost columns, whatever they are.
 */
const dir = fileURLToPath(new URL('../../../src/output/views/', import.meta.url));

const isView = (value: unknown): value is View<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && Array.isArray((value as View).columns);

/** The views a module exports, those made by a function too (called with what it needs, if anything). */
async function viewsOf(file: string): Promise<[string, View<Record<string, unknown>>][]> {
  const module = (await import(`${dir}${file}`)) as Record<string, unknown>;
  return Object.entries(module).flatMap(([name, value]) => {
    const made = typeof value === 'function' && value.length <= 1 ? safely(() => value({})) : value;
    return isView(made) ? [[`${file}: ${name}`, made] as [string, View<Record<string, unknown>>]] : [];
  });
}

function safely(make: () => unknown): unknown {
  try {
    return make();
  } catch {
    return undefined;
  }
}

/** A table (upper-case headers; a detail view's are written as words) of three columns or more. */
const isTable = (view: View<Record<string, unknown>>) => {
  const columns = selectColumns(view, undefined);
  return columns.length >= 3 && columns.every((c) => c.header === c.header.toUpperCase());
};

describe('column priorities', () => {
  it('every table view of three columns or more declares which columns give way first', async () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    const views = [
      ...(await Promise.all(files.map(viewsOf))).flat(),
      ['access.ts: accessChangeView', accessChangeView] as const,
    ].filter(([, view]) => isTable(view as View<Record<string, unknown>>));
    expect(views.length).toBeGreaterThan(30);
    const without = views
      .filter(
        ([, view]) =>
          !selectColumns(view as View<Record<string, unknown>>, undefined).some((c) => (c.priority ?? 1) > 1),
      )
      .map(([name]) => name);
    expect(without).toEqual([]);
  });
});
