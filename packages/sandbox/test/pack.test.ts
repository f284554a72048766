import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What another project gets: the package packed (`npm pack` builds it), installed into an empty directory
 * with no workspace around it and no registry (`--offline`: it has no dependency to fetch), then imported
 * from a plain .mjs script that starts it with TLS, lists findings over HTTPS trusting the CA it returns,
 * and stops it. The script's fetch is undici's, taken from this repository by path (the installed
 * directory holds nothing but the package).
 */
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const require = createRequire(import.meta.url);
const temp = mkdtempSync(join(tmpdir(), 'sandbox-pack-'));
const project = join(temp, 'project');
let files: string[];

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

beforeAll(() => {
  npm(['pack', '--pack-destination', temp], packageDir);
  const tarball = join(temp, `secscan-sandbox-${pkg.version}.tgz`);
  files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "private": true, "type": "module" }\n');
  npm(['install', '--offline', '--ignore-scripts', tarball], project);
}, 180_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the packed @secscan/sandbox, installed on its own', () => {
  it('ships the bundle, its types, the README and the licences, and nothing else', () => {
    expect(files.sort()).toEqual(
      [
        'package/LICENSE',
        'package/README.md',
        'package/dist/THIRD-PARTY-LICENSES.md',
        'package/dist/index.d.ts',
        'package/dist/index.js',
        'package/package.json',
      ].sort(),
    );
  });

  it('installs with no dependency', () => {
    expect(readdirSync(join(project, 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual([
      '@secscan',
    ]);
    expect(readdirSync(join(project, 'node_modules', '@secscan'))).toEqual(['sandbox']);
  });

  it('starts from a plain script, serves findings over HTTPS to a client trusting its CA, and stops', () => {
    const undici = pathToFileURL(require.resolve('undici')).href;
    const script = `
import { existsSync } from 'node:fs';
import { Agent, fetch } from ${JSON.stringify(undici)};
import { startSandbox } from '@secscan/sandbox';

const sandbox = await startSandbox({ tls: true, seed: 3, env: { SECSCAN_STATE_DIR: ${JSON.stringify(join(temp, 'state'))} } });
const dispatcher = new Agent({ connect: { ca: sandbox.ca } });
const res = await fetch(\`\${sandbox.url}/api/v4/orgs/\${sandbox.orgId}/findings?per_page=3\`, {
  headers: { authorization: \`Bearer \${sandbox.token}\` },
  dispatcher,
});
const body = await res.json();
await sandbox.stop();
await dispatcher.close();
console.log(JSON.stringify({
  url: sandbox.url,
  status: res.status,
  findings: body.response.findings.map((f) => f.id),
  caFileLeft: existsSync(sandbox.caFile),
}));
`;
    writeFileSync(join(project, 'list-findings.mjs'), script);
    const out = JSON.parse(
      execFileSync(process.execPath, ['list-findings.mjs'], { cwd: project, encoding: 'utf8' }),
    );
    expect(out.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(out.status).toBe(200);
    expect(out.findings).toHaveLength(3);
    expect(out.caFileLeft).toBe(false);
  });

  it("runs the README's example as a node:test file", () => {
    const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
    const example = /```js\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const undici = pathToFileURL(require.resolve('undici')).href;
    expect(example).toContain("from 'undici'");
    writeFileSync(join(project, 'findings.test.mjs'), example.replace("'undici'", JSON.stringify(undici)));
    const out = execFileSync(process.execPath, ['--test', 'findings.test.mjs'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, SECSCAN_STATE_DIR: join(temp, 'state') },
    });
    expect(out).toMatch(/^# pass 1$/m);
  });

  it('lets a receiver verify a delivery of the sandbox with verifyWebhook, and refuse a tampered one', () => {
    const script = `
import { createServer } from 'node:http';
import { startSandbox, signStandardWebhook, signWebhook, verifyWebhook, WebhookVerificationError } from '@secscan/sandbox';

const sandbox = await startSandbox({ seed: 4, env: { SECSCAN_STATE_DIR: ${JSON.stringify(join(temp, 'state'))} } });
const secret = 'whsec-pack';
let got;
const delivered = new Promise((resolve) => (got = resolve));
const receiver = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  res.writeHead(204).end();
  got({ body, headers: req.headers });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const put = await fetch(\`\${sandbox.url}/api/v4/orgs/\${sandbox.orgId}/alerting/webhook\`, {
  method: 'PUT',
  headers: { authorization: \`Bearer \${sandbox.token}\`, 'content-type': 'application/json' },
  body: JSON.stringify({ url: \`http://127.0.0.1:\${receiver.address().port}/\`, events: [{ name: 'scan.finished' }], secret }),
});
await sandbox.scan({ app: 'shiftleft-java-demo', new: [{ severity: 'high', count: 1 }] });
const { body, headers } = await delivered;
const verified = verifyWebhook({ body, headers, secret });
let refused;
try {
  verifyWebhook({ body: Buffer.concat([body, Buffer.from(' ')]), headers, secret });
} catch (error) {
  refused = error instanceof WebhookVerificationError && error.reason;
}
const signing = { body, secret, timestamp: verified.timestamp, deliveryId: verified.deliveryId };
const same = signWebhook(signing) === headers['x-sl-signature'];
const sameStandard = signStandardWebhook(signing) === headers['webhook-signature'];
receiver.close();
await sandbox.stop();
console.log(JSON.stringify({ put: put.status, verified, refused, same, sameStandard }));
`;
    writeFileSync(join(project, 'receiver.mjs'), script);
    const out = JSON.parse(
      execFileSync(process.execPath, ['receiver.mjs'], { cwd: project, encoding: 'utf8' }),
    );
    expect(out).toMatchObject({
      put: 200,
      verified: {
        event: 'scan.finished',
        deliveryId: expect.any(String),
        timestamp: expect.any(Number),
        schemes: ['standard', 'x-sl'],
      },
      refused: 'signature',
      same: true,
      sameStandard: true,
    });
  });

  it('types a TypeScript caller from its declarations', () => {
    writeFileSync(
      join(project, 'caller.ts'),
      `import { type RunningSandbox, startSandbox, type VerifiedWebhook, verifyWebhook } from '@secscan/sandbox';
const running: Promise<RunningSandbox> = startSandbox({ tls: true, apps: [{ id: 'my-app' }] });
void running.then((s) => s.scan({ app: 'my-app', new: [{ severity: 'high', type: 'secret', count: 1 }] }));
// @ts-expect-error: a scan names an app or a compound
void running.then((s) => s.scan({ branch: 'main' }));
const verified: VerifiedWebhook = verifyWebhook({ body: '{}', headers: {}, secret: 's', tolerance: 60 });
void verified.deliveryId;
// @ts-expect-error: the body is the bytes received, not parsed JSON
verifyWebhook({ body: {}, headers: {}, secret: 's' });
`,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', strict: true, noEmit: true, types: [], lib: ['es2023'] },
        files: ['caller.ts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    expect(execFileSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' })).toBe('');
  });
});
