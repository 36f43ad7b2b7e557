// The Local provider's answers, measured: the share of the answer set (test/fixtures/answers/)
// whose lead (first 400 characters) states every expected fact and does not open with a card,
// on the example and each fetched project present; then answer time (retrieval + the Local
// answer, nothing written) on the synthetic 10,000-model project, p50/p95.
// Usage: npm run build && node bench/assistant-answers.mjs [N]   (default 10000). Target p95 < 300 ms.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initSqlColumns, loadProject } from '../dist/api.js';
import { scoreAnswers } from '../dist/assistant/evaluate-answers.js';
import { ProjectIndex } from '../dist/assistant/index/project-index.js';
import { fetchedProject, fetchedSkipReason } from './lib/fetched-projects.mjs';
import { generateProject } from './lib/synthetic-project.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
await initSqlColumns();

const set = JSON.parse(readFileSync(join(REPO, 'test', 'fixtures', 'answers', 'answers.json'), 'utf8'));
let n = 0, ok = 0, cards = 0;
console.log('answer set (a lead states every expected fact in its first 400 characters, and is not a card)');
for (const [key, where] of Object.entries(set.projects)) {
  const qs = set.questions.filter((q) => q.project === key);
  let dir, vars;
  if (where.example) dir = join(REPO, 'examples', where.example);
  else {
    const why = fetchedSkipReason(where.fetched);
    if (why) { console.log(`  ${key.padEnd(16)} skipped: ${why}`); continue; }
    ({ dir, project: { vars } } = fetchedProject(where.fetched));
  }
  const p = loadProject(dir, vars ? { vars } : {});
  const scores = scoreAnswers(p, new ProjectIndex(p).build(), qs);
  const good = scores.filter((s) => s.ok).length;
  n += scores.length; ok += good; cards += scores.filter((s) => s.leadsWithCard).length;
  console.log(`  ${key.padEnd(16)} ${good}/${scores.length}`);
  for (const s of scores.filter((x) => !x.ok)) console.log(`    miss ${s.id}: ${JSON.stringify(s.missing)}${s.leadsWithCard ? ' (leads with a card)' : ''}`);
}
console.log(`  ${'all'.padEnd(16)} ${ok}/${n} = ${((100 * ok) / n).toFixed(1)} %; leading with a card: ${cards}`);

// --- answer time on the synthetic project --------------------------------------------------
const N = Number(process.argv[2] ?? 10000);
const dir = join(tmpdir(), `modeler-bench-answers-${N}`);
generateProject(dir, { models: N });
const project = loadProject(dir);
const index = new ProjectIndex(project).build();
const ms_ = project.models;
const pick = (i) => ms_[(i * 7919) % ms_.length].name;
const marts = ms_.filter((m) => !m.name.startsWith('stg_'));
const qs = [];
for (let i = 0; i < 10; i++) {
  const a = pick(i), b = pick(i + 100), m = marts[(i * 31) % marts.length].name;
  qs.push(`what is the grain of ${a}?`, `which models feed ${m}?`, `what depends on ${a}?`, `who owns ${m}?`, `how is ${a} materialized?`,
    `what tests does ${m} have?`, `which columns of ${a} are sensitive?`, `what is the difference between ${a} and ${b}?`,
    `where does ${m}.attr_3 come from?`, `what columns does ${m} return?`, `how do I make ${m} an Interface?`, `which columns of ${a} have no description?`);
}
const questions = qs.map((q, i) => ({ id: String(i), project: 'synthetic', q, facts: [] }));
scoreAnswers(project, index, questions.slice(0, 5)); // warm up
const times = [];
for (let round = 0; round < 2; round++) for (const s of scoreAnswers(project, index, questions)) times.push(s.ms);
console.log(`\nsynthetic project N=${N}: ${times.length} answers (retrieval + Local answer) p50=${ms(pct(times, 50))} p95=${ms(pct(times, 95))} max=${ms(Math.max(...times))}   target p95 < 300 ms`);
