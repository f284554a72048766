// A tar writer for the release's image: POSIX ustar entries (directories, files, symbolic links) with the
// owner, mode and time stamp given, in the order given, so the same entries give the same bytes whatever
// the machine's files' owners and times. Enough for the few hundred files of an image's layer: names up to
// 255 bytes (a prefix and a name), sizes up to 8 GiB.
import { readFileSync } from 'node:fs';

const block = 512;

function octal(value, width) {
  const text = value.toString(8);
  if (text.length > width - 1) throw new Error(`tar: ${value} does not fit in ${width - 1} octal digits`);
  return `${text.padStart(width - 1, '0')}\0`;
}

/** The name split as ustar stores it: a prefix (up to 155 bytes) and a name (up to 100), at a slash. */
function splitName(path) {
  if (Buffer.byteLength(path) <= 100) return ['', path];
  for (let at = path.indexOf('/'); at > 0; at = path.indexOf('/', at + 1)) {
    const [prefix, name] = [path.slice(0, at), path.slice(at + 1)];
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return [prefix, name];
  }
  throw new Error(`tar: the name ${path} is too long for ustar`);
}

function header({ path, type, mode, uid = 0, gid = 0, size = 0, mtime, linkname = '' }) {
  const h = Buffer.alloc(block);
  const [prefix, name] = splitName(path);
  h.write(name, 0);
  h.write(octal(mode, 8), 100);
  h.write(octal(uid, 8), 108);
  h.write(octal(gid, 8), 116);
  h.write(octal(size, 12), 124);
  h.write(octal(mtime, 12), 136);
  h.write(' '.repeat(8), 148);
  h.write({ file: '0', symlink: '2', dir: '5' }[type], 156);
  if (Buffer.byteLength(linkname) > 100) throw new Error(`tar: the link target ${linkname} is too long`);
  h.write(linkname, 157);
  h.write('ustar\0', 257);
  h.write('00', 263);
  h.write(uid === 0 ? 'root' : '', 265);
  h.write(gid === 0 ? 'root' : '', 297);
  h.write(prefix, 345);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

/**
 * The tar archive of `entries`: each `{ path, type: 'dir' | 'file' | 'symlink', mode, uid?, gid?, data? or
 * from? (a file to read), linkname? }`, paths relative (`etc/passwd`, directories without a slash).
 */
export function tar(entries, mtime) {
  const parts = [];
  for (const entry of entries) {
    if (entry.type === 'file') {
      const data = entry.data === undefined ? readFileSync(entry.from) : Buffer.from(entry.data);
      parts.push(header({ ...entry, size: data.length, mtime }), data);
      const pad = (block - (data.length % block)) % block;
      if (pad) parts.push(Buffer.alloc(pad));
    } else {
      const path = entry.type === 'dir' ? `${entry.path}/` : entry.path;
      parts.push(header({ ...entry, path, mtime }));
    }
  }
  parts.push(Buffer.alloc(block * 2));
  return Buffer.concat(parts);
}
