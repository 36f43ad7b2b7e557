// The page at / until the web UI is built into dist/web.
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function placeholderPage(project: string, id: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>modeler — ${esc(project)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:0 .3em}</style></head>
<body><h1>modeler is serving ${esc(project)}</h1>
<p>The web UI is not built in this installation, so there is nothing to show here yet. The local API is running:</p>
<ul>
<li><a href="/api/health">/api/health</a></li>
<li><a href="/api/projects">/api/projects</a> (project id <code>${esc(id)}</code>)</li>
<li><a href="/api/projects/${esc(id)}/status">/api/projects/${esc(id)}/status</a></li>
<li><a href="/api/openapi.json">/api/openapi.json</a>: every endpoint with its request and response schema</li>
</ul>
<p>See docs/server.md for the endpoints, their error codes and the safety rules.</p>
</body></html>
`;
}
