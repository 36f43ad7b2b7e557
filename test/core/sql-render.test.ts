// The SQL renderer: a model's Jinja rendered as `dbt compile` would where that needs no
// warehouse; what needs one, or is not known, becomes a marked placeholder, never a guess.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { readMacroLibrary } from '../../src/core/sql-render/macros.js';
import { renderModelSql, type RenderInput } from '../../src/core/sql-render/render.js';

function project(files: Record<string, string>): string {
  const dir = tempDir('modeler-render-');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

function render(sql: string, opts: { files?: Record<string, string>; vars?: Record<string, unknown>; target?: RenderInput['target']; columns?: Record<string, string[]>; config?: Record<string, unknown> } = {}) {
  const dir = project({ 'dbt_project.yml': 'name: shop\n', ...(opts.files ?? {}) });
  const lib = readMacroLibrary(dir, 'shop', ['macros'], 'dbt_packages');
  return renderModelSql(sql, {
    lib, package: 'shop', target: opts.target,
    variable: (n) => (opts.vars && n in opts.vars ? { found: true, value: opts.vars[n] } : { found: false }),
    env: (n) => (n === 'SCHEMA_SUFFIX' ? '_dev' : undefined),
    resolve: (kind, args) => ({ node: `${kind === 'ref' ? 'model' : 'source'}.shop.${args.join('.')}`, name: args[args.length - 1] }),
    self: { node: 'model.shop.me', name: 'me' }, config: opts.config ?? {},
    columnsOf: (id) => opts.columns?.[id]?.map((name) => ({ name })),
  });
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('rendering a model as dbt compile would', () => {
  it('renders ref, source, var, env_var, config and is_incremental', () => {
    const r = render(`{{ config(materialized='incremental') }}
select o.id, '{{ var("region", "eu") }}{{ env_var("SCHEMA_SUFFIX", "") }}' as region
from {{ ref('stg_orders') }} o join {{ source('shop', 'raw_customers') }} c on o.cid = c.id
{% if is_incremental() %} where o.updated_at > (select max(updated_at) from {{ this }}) {% endif %}`, { vars: { region: 'us' } });
    expect(r.error).toBeUndefined();
    expect(r.placeholders).toEqual([]);
    expect(squash(r.sql)).toBe("select o.id, 'us_dev' as region from __rel_2.stg_orders o join __rel_3.raw_customers c on o.cid = c.id");
    expect([...r.relations.values()].map((x) => [x.kind, x.node])).toEqual([['this', 'model.shop.me'], ['ref', 'model.shop.stg_orders'], ['source', 'source.shop.shop.raw_customers']]);
  });

  it('runs set, for (with loop), if/elif/else and whitespace control', () => {
    const r = render(`{%- set cols = ['a', 'b', 'c'] -%}
select {% for c in cols %}{{ c }}{% if not loop.last %}, {% endif %}{% endfor %},
{% if var('x') == 1 %}1{% elif var('x') == 2 %}2{% else %}3{% endif %} as x
{%- set ns = namespace(n=0) %}{% for c in cols %}{% set ns.n = ns.n + 1 %}{% endfor %}, {{ ns.n }} as n
from t`, { vars: { x: 2 } });
    expect(squash(r.sql)).toBe('select a, b, c, 2 as x, 3 as n from t');
  });

  it("renders the project's macros, dispatched to the target's adapter", () => {
    const files = { 'macros/money.sql': `{% macro cents_to_dollars(col) %}{{ return(adapter.dispatch('cents_to_dollars')(col)) }}{% endmacro %}
{% macro default__cents_to_dollars(col) -%} ({{ col }} / 100)::numeric(16, 2) {%- endmacro %}
{% macro postgres__cents_to_dollars(col) -%} ({{ col }}::numeric(16, 2) / 100) {%- endmacro %}` };
    const sql = `select {{ cents_to_dollars('amount') }} as amount from t`;
    expect(squash(render(sql, { files, target: { type: 'duckdb' } }).sql)).toBe('select (amount / 100)::numeric(16, 2) as amount from t');
    expect(squash(render(sql, { files, target: { type: 'postgres' } }).sql)).toBe('select (amount::numeric(16, 2) / 100) as amount from t');
    // no target: the adapter cannot be chosen, so the call is a marked placeholder, not a guess
    const unknown = render(sql, { files });
    expect(squash(unknown.sql)).toBe('select __modeler_unrendered_1__ as amount from t');
    expect(unknown.placeholders[0]).toMatchObject({ src: "cents_to_dollars('amount')", line: 1 });
    expect(unknown.placeholders[0].reason).toMatch(/version per adapter/);
  });

  it("renders a package's macros (namespaced), including ones that read a relation's columns", () => {
    const files = {
      'dbt_packages/utils/dbt_project.yml': 'name: dbt_utils\n',
      'dbt_packages/utils/macros/star.sql': `{% macro star(from, except=[]) -%}
{%- set cols = adapter.get_columns_in_relation(from) -%}
{%- for col in cols if col.column|lower not in except -%}{{ adapter.quote(col.column) }}{{ ", " if not loop.last }}{%- endfor -%}
{%- endmacro %}`,
    };
    const r = render(`select {{ dbt_utils.star(from=ref('stg'), except=['b']) }} from {{ ref('stg') }}`, { files, columns: { 'model.shop.stg': ['a', 'b', 'c'] } });
    expect(squash(r.sql)).toBe('select "a", "c" from __rel_2.stg');
    // the upstream's columns unknown: the loop cannot run, so it is a placeholder
    const u = render(`select {{ dbt_utils.star(from=ref('stg')) }} from {{ ref('stg') }}`, { files });
    expect(squash(u.sql)).toBe('select __modeler_unrendered_1__ from __rel_2.stg');
  });

  it('leaves unknown macros, dbt\'s own adapter macros not written here and warehouse calls as placeholders', () => {
    const r = render(`select {{ my_pkg.mystery('x') }} as a, {{ dbt.listagg('x') }} as d,
{% set rows = run_query('select 1') %}{{ rows }} as r from t`);
    expect(r.placeholders.map((p) => p.id)).toEqual(['__modeler_unrendered_1__', '__modeler_unrendered_2__', '__modeler_unrendered_3__']);
    expect(r.placeholders[1].reason).toMatch(/dbt's own macros/);
    expect(squash(r.sql)).toBe('select __modeler_unrendered_1__ as a, __modeler_unrendered_2__ as d, __modeler_unrendered_3__ as r from t');
  });

  it('renders dbt\'s common cross-database macros (as packages call them), in the target\'s SQL', () => {
    const sql = `select {{ dbt.hash(dbt.concat(['a', "'-'", 'b'])) }} as k, {{ dbt.date_trunc('day', 'ts') }} as d, {{ dateadd('day', 1, 'ts') }} as n, cast(x as {{ dbt.type_string() }}) as s from t`;
    expect(squash(render(sql, { target: { type: 'snowflake' } }).sql)).toBe("select md5(cast(concat(a, '-', b) as VARCHAR)) as k, date_trunc('day', ts) as d, dateadd(day, 1, ts) as n, cast(x as VARCHAR) as s from t");
    expect(squash(render(sql, { target: { type: 'duckdb' } }).sql)).toBe("select md5(cast(concat(a, '-', b) as VARCHAR)) as k, date_trunc('day', ts) as d, (ts + ((interval '1 day') * (1))) as n, cast(x as VARCHAR) as s from t");
    expect(squash(render(sql, { target: { type: 'bigquery' } }).sql)).toMatch(/^select to_hex\(md5\(cast\(concat\(a, '-', b\) as STRING\)\)\) as k, timestamp_trunc\(cast\(ts as timestamp\), day\) as d, /);
  });

  it('asks which way an undecidable condition goes, or leaves the block a placeholder', () => {
    const sql = `select a{% if target.name == 'prod' %}, b{% endif %} from t`;
    expect(squash(render(sql).sql)).toBe('select a__modeler_unrendered_1__ from t');
    expect(squash(render(sql, { target: { name: 'prod' } }).sql)).toBe('select a, b from t');
    expect(squash(render(sql, { target: { name: 'dev' } }).sql)).toBe('select a from t');
  });

  it('renders a var whose value is Jinja where it is used (Fivetran packages)', () => {
    const r = render(`select * from {{ var('comment') }}`, { vars: { comment: "{{ source('jira', 'comment') }}" } });
    expect(squash(r.sql)).toBe('select * from __rel_2.comment');
  });

  it("a key missing from a dict the template wrote is Jinja's Undefined (default, not), one missing from the context is not known", () => {
    // salesforce_source's column lists: `col.renamed_column_name | default(...)`, `if not col.is_rename`
    const r = render(`{% set col = {"name": "account_number"} %}{% set d = {} %}{% do d.update({col.name: col}) if not col.is_rename %}`
      + `select {{ col.renamed_column_name | default(col.name.split('_') | map('capitalize') | join('')) }}, {{ d['account_number'].name }}, {{ d['other'] | default('none_here') }}`);
    expect(squash(r.sql)).toBe('select AccountNumber, account_number, none_here');
    expect(r.placeholders).toEqual([]);
    const t = render('select {{ target.account }}', { target: { name: 'dev', type: 'snowflake' } });
    expect(t.placeholders).toHaveLength(1);
  });

  it('never reaches JavaScript through attributes, and stops runaway templates', () => {
    const r = render(`select {{ ''.constructor.constructor('return process')() }} as x, {{ [].__proto__ }} as y from t`);
    expect(squash(r.sql)).toBe('select __modeler_unrendered_1__ as x, __modeler_unrendered_2__ as y from t');
    const loop = render(`{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}select {{ f(1) }} as z`);
    expect(squash(loop.sql)).toMatch(/^select .* as z$/);
    const big = render(`{% for i in range(5000) %}{% for j in range(100) %}x{% endfor %}{% endfor %}`);
    expect(big.error?.message ?? '').toMatch(/too many steps/);
  });

  it("a macro named like an Object member (constructor, valueOf) is unknown as any other name, not Object's own", () => {
    const r = render(`select {{ constructor('x') }} as a, {{ valueOf() }} as b, {{ hasOwnProperty('x') }} as c, {{ foo('x') }} as d from t`);
    expect(r.error).toBeUndefined();
    expect(squash(r.sql)).toBe('select __modeler_unrendered_1__ as a, __modeler_unrendered_2__ as b, __modeler_unrendered_3__ as c, __modeler_unrendered_4__ as d from t');
    expect(r.placeholders.map((p) => p.reason)).toEqual(['constructor', 'valueOf', 'hasOwnProperty', 'foo'].map((n) => `'${n}' is not known when reading the project`));
  });

  it('marks a function or module printed instead of called (Python prints its repr), never a crash', () => {
    const r = render(`{% macro m() %}x{% endmacro %}select {{ modules }} as a, {{ m }} as b, {{ [modules.re.sub] }} as c, {{ 'x' ~ ref }} as d from t`);
    expect(squash(r.sql)).toBe('select __modeler_unrendered_1__ as a, __modeler_unrendered_2__ as b, __modeler_unrendered_3__ as c, __modeler_unrendered_4__ as d from t');
    expect(r.placeholders.slice(0, 3).map((p) => p.reason)).toEqual(Array(3).fill('a function or module is printed, not called'));
  });

  it("stops a modules.re pattern that backtracks without end, and strings made too long, leaving them unknown", () => {
    // (a+)+$ on a run of a's that fails at its end: exponential in the run's length, in Python as here
    const r = render(`select {{ modules.re.match('(a+)+$', '${'a'.repeat(40)}!') }} as x, {{ modules.re.sub('[ -]+', '_', 'a - b') }} as y from t`);
    expect(squash(r.sql)).toBe('select __modeler_unrendered_1__ as x, a_b as y from t');
    expect(r.placeholders[0].reason).toMatch(/modules\.re: the pattern .* takes too long/);
    // one quantifier over an alternation of the same letter backtracks as badly
    expect(render(`select {{ modules.re.match('(a|a)*b', '${'a'.repeat(40)}') }} as z`).placeholders[0].reason).toMatch(/takes too long/);
    // in a loop: stopped once, then known to run away (200 turns of 500 ms would hold the read for minutes)
    const loop = render(`{% for i in range(200) %}{% if modules.re.match('(a+)+$', '${'a'.repeat(41)}!') %}x{% endif %}{% endfor %}select 1 as n`);
    expect(loop.placeholders).toHaveLength(200);
    expect(squash(loop.sql)).toMatch(/select 1 as n$/);
    // a string doubled in a loop stops at the length modeler matches, not at the heap's end
    const grown = render(`{% set ns = namespace(s='a') %}{% for i in range(40) %}{% set ns.s = modules.re.sub('a', 'aa', ns.s) %}{% endfor %}select {{ ns.s | length }} as n`);
    expect(squash(grown.sql)).toBe('select __modeler_unrendered_1__ as n');
    expect(grown.placeholders[0].reason).toMatch(/longer than modeler matches/);
  });

  it('leaves unknown what modules.re would read otherwise than Python does, never a guess', () => {
    const r = render(`select {{ modules.re.sub('\\\\w+', 'x', 'café') }} as a, {{ modules.re.sub('a$', 'b', 'a\\n') }} as b,`
      + ` {{ modules.re.sub('(a)', '\\\\2', 'a') }} as c, {{ modules.re.sub('a', '\\\\0', 'a') }} as d, {{ modules.re.match('a', 'a').group(1) }} as e,`
      + ` {{ modules.re.sub('a', 'b', 'a', flags=2.5) }} as f, {{ modules.re.sub('\\\\w+', 'x', 'cafe') }} as g, {{ modules.re.sub('(a)', '<\\\\1>', 'a') }} as h,`
      + ` {{ modules.re.split('x*', 'axb') | join('_') }} as i, {{ modules.re.split('(x)|_', 'a_b') | join('_') }} as j from t`);
    // Python: \w is every script's letters (x), $ matches before a final newline (b\n), \2 of one group is an error,
    // \0 a NUL, group(1) of a pattern without groups an IndexError, flags a float a TypeError, split at an empty match
    // ('', 'a', '', 'b', '') and a group that takes no part None
    expect(squash(r.sql)).toBe(`select ${[1, 2, 3, 4, 5, 6].map((n) => `__modeler_unrendered_${n}__ as ${'abcdef'[n - 1]}`).join(', ')}, x as g, <a> as h, __modeler_unrendered_7__ as i, a_None_b as j from t`);
  });

  it('leaves unknown a string or list a loop doubles past what is read, instead of V8 aborting the process', () => {
    for (const grow of ["ns.s + ns.s", "ns.s ~ ns.s", "ns.s.replace('a', 'aa')", "ns.s | replace('a', 'aa')"]) {
      const start = grow.startsWith('ns.s +') ? "['a']" : "'a'";
      const r = render(`{% set ns = namespace(s=${start}) %}{% for i in range(40) %}{% set ns.s = ${grow} %}{% endfor %}select {{ ns.s | length }} as n`);
      expect(squash(r.sql), grow).toBe('select __modeler_unrendered_1__ as n');
    }
    // replace as Python's str.replace: an empty old string is found before every character and at the end
    expect(squash(render(`select '{{ 'ab' | replace('', '.') }}{{ 'a-b'.replace('-', '_') }}{{ ''.replace('', '.') }}' as x`).sql)).toBe("select '.a.b.a_b.' as x");
  });

  it('reports a malformed template with its line', () => {
    const r = render('select 1\nfrom t\n{% if x %} a');
    expect(r.error).toMatchObject({ line: 3 });
  });
});
