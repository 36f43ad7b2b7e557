// `modeler mcp`: serve the project's read-only tools to coding agents over stdio (MCP).
import type { Command } from 'commander';
import { AssistantSession, startMcpServer } from '../../api/assistant.js';
import { initSqlColumns } from '../../api/project.js';
import { toolVersion } from '../../api/base.js';
import { action } from '../io.js';
import { projectOptions, projectRef, type ProjectFlags } from '../project-options.js';

export function registerMcp(program: Command): void {
  projectOptions(program.command('mcp')
    .description('serve read-only project tools (search, explain, validate, mesh, readiness, agents, proposal validation) over stdio with the Model Context Protocol'))
    .addHelpText('after', '\nStdout carries the protocol only. Nothing is written to the project.\nExample (editor config): {"command": "modeler", "args": ["mcp", "--project-dir", "."]}')
    .action(action(async (opts: ProjectFlags) => {
      const ref = projectRef(opts);
      await initSqlColumns(); // the index lists the columns models' SQL returns
      const session = AssistantSession.open(ref.dir, ref.read, { useSnapshot: true });
      const server = await startMcpServer(session, { version: toolVersion() });
      await new Promise<void>((resolve) => { server.server.onclose = () => resolve(); process.stdin.on('end', () => resolve()); });
      return 0;
    }));
}
