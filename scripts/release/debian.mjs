// The Debian packages the release's image is made of (the C and C++ libraries Node.js links with, the CA
// certificates, BusyBox): downloaded by apt from the archive this machine's apt is set up with, for the
// image's architecture, with lists and a cache of their own under build/apt/ARCH (the machine's apt
// state, its architectures and its locks are left alone). apt checks each package against the archive's
// signed index; the release's SBOM names each one with its version and SHA-256.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The distribution the packages come from, as /etc/os-release names it (purls name it: pkg:deb/ID/...). */
export function distribution() {
  const text = readFileSync('/etc/os-release', 'utf8');
  const field = (name) => new RegExp(`^${name}="?([^"\\n]*)"?$`, 'm').exec(text)?.[1];
  return { id: field('ID') ?? 'debian', versionId: field('VERSION_ID') ?? '', text };
}

/** The fields of a package's control file (`Package`, `Version`, `Architecture`, ...). */
export function controlFields(deb) {
  const text = execFileSync('dpkg-deb', ['--field', deb], { encoding: 'utf8' });
  const fields = {};
  let last;
  for (const line of text.split('\n')) {
    if (/^\s/.test(line) && last) fields[last] += `\n${line}`;
    else if (line.includes(':')) {
      last = line.slice(0, line.indexOf(':'));
      fields[last] = line.slice(line.indexOf(':') + 1).trim();
    }
  }
  return { fields, text: text.endsWith('\n') ? text : `${text}\n` };
}

/**
 * Downloads `names` for `arch` (amd64, arm64) into `work`; returns each as { name, version, arch, file,
 * sha256, fields, control }. Throws, with apt's words, when apt cannot reach its archive or lacks one.
 */
export function downloadPackages(arch, names, work) {
  rmSync(work, { recursive: true, force: true });
  const dirs = ['lists/partial', 'cache/archives/partial', 'debs'].map((d) => join(work, d));
  for (const dir of dirs) mkdirSync(dir, { recursive: true });
  writeFileSync(join(work, 'status'), '');
  const options = [
    ['Dir::State::Lists', join(work, 'lists')],
    ['Dir::State::status', join(work, 'status')],
    ['Dir::Cache', join(work, 'cache')],
    ['APT::Architecture', arch],
    ['APT::Architectures::', arch],
    // The files are in a directory of root's (the release's build) which apt's own user cannot write.
    ['APT::Sandbox::User', 'root'],
  ].flatMap(([k, v]) => ['-o', `${k}=${v}`]);
  const apt = (args, cwd) => {
    try {
      return execFileSync('apt-get', [...options, '-qq', ...args], {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      throw new Error(
        `apt-get ${args[0]} (the image's ${arch} packages): ${`${error.stderr ?? ''}${error.message}`.trim()}`,
      );
    }
  };
  apt(['update']);
  apt(['download', ...names.map((n) => `${n}:${arch}`)], join(work, 'debs'));
  const files = readdirSync(join(work, 'debs'));
  return names.map((name) => {
    const file = files.find((f) => f.startsWith(`${name}_`));
    if (!file) throw new Error(`apt-get download: no ${name} for ${arch}`);
    const path = join(work, 'debs', file);
    const { fields, text } = controlFields(path);
    return {
      name,
      version: fields.Version,
      arch: fields.Architecture,
      file: path,
      sha256: createHash('sha256').update(readFileSync(path)).digest('hex'),
      fields,
      control: text,
    };
  });
}
