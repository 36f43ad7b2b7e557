// `modeler lineage` on a project a user has half broken, through the real binary: a model whose
// SQL does not parse is named with its file and the fix (not shown as a model without columns),
// a property file that does not read is named on stderr beside the answer (its models are missing
// from it), and nothing in the project is written.
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';
import { changed, tree } from '../assistant/helpers.js';

const dir = join(tempDir('modeler-lineage-bad-'), 'project');
cpSync(EXAMPLE, dir, { recursive: true });
writeFileSync(join(dir, 'models', 'marts', 'broken_sql.sql'), 'select from where ((( {{ ref("orders") }}\n');
const before = tree(dir);

describe('modeler lineage on bad input', () => {
  it('says why a model whose SQL does not parse has no columns, with its file and the fix', () => {
    const node = runCli(['lineage', 'broken_sql', '--project-dir', dir]);
    expect(node.code).toBe(0);
    expect(node.stdout).toMatch(/^broken_sql\n└─ no known columns: models\/marts\/broken_sql\.sql: the rendered SQL does not parse: .*; fix the SQL, or declare its columns in YAML\n$/);
    const json = JSON.parse(runCli(['lineage', 'broken_sql', '--project-dir', dir, '--output-json']).stdout);
    expect(json).toMatchObject({ node: 'broken_sql', columns: [], unresolved: expect.stringContaining('models/marts/broken_sql.sql: the rendered SQL does not parse') });
    // a column of it: refused in one line with the same reason, not "has no column 'x'"
    const col = runCli(['lineage', 'broken_sql.order_id', '--project-dir', dir]);
    expect([col.code, col.stdout]).toEqual([1, '']);
    expect(col.stderr).toMatch(/^modeler: broken_sql has no known columns: models\/marts\/broken_sql\.sql: the rendered SQL does not parse: [^\n]*fix the SQL, or declare its columns in YAML\n$/);
    // a model that reads is listed as before
    expect(runCli(['lineage', 'orders', '--project-dir', dir]).stdout).not.toContain('no known columns');
    expect(changed(before, tree(dir)).filter((f) => !f.startsWith('.modeler/'))).toEqual([]);
  });

  it('answers for a model whose column names a macro makes that does not render (a modules.re pattern that backtracks without end), and says so for a column it cannot name', () => {
    const odd = join(tempDir('modeler-lineage-re-'), 'project');
    cpSync(dir, odd, { recursive: true });
    writeFileSync(join(odd, 'models', 'marts', 'named_by_re.sql'), `select order_id, 1 as {{ modules.re.sub('(a+)+b', 'x', '${'a'.repeat(40)}') }}, {{ modules }} as m from {{ ref('orders') }}\n`);
    const node = runCli(['lineage', 'named_by_re', '--project-dir', odd, '--output-json']);
    expect(node.code).toBe(0);
    expect(JSON.parse(node.stdout).columns.map((c: { column: string }) => c.column)).toEqual(['named_by_re.order_id', 'named_by_re.m']);
    // the listing says that it is not all: the name of another column is not known, and why
    expect(JSON.parse(node.stdout).partial).toBe('models/marts/named_by_re.sql: a column whose name is made by a macro that is not rendered');
    expect(runCli(['lineage', 'named_by_re', '--project-dir', odd]).stdout.split('\n')[1]).toBe('├─ other columns not known: models/marts/named_by_re.sql: a column whose name is made by a macro that is not rendered');
    expect(JSON.parse(runCli(['lineage', 'orders', '--project-dir', odd, '--output-json']).stdout).partial).toBeUndefined();
    const col = runCli(['lineage', 'named_by_re.nothing_here', '--project-dir', odd]);
    expect([col.code, col.stdout]).toEqual([1, '']);
    expect(col.stderr).toBe("modeler: named_by_re has no column 'nothing_here' among the columns known; the names of others are not: a column whose name is made by a macro that is not rendered\n");
    // a model without such columns: the plain refusal
    expect(runCli(['lineage', 'orders.x', '--project-dir', odd]).stderr).toBe("modeler: orders has no column 'x'\n");
  });

  it('says which macro hid a column, and to run dbt deps when its package is listed but not installed', () => {
    const odd = join(tempDir('modeler-lineage-deps-'), 'project');
    cpSync(dir, odd, { recursive: true });
    writeFileSync(join(odd, 'packages.yml'), 'packages:\n  - package: fivetran/fivetran_utils\n    version: [">=0.4.0", "<0.5.0"]\n');
    writeFileSync(join(odd, 'models', 'marts', 'staged.sql'), [
      'with base as (select * from {{ ref(\'orders\') }}),',
      'fields as (',
      '  select',
      '    {{ fivetran_utils.fill_staging_columns(source_columns=adapter.get_columns_in_relation(ref(\'orders\')), staging_columns=[]) }}',
      '  from base',
      ')',
      'select order_id as id from fields',
      '',
    ].join('\n'));
    const r = runCli(['lineage', 'staged.id', '--project-dir', odd, '--output-json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.upstream).toEqual([]);
    expect(json.unresolved.map((u: { reason: string }) => u.reason)).toEqual([expect.stringMatching(/^line 4: fivetran_utils\.fill_staging_columns\(.*\) is not rendered: package fivetran_utils is not installed \(packages\.yml lists it; run `dbt deps`\)$/)]);
  });

  it('names a property file that does not read, on stderr, and still answers from the rest', () => {
    const broken = join(tempDir('modeler-lineage-yaml-'), 'project');
    cpSync(dir, broken, { recursive: true });
    writeFileSync(join(broken, 'models', 'marts', 'broken.yml'), 'version: 2\nmodels:\n  - name: orders\n    columns: [\n');
    const r = runCli(['lineage', 'orders.status', '--project-dir', broken]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^orders\.status\nupstream\n/);
    expect(r.stderr).toBe(`modeler: warning: 1 problem(s) reading project files, so what those files declare is missing from this lineage: models/marts/broken.yml:5:1 unexpected end of the stream within a flow collection. Fix them ('modeler summary --project-dir ${broken}' lists them all) and re-run.\n`);
    // --output-json keeps stdout JSON; the note stays on stderr
    const j = runCli(['lineage', '--impact', 'orders.status', '--project-dir', broken, '--output-json']);
    expect(JSON.parse(j.stdout).column).toBe('orders.status');
    expect(j.stderr).toContain('models/marts/broken.yml:5:1');
    // a project that reads cleanly: nothing on stderr
    expect(runCli(['lineage', 'orders.status', '--project-dir', dir]).stderr).toBe('');
    // run from the folder above it, the command to run names the folder as typed from there
    const from = runCli(['lineage', 'orders.status', '--project-dir', 'project'], { cwd: join(broken, '..') });
    expect(from.stderr).toContain("('modeler summary --project-dir project' lists them all)");
  });

  it('says in one short line that dbt parse would refuse a project whose ref()s name missing models, not that files did not read', () => {
    // dagster-open-platform's 15 ref()s of models outside its public mirror printed 1,500 characters
    // ("problem(s) reading project files, so what those files declare is missing") before every answer
    const refusing = join(tempDir('modeler-lineage-ref-'), 'project');
    cpSync(dir, refusing, { recursive: true });
    for (const m of ['a', 'b']) writeFileSync(join(refusing, 'models', 'marts', `needs_${m}.sql`), `select 1 as id\nfrom {{ ref('not_here_${m}') }}\n`);
    const r = runCli(['lineage', 'orders.status', '--project-dir', refusing]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^orders\.status\nupstream\n/);
    expect(r.stderr).toMatch(/^modeler: warning: dbt parse would refuse this project \(2 ref\(\)s of nodes the project does not have; the first at models\/marts\/needs_[ab]\.sql:2\): this lineage reads its files as they are, without what those calls name \('modeler summary --project-dir ([^']+)' lists them all\)\.\n$/);
    // the folder the user gave, ready to run, not a placeholder (a temp folder is outside the working directory: absolute)
    expect(r.stderr.match(/--project-dir ([^']+)'/)?.[1]).toBe(refusing);
  });

  it('says a Python model is one, not that it has no SQL file', () => {
    // pilotage-inclusion's suivi_etp_conventionnes_v2.py: "dbt/models/marts/suivi_etp_conventionnes_v2.py: the model has no SQL file"
    const py = join(tempDir('modeler-lineage-py-'), 'project');
    cpSync(dir, py, { recursive: true });
    writeFileSync(join(py, 'models', 'marts', 'py_scores.py'), 'def model(dbt, session):\n    return dbt.ref("orders")\n');
    writeFileSync(join(py, 'models', 'marts', '_py.yml'), 'version: 2\nmodels:\n  - name: py_scores\n    columns:\n      - name: score\n');
    const r = runCli(['lineage', 'py_scores', '--project-dir', py]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('score ← unresolved: a Python model: Python code makes its columns, and only SQL is read here');
    expect(r.stdout).not.toContain('no SQL file');
  });

  it('reads a column quoted as SQL quotes it, and refuses a node with nothing after the dot in one line', () => {
    for (const a of ['"orders"."customer_id"', 'orders.`CUSTOMER_ID`', '[orders].[customer_id]']) {
      const r = runCli(['lineage', a, '--project-dir', dir, '--output-json']);
      expect([r.code, JSON.parse(r.stdout).column], a).toEqual([0, 'orders.customer_id']);
    }
    expect(JSON.parse(runCli(['lineage', '"shop"."orders"."user_id"', '--project-dir', dir, '--output-json']).stdout).column).toBe('shop.orders.user_id');
    // a stray quote is refused as typed, with the nearest name
    expect(runCli(['lineage', 'orders."customer_id', '--project-dir', dir]).stderr).toBe("modeler: orders has no column '\"customer_id' (did you mean 'customer_id'?)\n");
    const dot = runCli(['lineage', 'orders.', '--project-dir', dir]);
    expect([dot.code, dot.stderr]).toEqual([1, "modeler: give a column after the dot: 'orders.' names no column; e.g. orders.order_id\n"]);
  });

  // dental-clinic: 'modeler lineage ../../etc/passwd' said "no node '../.' in the project", a name nobody typed
  it('refuses a path, or a name with an empty part, as what was typed and why', () => {
    for (const [a, why] of [['../../etc/passwd', 'a path'], ['models/marts/orders.sql', 'a path'], ['orders..customer_id', 'an empty name between two dots'], ['.customer_id', 'an empty name before a dot']]) {
      const r = runCli(['lineage', a, '--project-dir', dir]);
      expect(r.code, a).toBe(1);
      const example = /^modeler: '(.*)' is not NODE\.COLUMN \((.*)\): give a model, source or seed and one of its columns, e\.g\. (\w+\.\w+)\n$/.exec(r.stderr);
      expect(example?.slice(1, 3), r.stderr).toEqual([a, why]);
      // the example is one of the project's own columns
      expect(runCli(['lineage', example![3], '--project-dir', dir]).code).toBe(0);
    }
  });

  it('says a node is disabled, where its enabled config is and how to enable it, instead of that the project has no such node', () => {
    const odd = join(tempDir('modeler-lineage-off-'), 'project');
    cpSync(dir, odd, { recursive: true });
    writeFileSync(join(odd, 'models', 'marts', 'off_model.sql'), "{{ config(enabled=var('use_off', false)) }}\nselect order_id from {{ ref('orders') }}\n");
    for (const address of ['off_model.order_id', 'off_model']) {
      const r = runCli(['lineage', address, '--project-dir', odd]);
      expect([r.code, r.stdout]).toEqual([1, '']);
      expect(r.stderr).toBe("modeler: 'off_model' is disabled (its enabled config at models/marts/off_model.sql:1), so dbt does not build it and it has no lineage; enable it (e.g. the var that config reads, with --vars) and re-run\n");
    }
    // enabled by the var: its lineage, as any model's
    const on = runCli(['lineage', 'off_model.order_id', '--project-dir', odd, '--vars', '{use_off: true}']);
    expect([on.code, on.stdout.split('\n')[0]]).toEqual([0, 'off_model.order_id']);
    // a name no node has, enabled or not: the plain refusal
    expect(runCli(['lineage', 'no_such.x', '--project-dir', odd]).stderr).toMatch(/^modeler: no node 'no_such' in the project/);
  });

  it('finds a column whose name holds a dot, quoted or not, and still reads a source as source.table.column', () => {
    const odd = join(tempDir('modeler-lineage-dot-'), 'project');
    cpSync(dir, odd, { recursive: true });
    writeFileSync(join(odd, 'models', 'marts', 'dotted.sql'), 'select order_id as "payload.id", order_id from {{ ref(\'orders\') }}\n');
    for (const address of ['dotted."payload.id"', '"dotted"."payload.id"', '"dotted".payload.id', 'dotted.payload.id']) {
      const r = runCli(['lineage', address, '--project-dir', odd, '--output-json']);
      expect([r.code, r.stderr], address).toEqual([0, '']);
      expect(JSON.parse(r.stdout), address).toMatchObject({ column: 'dotted.payload.id', upstream: [{ node: 'orders', column: 'order_id', kind: 'rename' }] });
    }
    expect(JSON.parse(runCli(['lineage', 'shop.orders.user_id', '--project-dir', odd, '--output-json']).stdout).column).toBe('shop.orders.user_id');
    expect(runCli(['lineage', 'dotted.payload.nope', '--project-dir', odd]).stderr).toBe("modeler: no node 'dotted.payload' in the project (did you mean 'dotted'?)\n");
  });
});
