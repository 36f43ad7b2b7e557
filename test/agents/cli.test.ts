// The faces: `modeler agents …` (built binary) and the stdlib Python launcher
// `python -m modeler_core.agents …`, which must print exactly what the Node CLI prints.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../src/core/json-schema.js';
import { EXAMPLE, REPO, runCliAsync, tempDir, type CliResult } from '../helpers/cli.js';
import { PYTHON } from '../helpers/python.js';

const validProposal = schemaValidator('proposal.schema.json');

/** Run the launcher without blocking the test worker (each run starts Node). */
function py(args: string[], env: Record<string, string | undefined> = {}, pythonPath = join(REPO, 'python')): Promise<CliResult> {
  const full = Object.fromEntries(Object.entries({ ...process.env, PYTHONPATH: pythonPath, MODELER_HOME: undefined, ...env })
    .filter(([, v]) => v !== undefined)) as Record<string, string>;
  return new Promise((resolve) => {
    const p = spawn(PYTHON, ['-m', 'modeler_core.agents', ...args], { cwd: REPO, env: full });
    let stdout = '', stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('modeler agents (Node CLI)', () => {
  it('conceptualize and canonicalize print valid proposals; --min-recurrence is honoured; nothing is written', async () => {
    const dir = tempDir();
    cpSync(EXAMPLE, dir, { recursive: true });
    const [c, two, one] = await Promise.all([
      runCliAsync(['agents', 'conceptualize', '--project', dir]),
      runCliAsync(['agents', 'canonicalize', '--project', dir]),
      runCliAsync(['agents', 'canonicalize', '--project', dir, '--min-recurrence', '1']),
    ]);
    for (const r of [c, two, one]) expect(r.code, r.stderr).toBe(0);
    const [pc, p2, p1] = [c, two, one].map((r) => JSON.parse(r.stdout));
    for (const p of [pc, p2, p1]) expect(validProposal(p), JSON.stringify(validProposal.errors)).toBe(true);
    expect(pc.entities.map((e: any) => e.name)).toContain('OrderItem');
    expect(p2.min_recurrence).toBe(2);
    expect(p1.entities.length).toBeGreaterThan(p2.entities.length);
    expect(spawnSync('find', [dir, '-path', '*/Modeler/conceptual*', '-o', '-path', '*/Modeler/logical*'], { encoding: 'utf8' }).stdout).toBe('');
  });

  it('--declared-only draws only declared relationships and names the inferred ones in a note', async () => {
    const [all, declared] = await Promise.all([
      runCliAsync(['agents', 'conceptualize', '--project-dir', EXAMPLE]),
      runCliAsync(['agents', 'conceptualize', '--project-dir', EXAMPLE, '--declared-only']),
    ]);
    for (const r of [all, declared]) expect(r.code, r.stderr).toBe(0);
    const [pa, pd] = [all, declared].map((r) => JSON.parse(r.stdout));
    for (const p of [pa, pd]) expect(validProposal(p), JSON.stringify(validProposal.errors)).toBe(true);
    const inferred = pa.relationships.filter((r: any) => r.evidence.kind === 'inferred');
    expect(inferred.length).toBeGreaterThan(0);
    expect(pd.relationships.every((r: any) => r.evidence.kind === 'declared')).toBe(true);
    expect(pd.relationships).toEqual(pa.relationships.filter((r: any) => r.evidence.kind === 'declared'));
    expect(pd.notes.find((n: string) => n.startsWith('--declared-only:'))).toContain(`${inferred.length} relationship(s) that column names imply are not drawn`);
    // the diagram file marks what a reviewer has to confirm
    expect(pa.changes[0].content).toContain('inferred: true');
    expect(pd.changes[0].content).not.toContain('inferred: true');
  });

  it('usage errors: one line on stderr, nothing on stdout, exit 64', async () => {
    const cases: [string[], string][] = [
      [['agents', 'conceptualize', '--project', '/no/such/dir'], 'modeler: project directory not found: /no/such/dir'],
      [['agents', 'canonicalize', '--project', join(EXAMPLE, 'dbt_project.yml')], 'modeler: not a directory'],
      [['agents', 'canonicalize', '--project', EXAMPLE, '--min-recurrence', '0'], 'modeler: --min-recurrence must be at least 1, got 0'],
      [['agents', 'canonicalize', '--project', EXAMPLE, '--min-recurrence', 'two'], "modeler: --min-recurrence expects an integer, got 'two'"],
      [['agents', 'conceptualize', '--projet', EXAMPLE], "modeler: unknown option '--projet'"],
    ];
    const results = await Promise.all(cases.map(([args]) => runCliAsync(args)));
    results.forEach((r, i) => {
      expect(r.code, cases[i][0].join(' ')).toBe(64);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(cases[i][1]);
    });
  });
});

describe('python -m modeler_core.agents (stdlib launcher)', () => {
  it('prints exactly what the Node CLI prints', async () => {
    const runs = [['conceptualize', '--project', EXAMPLE], ['conceptualize', '--project-dir', EXAMPLE, '--declared-only'], ['canonicalize', '--project', EXAMPLE, '--min-recurrence', '1'],
      ['conceptualize', '--project-dir', EXAMPLE, '--vars', '{any: 1}']];
    const [pyOut, nodeOut] = await Promise.all([Promise.all(runs.map((a) => py(a))), Promise.all(runs.map((a) => runCliAsync(['agents', ...a])))]);
    pyOut.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(nodeOut[i].stdout);
    });
  });

  it('usage errors are one line and exit 64', async () => {
    const cases = [
      [['conceptualize', '--project', '/no/such/dir'], 'project directory not found'],
      [['canonicalize', '--project', EXAMPLE, '--min-recurrence', 'x'], "invalid int value: 'x'"],
      [['canonicalize', '--project', EXAMPLE, '--min-recurrence', '0'], 'must be at least 1'],
      [['draw'], "invalid choice: 'draw'"],
      [[], 'required'],
      [['conceptualize', '--project', EXAMPLE, '--vars', '[1]'], '--vars must be a mapping'],
    ] as const;
    const results = await Promise.all(cases.map(([args]) => py([...args])));
    results.forEach((r, i) => {
      expect(r.code, `${cases[i][0].join(' ')}: ${r.stderr}`).toBe(64);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(cases[i][1]);
    });
  });

  it('Ctrl-C while Node runs: exit 130 without a Python traceback', async () => {
    const dir = tempDir();
    const fakeNode = join(dir, 'node');
    writeFileSync(fakeNode, '#!/bin/sh\necho started >&2\nexec sleep 30\n', { mode: 0o755 });
    const env = Object.fromEntries(Object.entries({ ...process.env, PYTHONPATH: join(REPO, 'python'), MODELER_NODE: fakeNode })
      .filter(([, v]) => v !== undefined)) as Record<string, string>;
    const r = await new Promise<CliResult>((resolve) => {
      const p = spawn(PYTHON, ['-m', 'modeler_core.agents', 'conceptualize', '--project', EXAMPLE], { cwd: REPO, env });
      let stderr = '';
      p.stderr.on('data', (d) => {
        stderr += d;
        if (stderr.includes('started')) p.kill('SIGINT');
      });
      p.on('close', (code) => resolve({ code: code ?? -1, stdout: '', stderr }));
    });
    expect(r.stderr).not.toContain('Traceback');
    expect(r.code).toBe(130);
  });

  it('without Node.js: a clear one-line error, exit 70', async () => {
    const empty = tempDir();
    const [missing, bad] = await Promise.all([
      py(['conceptualize', '--project', EXAMPLE], { PATH: empty, MODELER_NODE: undefined }),
      py(['conceptualize', '--project', EXAMPLE], { MODELER_NODE: join(empty, 'node') }),
    ]);
    expect(missing.code).toBe(70);
    expect(missing.stderr.trim()).toBe('python -m modeler_core.agents: Node.js (>= 20) is required but `node` is not on PATH; install it or set MODELER_NODE');
    expect(bad.code).toBe(70);
    expect(bad.stderr).toContain('cannot run Node.js');
  });

  it('outside the repository it needs MODELER_HOME (or modeler on PATH); an unbuilt package is named', async () => {
    const site = tempDir();
    cpSync(join(REPO, 'python', 'modeler_core'), join(site, 'modeler_core'), { recursive: true });
    const unbuilt = tempDir();
    mkdirSync(join(unbuilt, 'bin'));
    writeFileSync(join(unbuilt, 'bin', 'modeler.js'), '');
    const [lost, found, notBuilt] = await Promise.all([
      py(['conceptualize', '--project', EXAMPLE], { PATH: tempDir() }, site),
      py(['conceptualize', '--project', EXAMPLE], { MODELER_HOME: REPO }, site),
      py(['conceptualize'], { MODELER_HOME: unbuilt }, site),
    ]);
    expect(lost.code).toBe(70);
    expect(lost.stderr).toContain('cannot find the modeler package: set MODELER_HOME');
    expect(found.code, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout).kind).toBe('diagram');
    expect(notBuilt.code).toBe(70);
    expect(notBuilt.stderr).toContain('is not built; run `npm run build`');
  });

  it('pip install ./python gives a working module', async () => {
    const src = tempDir();
    cpSync(join(REPO, 'python'), src, { recursive: true, filter: (p) => !/(build|egg-info|__pycache__)$/.test(p) });
    const target = tempDir();
    const pip = await new Promise<CliResult>((resolve) => {
      const p = spawn(PYTHON, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '--target', target, src]);
      let stderr = '';
      p.stderr.on('data', (d) => (stderr += d));
      p.on('close', (code) => resolve({ code: code ?? -1, stdout: '', stderr }));
    });
    expect(pip.code, pip.stderr).toBe(0);
    const [r, node] = await Promise.all([py(['canonicalize', '--project', EXAMPLE], { MODELER_HOME: REPO }, target), runCliAsync(['agents', 'canonicalize', '--project', EXAMPLE])]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(node.stdout);
  }, 120_000);
});
