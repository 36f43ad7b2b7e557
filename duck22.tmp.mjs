import { DuckDBInstance } from '@duckdb/node-api';
const inst = await DuckDBInstance.create(':memory:'); const con = await inst.connect();
const run = async (s) => { try { await con.run(s); console.log('ok  ', s); } catch (e) { console.log('FAIL', s, '→', e.message); } };
for (const s of process.argv.slice(2)) await run(s);
