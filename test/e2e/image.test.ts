import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseXml } from '../helpers/xml.js';
import { havePodman, Podman } from '../helpers/podman.js';
import { type Release, release, root } from '../helpers/release.js';
import {
  type ContainerRunner,
  parseGitlab,
  runGitlabJobInImage,
  validateGitlab,
  withIncludes,
} from './ci/gitlab.js';
import { docBlocks, project, readmeRules } from './ci/setup.js';

/**
 * The release's container image (secscan-X.Y.Z.oci.tar) as its users' tools take it: skopeo reads the
 * layout, podman runs the amd64 image through the quick start (the sandbox, commands against it, the gate)
 * and the GitLab template's `.secscan-gate-image` job in the image with BusyBox, as GitLab's Docker
 * executor runs it; the arm64 image, unpacked by umoci, runs under qemu-user in a chroot.
 */
const isRoot = process.getuid?.() === 0;
const temp = mkdtempSync(join(tmpdir(), 'secscan-image-'));
let rel: Release;
let archive: string;
let podman: Podman;

beforeAll(() => {
  rel = release();
  archive = join(rel.dir, `secscan-${rel.version}.oci.tar`);
  podman = new Podman(join(temp, 'podman'));
}, 600_000);

afterAll(() => {
  podman?.close();
  rmSync(temp, { recursive: true, force: true });
});

const skopeo = (...args: string[]) => execFileSync('skopeo', args, { encoding: 'utf8', maxBuffer: 16 << 20 });

