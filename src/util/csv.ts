/** Rows of RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF ends a row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  while (i < body.length) {
    const c = body[i] as string;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (c === '\r' && body[i + 1] === '\n') i++;
    } else field += c;
    i++;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Objects keyed by the header row's names; a short row leaves its last fields empty. */
export function csvRecords(text: string): { header: string[]; records: Record<string, string>[] } {
  const [header = [], ...rows] = parseCsv(text);
  return {
    header,
    records: rows
      .filter((r) => !(r.length === 1 && r[0] === ''))
      .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))),
  };
}
