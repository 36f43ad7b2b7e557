// What the server relies on to stay current cheaply: after files change, reloadFiles (which reuses
// the parse of every other file, the model nodes built from them and their readiness checks)
// gives exactly the project, the validation and the readiness a fresh read gives.
import { describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadProject, readinessGate, validationCounts, type Project } from '../../src/api.js';
import { generateProject } from '../../bench/lib/synthetic-project.mjs';
import { EXAMPLE, tempDir } from '../helpers/cli.js';

function view(p: Project) {
  const nodes = (ns: unknown[]) => JSON.parse(JSON.stringify(ns));
  return {
    models: nodes(p.models), sources: nodes(p.sources), disabled: nodes(p.disabled), packageNodes: nodes(p.packageNodes),
    diagnostics: JSON.parse(JSON.stringify(p.diagnostics)), docs: [...p.docs.values()], files: [...p.files].sort(),
    modelByName: [...p.modelByName.keys()].sort(), modelerFiles: p.modelerFiles.map((m) => m.file),
  };
}

function same(p: Project, root: string) {
  const fresh = loadProject(root);
  expect(view(p)).toEqual(view(fresh));
  expect(validationCounts(p)).toEqual(validationCounts(fresh));
  const strip = (r: ReturnType<typeof readinessGate>) => ({ ...r, sarif: undefined, prComment: undefined });
  expect(strip(readinessGate({ project: root, loaded: p, artifacts: false }))).toEqual(strip(readinessGate({ project: root, loaded: fresh, artifacts: false })));
}

describe('reloadFiles equals a fresh read', () => {
  it('in the example project, through YAML, SQL, doc-block, model-file and delete edits', () => {
    const root = join(tempDir('modeler-incr-'), 'p');
    cpSync(EXAMPLE, root, { recursive: true });
    const p = loadProject(root);
    readinessGate({ project: root, loaded: p, artifacts: false }); // fill the per-node caches
    const edit = (rel: string, f: (t: string) => string) => { writeFileSync(join(root, rel), f(readFileSync(join(root, rel), 'utf8'))); p.reloadFiles([rel]); same(p, root); };
    edit('models/marts/_marts.yml', (t) => t.replace('Customer\'s first name.', 'First name, edited.').replace('data_tests: [unique, not_null]', 'data_tests: [unique]'));
    edit('models/marts/orders.sql', (t) => `{{ config(materialized='view') }}\n${t}`);
    edit('models/docs/_docs.md', (t) => t.replace('{% docs order_id %}', '{% docs order_id_renamed %}'));
    edit('models/staging/shop/_shop__models.yml', (t) => t.replace('name: stg_shop__orders', 'name: stg_shop__orders_gone'));
    writeFileSync(join(root, 'models/marts/m_new.sql'), 'select 1 as id\n');
    mkdirSync(join(root, 'Modeler/logical'), { recursive: true });
    writeFileSync(join(root, 'Modeler/logical/x.model.yaml'), 'model: {name: x, version: 1.0.0}\nentities:\n  - name: X\n    columns: [{name: id, data_type: integer}]\n');
    p.reloadFiles(['models/marts/m_new.sql', 'Modeler/logical/x.model.yaml']);
    same(p, root);
    rmSync(join(root, 'models/marts/customers.sql'));
    p.reloadFile('models/marts/customers.sql');
    same(p, root);
    edit('dbt_project.yml', (t) => `${t}\nmodels:\n  jaffle_shop:\n    marts:\n      +materialized: table\n`);
  });

  it('in a synthetic project with a manifest, after the manifest itself changes too', () => {
    const root = join(tempDir('modeler-incr-'), 'synthetic');
    generateProject(root, { models: 300 });
    const p = loadProject(root);
    readinessGate({ project: root, loaded: p, artifacts: false });
    const yml = 'models/marts/_models_5.yml';
    writeFileSync(join(root, yml), readFileSync(join(root, yml), 'utf8').replace(/data_type: integer/, 'data_type: unknown'));
    p.reloadFiles([yml]);
    same(p, root);
    const manifest = JSON.parse(readFileSync(join(root, 'target/manifest.json'), 'utf8'));
    delete manifest.nodes[Object.keys(manifest.nodes)[0]];
    manifest.nodes['model.other_pkg.pkg_model'] = { unique_id: 'model.other_pkg.pkg_model', resource_type: 'model', name: 'pkg_model', package_name: 'other_pkg', columns: {}, depends_on: { nodes: [] } };
    writeFileSync(join(root, 'target/manifest.json'), JSON.stringify(manifest));
    p.reloadFiles(['target/manifest.json']);
    same(p, root);
    appendFileSync(join(root, 'models/_docs.md'), '\n{% docs brand_new %}\nNew.\n{% enddocs %}\n');
    p.reloadFiles(['models/_docs.md']);
    same(p, root);
  });
});
