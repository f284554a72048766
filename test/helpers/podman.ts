import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Podman for the tests that run the release's image, with a store of its own (`--root`, `--runroot` in the
 * test's directory: no image or container of the machine's, or of another test, is seen or touched). The
 * machines here mount cgroups in hybrid mode, which crun refuses, and cap the limits a container may raise:
 * runc with cgroupfs, and limits within the machine's. Installed by scripts/ensure-tools.mjs.
 */
export class Podman {
  private readonly global: string[];

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.global = [
      '--root',
      join(dir, 'storage'),
      '--runroot',
      join(dir, 'run'),
      '--runtime',
      'runc',
      '--cgroup-manager',
      'cgroupfs',
      '--events-backend',
      'none',
      // vfs: a store on any file system (overlay cannot have its upper layer on an overlay, as in a container).
      '--storage-driver',
      'vfs',
    ];
  }

  /** The options of a `podman run` here: the limits, and the given network (none: loopback only). */
  static runOptions(network = 'none'): string[] {
    return ['--network', network, '--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024'];
  }

  run(args: string[], timeout = 280_000): { code: number; stdout: string; stderr: string } {
    const r = spawnSync('podman', [...this.global, ...args], { encoding: 'utf8', timeout });
    return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: `${r.stderr ?? ''}${r.error ?? ''}` };
  }

  /** `podman pull` of a tag of an OCI archive: the image's id. */
  pull(archive: string, tag: string, arch = 'amd64'): string {
    const r = this.run(['pull', '--quiet', '--arch', arch, `oci-archive:${archive}:${tag}`]);
    if (r.code !== 0) throw new Error(`podman pull ${archive}:${tag}: ${r.stderr}`);
    return r.stdout.trim();
  }

  /** Every container and image of the store removed, then the store. */
  close(): void {
    this.run(['rm', '--all', '--force']);
    this.run(['rmi', '--all', '--force']);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Whether podman is installed here. */
export const havePodman = () => spawnSync('podman', ['--version']).status === 0;
