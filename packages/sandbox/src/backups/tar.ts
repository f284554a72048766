/** The largest entry a ustar header's 11 octal digits can describe. */
export const maxTarEntry = 8 * 1024 ** 3 - 1;

/** A ustar header block for a regular file (mode 0644, owned by root). */
export function tarHeader(name: string, size: number, mtimeMs: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: name too long: ${name}`);
  if (size > maxTarEntry) throw new Error(`tar: ${name} is larger than a ustar entry may be`);
  const header = Buffer.alloc(512);
  const octal = (value: number, offset: number, width: number) =>
    header.write(`${value.toString(8).padStart(width - 1, '0')}\0`, offset, 'ascii');
  header.write(name, 0, 'utf8');
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(mtimeMs / 1000), 136, 12);
  header.fill(' ', 148, 156);
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write('root', 265, 'ascii');
  header.write('root', 297, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

/** Zero bytes that round an entry of `size` bytes up to the next 512-byte block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((512 - (size % 512)) % 512);
}

/** Whole entries (header, data, padding) of small in-memory files. */
export function tarEntries(files: readonly { name: string; data: Buffer }[], mtimeMs: number): Buffer {
  return Buffer.concat(
    files.flatMap(({ name, data }) => [tarHeader(name, data.length, mtimeMs), data, tarPadding(data.length)]),
  );
}

/** Two zero blocks end an archive. */
export const tarEnd = Buffer.alloc(1024);