describe('the container image', () => {
  it('is an OCI layout skopeo reads: two tags, each for linux/amd64 and linux/arm64, as the SBOM names them', () => {
    expect(rel.sums[`secscan-${rel.version}.oci.tar`]).toBe(
      createHash('sha256').update(readFileSync(archive)).digest('hex'),
    );
    const bom = JSON.parse(readFileSync(join(rel.dir, `secscan-${rel.version}.cdx.json`), 'utf8'));
    for (const [tag, layers, path] of [
      [rel.version, 2, 'PATH=/usr/bin:/bin'],
      [`${rel.version}-busybox`, 3, 'PATH=/usr/bin:/bin:/busybox'],
    ] as const) {
      const raw = skopeo('inspect', '--raw', `oci-archive:${archive}:${tag}`);
      const index = JSON.parse(raw);
      expect(index.mediaType).toBe('application/vnd.oci.image.index.v1+json');
      expect(index.manifests.map((m: { platform: object }) => m.platform)).toEqual([
        { architecture: 'amd64', os: 'linux' },
        { architecture: 'arm64', os: 'linux' },
      ]);
      const digest = createHash('sha256').update(raw).digest('hex');
      expect(
        bom.components.find(
          (c: { type: string; version: string }) => c.type === 'container' && c.version === tag,
        )?.hashes,
      ).toEqual([{ alg: 'SHA-256', content: digest }]);
      for (const arch of ['amd64', 'arm64']) {
        const inspected = JSON.parse(
          skopeo('inspect', '--override-arch', arch, `oci-archive:${archive}:${tag}`),
        );
        expect(inspected).toMatchObject({ Architecture: arch, Os: 'linux' });
        expect(inspected.Layers).toHaveLength(layers);
        expect(inspected.Labels).toMatchObject({
          'org.opencontainers.image.version': rel.version,
          'org.opencontainers.image.source': 'https://github.com/secscan-test/secscan',
        });
        const config = JSON.parse(
          skopeo('inspect', '--config', '--override-arch', arch, `oci-archive:${archive}:${tag}`),
        ).config;
        expect(config).toMatchObject({
          User: '65532:65532',
          Entrypoint: ['/usr/bin/secscan'],
          WorkingDir: '/home/nonroot',
          Env: [path, 'HOME=/home/nonroot', 'SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt'],
        });
      }
    }
    // The Debian packages inside, in the SBOM by version and the SHA-256 of the package.
    const debs = bom.components.filter((c: { purl?: string }) => c.purl?.startsWith('pkg:deb/'));
    expect(debs.map((c: { name: string }) => c.name).sort()).toEqual(
      [
        ...['libc6', 'libgcc-s1', 'libstdc++6', 'busybox-static'].flatMap((n) => [n, n]),
        'ca-certificates',
      ].sort(),
    );
  }, 120_000);

  it.skipIf(!isRoot || !havePodman())(
    'runs the quick start in podman (amd64): the sandbox, commands against it, the gate, as the user nonroot',
    () => {
      const image = podman.pull(archive, rel.version);
      const work = join(temp, 'quick-start');
      mkdirSync(work);
      // Anyone may write there: the image runs as nonroot (65532), not as the owner of the directory.
      chmodSync(work, 0o777);
      writeFileSync(join(work, 'rules.yml'), readmeRules);
      const name = `secscan-image-test-${process.pid}`;
      const started = podman.run([
        'run',
        '--detach',
        '--name',
        name,
        ...Podman.runOptions(),
        '--volume',
        `${work}:/work`,
        image,
        'sandbox',
        '--port',
        '0',
        '--ready-file',
        '/work/sandbox.env',
      ]);
      expect(started.stderr).toBe('');
      expect(started.code).toBe(0);
      const exec = (args: string[], env: Record<string, string> = {}) =>
        podman.run([
          'exec',
          '--workdir',
          '/work',
          ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
          name,
          '/usr/bin/secscan',
          ...args,
        ]);
      try {
        const waited = exec(['sandbox', 'wait', '/work/sandbox.env']);
        expect(waited.code, waited.stderr).toBe(0);
        const settings = Object.fromEntries(
          readFileSync(join(work, 'sandbox.env'), 'utf8')
            .trim()
            .split('\n')
            .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        );
        const verbose = exec(['--version', '--verbose']);
        expect(verbose.stdout).toMatch(
          new RegExp(
            `^secscan ${rel.version}\\ncommit .+\\nNode\\.js v24\\.\\d+\\.\\d+ \\(linux-x64, inside the executable\\)\\n$`,
          ),
        );
        expect(exec(['whoami', '-o', 'json'], settings).code).toBe(0);
        expect(exec(['apps', 'list'], settings).stdout).toContain('shiftleft-java-demo');
        const findings = exec(
          ['findings', 'list', '--app', 'shiftleft-java-demo', '--severity', 'critical', '-o', 'json'],
          settings,
        );
        expect(JSON.parse(findings.stdout).length).toBeGreaterThan(0);
        const gate = exec(
          [
            'scans',
            'check',
            '--compound',
            'shop',
            '--rules',
            'rules.yml',
            '--target-branch',
            'feature/checkout',
            '--source-branch',
            'main',
            '--report-junit',
            'junit.xml',
          ],
          settings,
        );
        expect(gate.code).toBe(1);
        expect(gate.stdout).toContain('no-new-critical');
        expect(readFileSync(join(work, 'junit.xml'), 'utf8')).toContain('<testsuites');
        // No shell in the distroless-like image.
        expect(podman.run(['exec', name, '/bin/sh', '-c', 'true']).code).not.toBe(0);
      } finally {
        podman.run(['rm', '--force', name]);
      }
    },
    300_000,
  );

  it.skipIf(!isRoot)(
    'the arm64 image, unpacked by umoci, runs under qemu-user as nonroot: the Node.js 24 of linux-arm64',
    () => {
      const layout = join(temp, 'layout');
      skopeo(
        'copy',
        '--quiet',
        '--override-arch',
        'arm64',
        `oci-archive:${archive}:${rel.version}`,
        `oci:${layout}:arm64`,
      );
      const bundle = join(temp, 'bundle');
      execFileSync('umoci', ['unpack', '--image', `${layout}:arm64`, bundle], { stdio: 'pipe' });
      const rootfs = join(bundle, 'rootfs');
      expect(readFileSync(join(rootfs, 'etc/passwd'), 'utf8')).toContain(
        'nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin',
      );
      const certificates = readFileSync(join(rootfs, 'etc/ssl/certs/ca-certificates.crt'), 'utf8');
      expect(certificates.match(/BEGIN CERTIFICATE/g)?.length).toBeGreaterThan(100);
      expect(existsSync(join(rootfs, 'bin/sh'))).toBe(false);
      expect(existsSync(join(rootfs, 'lib/ld-linux-aarch64.so.1'))).toBe(true);
      copyFileSync('/usr/bin/qemu-aarch64-static', join(rootfs, 'qemu-aarch64-static'));
      const r = spawnSync(
        '/usr/sbin/chroot',
        [
          '--userspec=65532:65532',
          rootfs,
          '/qemu-aarch64-static',
          '/usr/bin/secscan',
          '--version',
          '--verbose',
        ],
        { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', HOME: '/home/nonroot' }, timeout: 120_000 },
      );
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/\nNode\.js v24\.\d+\.\d+ \(linux-arm64, inside the executable\)\n$/);
    },
    300_000,
  );
});

