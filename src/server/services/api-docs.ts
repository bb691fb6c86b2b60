import { createHash } from 'node:crypto';

import { escapeHtml as escape } from '../../domain/escape-html.ts';

/** The parts of an OpenAPI 3.1 document the page shows. */
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown }> }
  >;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

const STYLE = [
  'body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#111}',
  'h2{margin-top:2rem;border-bottom:1px solid #ccc}',
  'section{margin:1rem 0;padding:.5rem 1rem;border:1px solid #ddd;border-radius:.5rem}',
  'h3{margin:.25rem 0;font-family:ui-monospace,monospace;font-size:1rem}',
  '.m{display:inline-block;min-width:3.5rem;font-weight:700}',
  'pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:13px}',
  'td,th{text-align:left;padding:.1rem .75rem .1rem 0;vertical-align:top}',
  'summary{cursor:pointer}',
].join('');

const COMPONENT_REF = /&quot;#\/components\/schemas\/([\w-]+)&quot;/g;

/** A schema as indented JSON, each reference to a shared shape a link to it on the page. */
const showSchema = (schema: unknown) =>
  escape(JSON.stringify(schema, null, 2)).replace(
    COMPONENT_REF,
    (_ref, id: string) => `<a href="#schema-${id}">${id}</a>`,
  );

const schemaBlock = (label: string, schema: unknown) =>
  schema === undefined
    ? ''
    : `<details><summary>${escape(label)}</summary><pre>${showSchema(schema)}</pre></details>`;

function renderOperation(method: string, path: string, op: Operation): string {
  const parameters = op.parameters ?? [];
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required === true ? 'required' : 'optional'}</td><td><code>${escape(JSON.stringify(p.schema ?? {}))}</code></td></tr>`,
    )
    .join('');
  const body = Object.entries(op.requestBody?.content ?? {})
    .map(([type, { schema }]) => schemaBlock(`Request body (${type})`, schema))
    .join('');
  const responses = Object.entries(op.responses ?? {})
    .map(([status, answer]) => {
      const content = Object.entries(answer.content ?? {});
      const blocks = content.map(([type, { schema }]) => schemaBlock(type, schema)).join('');
      return `<li><strong>${escape(status)}</strong> ${escape(answer.description ?? '')}${blocks}</li>`;
    })
    .join('');
  const open = op.security?.length === 0 ? ' <em>(no session needed)</em>' : '';
  return [
    `<section id="${escape(`${method}-${path}`)}">`,
    `<h3><span class="m">${escape(method.toUpperCase())}</span> ${escape(path)}</h3>`,
    `<p>${escape(op.summary ?? '')}${open}</p>`,
    op.description === undefined ? '' : `<p>${escape(op.description)}</p>`,
    rows === ''
      ? ''
      : `<table><tr><th>Parameter</th><th>In</th><th></th><th>Schema</th></tr>${rows}</table>`,
    body,
    `<ul>${responses}</ul>`,
    '</section>',
  ].join('');
}

/**
 * A page listing every operation of the document by tag, its parameters, request body and
 * answers per status, schemas folded: HTML and one stylesheet, no script, so it keeps the
 * site's content security policy (plus the stylesheet's hash, returned with the page).
 */
export function renderApiDocsPage(document: OpenApiDocument): { html: string; styleHash: string } {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
    }
  }
  // Routes without a tag (the platform's probes) come last.
  const tags = [...byTag].sort(([a], [b]) => Number(a === 'other') - Number(b === 'other'));
  const sections = tags.map(([tag, ops]) => `<h2>${escape(tag)}</h2>${ops.join('')}`);
  // The shared shapes as answers hold them (their request-side twins, "…Input", are left out).
  const shapes = Object.entries(document.components?.schemas ?? {})
    .filter(([id]) => !id.endsWith('Input'))
    .map(
      ([id, schema]) =>
        `<section id="schema-${escape(id)}"><h3>${escape(id)}</h3><pre>${showSchema(schema)}</pre></section>`,
    );
  const { title, version, description = '' } = document.info;
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(title)} HTTP API</title><style>${STYLE}</style></head><body>`,
    `<h1>${escape(title)} HTTP API <small>${escape(version)}</small></h1>`,
    `<p>${escape(description)}</p>`,
    '<p>The same as OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a>.</p>',
    ...sections,
    shapes.length === 0 ? '' : `<h2>Shared shapes</h2>${shapes.join('')}`,
    '</body></html>',
  ].join('');
  const styleHash = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
  return { html, styleHash };
}
