import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authEnv, expectUsage, fakeClock, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const finding = { path: { appID: 'a', findingID: '9' } };
const branch = { path: { appID: 'a', branch: 'feature/x' } };
const patch =
  'diff --git a/src/Db.java b/src/Db.java\n--- a/src/Db.java\n+++ b/src/Db.java\n@@ -1,3 +1,4 @@\n' +
  ' class Db {\n-  run("SELECT " + q);\n+  PreparedStatement s = prepare("SELECT ?");\n+  s.run(q);\n }\n';
const pending = { finding_id: 9, fingerprint: 'f00', rule: 'sqli', status: 'pending', branch: 'feature/x' };
const ready = { ...pending, finding_id: '9', status: 'ready', unified_patch: patch };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secscan-autofix-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/Db.java'), 'class Db {\n  run("SELECT " + q);\n}\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('findings autofix: usage errors (exit 2, no request)', () => {
  it.each([
    [['findings', 'autofix', '9'], '--app is required (the app the finding belongs to)'],
    [
      ['findings', 'autofix', '--app', 'a', 'x9'],
      'invalid finding id "x9": expected a positive whole number',
    ],
    [
      ['findings', 'autofix', '--app', 'a', '9', '--wait', 'soon'],
      'invalid value for --wait: "soon" (expected a duration such as 3600, 90m, 12h, 30d)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('findings autofix', () => {
  it('asks for the fix, waits while it is pending (sleeping, never spinning), and prints its patch', async () => {
    cli.stub('RequestFindingFix', finding).reply(200, ok(pending));
    cli.stub('ListBranchFixes', branch).reply(200, ok({ fixes: [pending] }));
    cli
      .stub('ListBranchFixes', branch)
      .reply(200, ok({ fixes: [{ ...pending, finding_id: 8, status: 'ready', unified_patch: 'x' }, ready] }));
    const clock = fakeClock();
    const result = await cli.run(['findings', 'autofix', '--app', 'a', '9'], { env: authEnv(), clock });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(patch);
    expect(result.stderr).toBe(
      'AutoFix is making the fix of finding 9; waiting for it (up to --wait)\n' +
        'the fix of finding 9: apply it with secscan findings autofix --app a 9 --apply (--dry-run checks it first)\n',
    );
    expect(clock.sleeps).toEqual([750]);
    expect(cli.calls().map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/v4/private/orgs/8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b/apps/a/findings/9/fixes`,
      `GET /api/v4/private/orgs/8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b/apps/a/branch/feature%2Fx/fixes`,
      `GET /api/v4/private/orgs/8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b/apps/a/branch/feature%2Fx/fixes`,
    ]);
  });

  it('-o json prints the fix', async () => {
    cli.stub('RequestFindingFix', finding).reply(200, ok(ready));
    const result = await cli.run(['findings', 'autofix', '--app', 'a', '9', '-o', 'json'], {
      env: authEnv(),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ...ready, app: 'a' });
  });

  it('a fix still pending when the wait runs out is exit 10; one AutoFix failed is exit 6', async () => {
    cli.stub('RequestFindingFix', finding).reply(200, ok(pending));
    cli
      .stub('ListBranchFixes', branch)
      .reply(200, ok({ fixes: [pending] }))
      .times(7);
    const clock = fakeClock();
    const late = await cli.run(['findings', 'autofix', '--app', 'a', '9', '--wait', '20s'], {
      env: authEnv(),
      clock,
    });
    expect(late.code).toBe(10);
    expect(late.stderr).toContain('error: the fix of finding 9 of a is not ready after waiting 20s');
    // Polls back off (1 s, 2 s, 4 s, 8 s, capped at 10 s, three quarters of it here) to the end of the wait.
    expect(clock.sleeps).toEqual([750, 1500, 3000, 6000, 7500, 1250]);
    cli.stub('RequestFindingFix', finding).reply(200, ok({ ...pending, status: 'failed' }));
    const failed = await cli.run(['findings', 'autofix', '--app', 'a', '9'], { env: authEnv() });
    expect([failed.code, failed.stderr]).toEqual([
      6,
      'error: AutoFix could not make a fix for finding 9 of a\n',
    ]);
  });

  it('fails closed on a ready fix without its patch, and on a pending one naming no branch (exit 8)', async () => {
    cli.stub('RequestFindingFix', finding).reply(200, ok({ ...ready, unified_patch: '' }));
    const empty = await cli.run(['findings', 'autofix', '--app', 'a', '9'], { env: authEnv() });
    expect(empty.code).toBe(8);
    cli.stub('RequestFindingFix', finding).reply(200, ok({ ...pending, branch: undefined }));
    const nowhere = await cli.run(['findings', 'autofix', '--app', 'a', '9'], { env: authEnv() });
    expect(nowhere.code).toBe(8);
    expect(nowhere.stderr).toContain('hint: give the branch: --branch NAME');
  });

  it('--apply writes the patch to the working tree; --dry-run checks it and writes nothing', async () => {
    cli.stub('RequestFindingFix', finding).reply(200, ok(ready)).times(2);
    const dry = await cli.run(['findings', 'autofix', '--app', 'a', '9', '--dry-run', '--dir', dir], {
      env: authEnv(),
    });
    // What a person reads (the patch's document defaults to the table), down a pipe too; -o json for scripts.
    expect([dry.code, dry.stdout]).toEqual([
      0,
      expect.stringMatching(/^FILE +ADDED +REMOVED +RESULT\nsrc\/Db\.java +2 +1 +would apply\n$/),
    ]);
    expect(readFileSync(join(dir, 'src/Db.java'), 'utf8')).toBe('class Db {\n  run("SELECT " + q);\n}\n');
    const applied = await cli.run(['findings', 'autofix', '--app', 'a', '9', '--apply', '--dir', dir], {
      env: authEnv(),
    });
    expect([applied.code, applied.stdout]).toEqual([
      0,
      expect.stringMatching(/^FILE +ADDED +REMOVED +RESULT\nsrc\/Db\.java +2 +1 +applied\n$/),
    ]);
    expect(applied.stderr).toBe(`applied the fix of finding 9 to ${dir}\n`);
    expect(readFileSync(join(dir, 'src/Db.java'), 'utf8')).toBe(
      'class Db {\n  PreparedStatement s = prepare("SELECT ?");\n  s.run(q);\n}\n',
    );
  });

  it('refuses a patch that does not apply (exit 6) or that reaches outside the tree (exit 8), writing nothing', async () => {
    writeFileSync(join(dir, 'src/Db.java'), 'class Db {\n  run(q);\n}\n');
    cli.stub('RequestFindingFix', finding).reply(200, ok(ready));
    const stale = await cli.run(['findings', 'autofix', '--app', 'a', '9', '--apply', '--dir', dir], {
      env: authEnv(),
    });
    expect(stale.code).toBe(6);
    expect(stale.stderr).toContain(`does not apply to ${dir}; nothing was written`);
    expect(readFileSync(join(dir, 'src/Db.java'), 'utf8')).toBe('class Db {\n  run(q);\n}\n');
    const outside = mkdtempSync(join(tmpdir(), 'secscan-autofix-out-'));
    try {
      writeFileSync(join(outside, 'Db.java'), 'class Db {\n  run("SELECT " + q);\n}\n');
      symlinkSync(outside, join(dir, 'lib'));
      for (const path of ['../x/src/Db.java', 'lib/Db.java']) {
        cli
          .stub('RequestFindingFix', finding)
          .reply(200, ok({ ...ready, unified_patch: patch.replaceAll('src/Db.java', path) }));
        const hostile = await cli.run(['findings', 'autofix', '--app', 'a', '9', '--apply', '--dir', dir], {
          env: authEnv(),
        });
        expect(hostile.code, path).toBe(8);
        expect(hostile.stderr).toMatch(/^error: the fix of finding 9 was not applied: the patch names/);
      }
      expect(readFileSync(join(outside, 'Db.java'), 'utf8')).toBe('class Db {\n  run("SELECT " + q);\n}\n');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('says in its help that it uses paths outside the public v4 document', async () => {
    const help = await cli.run(['findings', 'autofix', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      "It uses paths outside the public v4 document, which the vendor's own clients call (POST /api/v4/private/orgs/{orgID}/apps/{appID}/findings/{findingID}/fixes, GET /api/v4/private/orgs/{orgID}/apps/{appID}/branch/{branch}/fixes)",
    );
  });
});
