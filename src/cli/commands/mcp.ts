// `modeler mcp`: serve the project's read-only tools to coding agents over stdio (MCP).
import type { Command } from 'commander';
import { AssistantSession, openProjectIndex, startMcpServer } from '../../api/assistant.js';
import { initSqlColumns, loadProject } from '../../api/project.js';
import { toolVersion } from '../../api/base.js';
import { action, err } from '../io.js';
import { projectOptions, projectRef, type ProjectFlags } from '../project-options.js';

export function registerMcp(program: Command): void {
  projectOptions(program.command('mcp')
    .description('serve read-only project tools (search, explain, validate, mesh, readiness, agents, proposal validation) over stdio with the Model Context Protocol'))
    .addHelpText('after', '\nStdout carries the protocol only. No project file is written (the SQL parser\'s shapes are kept in .modeler/cache/, as\n' +
      'every command that reads columns keeps them); the assistant\'s index is the one `modeler ask` keeps in the user\'s\n' +
      'cache directory.\nExample (editor config): {"command": "modeler", "args": ["mcp", "--project-dir", "."]}')
    .action(action(async (opts: ProjectFlags) => {
      const ref = projectRef(opts);
      await initSqlColumns(); // the index lists the columns models' SQL returns
      // the index the CLI keeps (built, and kept, when it is missing or out of date); the tools need the project read too
      const opened = openProjectIndex(ref.dir, { read: ref.read, progress: (line) => err(line) });
      const session = new AssistantSession(opened.project ?? loadProject(ref.dir, ref.read), { index: opened.index });
      const server = await startMcpServer(session, { version: toolVersion() });
      await new Promise<void>((resolve) => { server.server.onclose = () => resolve(); process.stdin.on('end', () => resolve()); });
      return 0;
    }));
}
