/** A human-readable API reference rendered from the OpenAPI document, with no external assets. */
type Doc = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, { summary?: string; description?: string; tags?: string[]; parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, { description?: string; content?: unknown }> }>>;
  components?: unknown;
};

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function renderDocs(doc: Doc): string {
  const ops: string[] = [];
  const toc: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const anchor = `${method}-${path}`.replace(/[^\w]+/g, "-");
      toc.push(`<li><a href="#${anchor}"><code class="m m-${method}">${method.toUpperCase()}</code> ${esc(path)}</a></li>`);
      const params = (op.parameters ?? []) as { name: string; in: string; required?: boolean; schema?: unknown; description?: string }[];
      const responses = Object.entries(op.responses ?? {})
        .map(([code, r]) => `<tr><td><code>${esc(code)}</code></td><td>${esc(r.description ?? "")}</td></tr>`)
        .join("");
      ops.push(`<section id="${anchor}">
  <h2><code class="m m-${method}">${method.toUpperCase()}</code> <code>${esc(path)}</code></h2>
  <p>${esc(op.summary ?? "")}</p>${op.description ? `<p class="d">${esc(op.description)}</p>` : ""}
  ${params.length ? `<h3>Parameters</h3><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${params
    .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td><code>${esc(JSON.stringify(p.schema ?? {}))}</code></td></tr>`)
    .join("")}</table>` : ""}
  ${op.requestBody ? `<h3>Request body</h3><pre>${esc(JSON.stringify(op.requestBody, null, 2))}</pre>` : ""}
  <h3>Responses</h3><table>${responses}</table>
</section>`);
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} reference</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:0;display:grid;grid-template-columns:320px 1fr;background:#0b1220;color:#e5e7eb}
nav{position:sticky;top:0;height:100vh;overflow:auto;padding:16px;border-right:1px solid #1f2a44}nav ul{list-style:none;padding:0}nav a{color:#cbd5e1;text-decoration:none}
main{padding:24px;max-width:980px}section{border-bottom:1px solid #1f2a44;padding:12px 0}pre{background:#111a2e;padding:12px;overflow:auto;border-radius:6px}
table{border-collapse:collapse}td,th{border:1px solid #1f2a44;padding:4px 8px;text-align:left}.m{font-weight:700}.m-get{color:#22c55e}.m-post{color:#60a5fa}.m-patch{color:#f59e0b}.m-delete{color:#ef4444}.d{color:#94a3b8}</style>
</head><body><nav><h1>${esc(doc.info.title)}</h1><p>v${esc(doc.info.version)} · <a href="/api/openapi.json">openapi.json</a></p><ul>${toc.join("")}</ul></nav>
<main><p>${esc(doc.info.description ?? "")}</p>${ops.join("")}<h2>Schemas</h2><pre>${esc(JSON.stringify(doc.components ?? {}, null, 2))}</pre></main></body></html>`;
}