describe.skipIf(!isRoot || !havePodman())(
  'ci/secscan.gitlab-ci.yml on the image: .secscan-gate-image',
  () => {
    it("runs the guide's job as printed in the image with BusyBox, nothing installed: the feature branch fails it", () => {
      const templateFile = join(root, 'ci/secscan.gitlab-ci.yml');
      expect(validateGitlab(parseGitlab(readFileSync(templateFile, 'utf8')))).toEqual([]);
      const printed = docBlocks('docs/guide/ci-gate.md', 'yaml').find((b) =>
        b.includes('extends: .secscan-gate-image'),
      ) as string;
      const jobs = parseGitlab(printed);
      const image = podman.pull(archive, `${rel.version}-busybox`);
      const dir = project(join(temp, 'gitlab-project'));
      writeFileSync(join(dir, '.gitlab-ci.yml'), printed);
      const config = withIncludes(jobs, (entry) => {
        expect(entry).toEqual({
          remote: 'https://raw.githubusercontent.com/$SECSCAN_REPO/v0.1.0/ci/secscan.gitlab-ci.yml',
        });
        return readFileSync(templateFile, 'utf8');
      });
      // The runner checks out with umask 0000: the image's user (nonroot) may write the reports there.
      execFileSync('chmod', ['-R', 'a+rwX', dir]);
      const predefined = {
        CI_PROJECT_DIR: dir,
        CI_COMMIT_SHA: 'c0ffee0000000000000000000000000000000003',
        CI_COMMIT_REF_NAME: 'feature/checkout',
        CI_PIPELINE_SOURCE: 'push',
      };
      // The project's CI/CD variable names the image built here instead of GHCR's (it wins over the file's).
      const inImage: ContainerRunner = (c) =>
        podman.run([
          'run',
          '--rm',
          ...Podman.runOptions(),
          ...(c.entrypoint ? ['--entrypoint', JSON.stringify(c.entrypoint)] : []),
          '--volume',
          `${c.cwd}:${c.cwd}`,
          '--workdir',
          c.cwd,
          ...Object.entries(c.env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
          c.image,
          ...c.command,
        ]);
      const run = runGitlabJobInImage(config, 'security-gate', predefined, { SECSCAN_IMAGE: image }, inImage);
      expect(run.image).toBe(image);
      expect(run.stdout).toContain('no-new-critical');
      expect(run.code, run.stderr).toBe(1);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/is installed|install\.sh/);
      const junit = parseXml(readFileSync(join(dir, 'secscan-junit.xml'), 'utf8'));
      expect(junit.children[0]?.attributes.failures).toBe('2');
      expect(readFileSync(join(dir, 'secscan-summary.md'), 'utf8')).toContain('Security gate failed: shop');
      expect(run.after).toEqual({ code: 0, stdout: '', stderr: '' });
      // The template's own before_script (the guide's job has its own): it names the image, installs nothing.
      const own = withIncludes(
        {
          include: [{ local: 'ci/secscan.gitlab-ci.yml' }],
          versions: { extends: '.secscan-gate-image', script: ['secscan --version --verbose'] },
        },
        () => readFileSync(templateFile, 'utf8'),
      );
      const versions = runGitlabJobInImage(own, 'versions', predefined, { SECSCAN_IMAGE: image }, inImage);
      expect(versions.stderr).toBe('');
      expect(versions.stdout).toMatch(
        new RegExp(`^secscan ${rel.version} from the image ${image}\\nsecscan ${rel.version}\\n`),
      );
      expect(versions.code).toBe(0);
    }, 300_000);
  },
);
