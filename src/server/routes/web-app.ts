import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { API_DOCS_PAGE } from '../../domain/api/docs.ts';
import { escapeHtml } from '../../domain/escape-html.ts';
import { formatGmtOffset, formatZoneOffsets, listZoneOffsets } from '../../domain/time-zone.ts';
import { contentSecurityPolicy } from '../http/security-headers.ts';
import { formatPageHints, readModuleFiles, type ManifestChunk } from './page-hints.ts';

export type SiteMeta = {
  brandName: string;
  creditLine: string;
  replayLabel: string;
};

/** The same day and time `years` later (earlier when negative), in UTC. */
function addYears(at: Date, years: number): number {
  const moved = new Date(at);
  moved.setUTCFullYear(at.getUTCFullYear() + years);
  return moved.getTime();
}

/**
 * Fills the {{placeholders}} of the built index.html with the site's configuration, and the
 * zone's offsets from three years before `now` to two years after ({{zone_offsets}}), which the
 * browser reads times with rather than loading Intl's date data (src/web/site-meta.ts). The
 * zone's offset ({{time_offset}}) changes with summer time, so it is left for fillTimeOffset at
 * the moment of each answer.
 */
export function renderIndexHtml(
  template: string,
  meta: SiteMeta,
  timeZone: string,
  now: Date,
): string {
  const offsets = listZoneOffsets(timeZone, addYears(now, -3), addYears(now, 2));
  return template
    .replaceAll('{{brand_name}}', escapeHtml(meta.brandName))
    .replaceAll('{{credit_line}}', escapeHtml(meta.creditLine))
    .replaceAll('{{replay_label}}', escapeHtml(meta.replayLabel))
    .replaceAll('{{time_zone}}', escapeHtml(timeZone))
    .replaceAll('{{zone_offsets}}', escapeHtml(formatZoneOffsets(offsets)));
}

/** The page with the site zone's offset at an instant written in: "GMT+2", "GMT", "GMT+5:30". */
export function fillTimeOffset(html: string, timeZone: string, at: Date): string {
  return html.replaceAll('{{time_offset}}', formatGmtOffset(at.getTime(), timeZone));
}

const STYLESHEET_LINK =
  /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/(assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * Puts the page's own stylesheets into the page as <style> elements, so the first paint waits for
 * the page alone rather than for one more round trip; returns the CSP hash of each.
 */
export function inlineStylesheets(
  html: string,
  readAsset: (relativePath: string) => string,
): { html: string; styleHashes: string[] } {
  const styleHashes: string[] = [];
  const inlined = html.replace(STYLESHEET_LINK, (_tag, asset: string) => {
    // A "</style" inside the sheet would end the element early: escape it as CSS allows.
    const css = readAsset(asset).replace(/<\/(style)/gi, '<\\/$1');
    styleHashes.push(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    return `<style>${css}</style>`;
  });
  return { html: inlined, styleHashes };
}

const INLINE_SCRIPT = /<script\b([^>]*)><\/script>/g;

/**
 * Puts the page's small classic scripts marked `data-inline` (the colour theme, which has to run
 * before the first paint) into the page, so that paint waits for no further request; returns the
 * CSP hash of each. Other scripts (the app's module) stay as they are.
 */
export function inlineScripts(
  html: string,
  readAsset: (relativePath: string) => string,
): { html: string; scriptHashes: string[] } {
  const scriptHashes: string[] = [];
  const inlined = html.replace(INLINE_SCRIPT, (tag, attributes: string) => {
    const source = /\bsrc="\/([\w-]+\.js)"/.exec(attributes)?.[1];
    if (source === undefined || !/\sdata-inline\b/.test(attributes)) return tag;
    // A "</script" inside the code would end the element early.
    const code = readAsset(source).replace(/<\/(script)/gi, '<\\/$1');
    scriptHashes.push(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    return `<script>${code}</script>`;
  });
  return { html: inlined, scriptHashes };
}

/**
 * The web app manifest as sent: the built file with the site's brand as its name, so an
 * installed site is called what its pages are called.
 */
export function renderManifest(template: string, brandName: string): string {
  const manifest = JSON.parse(template) as Record<string, unknown>;
  return JSON.stringify({ ...manifest, name: brandName, short_name: brandName });
}

/** Files of the build the server fills in with the site's configuration before sending them. */
const FILLED_FILES = ['index.html', 'manifest.webmanifest', 'offline.html'];

type Encoding = 'br' | 'gzip';

/** The page as sent: its text, and the same compressed once at start-up at the strongest levels. */
type PageVariant = { html: string } & Record<Encoding, Buffer>;

function toVariant(html: string): PageVariant {
  const bytes = Buffer.from(html);
  return {
    html,
    br: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  };
}

const HOME_SHELL = /<!--home-shell-->([\s\S]*?)<!--\/home-shell-->/;

/** First path segments that name no page of the app: an unknown path there is not a page. */
const NON_PAGE_SEGMENTS = new Set(['api', 'functions', 'go', 'img', 'feeds', 'assets', 'metrics']);

/**
 * Whether an unmatched request asks for a page of the single-page app, judged on the path as the
 * router reads it (percent-decoded, empty segments dropped). The answer to such a request is the
 * app's public page and nothing else, so this decides only between that page and a refusal.
 * The API docs count as a page: the gate hands a browser opening them without a session to the
 * not-found handler (http/gate.ts), which answers with the app's page, as anywhere else.
 */
export function isPageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const rawPath = url.split(/[?#]/, 1)[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  if (path === API_DOCS_PAGE) return true;
  const first = path.split(/[/;]/).find((segment) => segment !== '' && segment !== '.');
  return first === undefined || !NON_PAGE_SEGMENTS.has(first.toLowerCase());
}

/**
 * Serves the built single-page app: hashed assets with a year's cache, every other page path
 * with index.html, and JSON 404s for unknown data paths (401s without a session). The home page of a signed-in visitor
 * keeps the heading the built page paints before its script runs; every other answer drops it,
 * so nobody sees a heading the gate or another page is about to replace.
 */
export function webAppRoutes(deps: {
  webRoot: string;
  meta: SiteMeta;
  hasSession: (request: FastifyRequest) => boolean;
  timeZone: string;
  now: () => Date;
}) {
  return async function (app: FastifyInstance) {
    const indexFile = path.join(deps.webRoot, 'index.html');
    const built = existsSync(indexFile);
    const readBuilt = (file: string) => readFileSync(path.join(deps.webRoot, file), 'utf8');
    const styled = built
      ? inlineStylesheets(
          renderIndexHtml(readFileSync(indexFile, 'utf8'), deps.meta, deps.timeZone, deps.now()),
          readBuilt,
        )
      : {
          html: '<!doctype html><title>Touchline</title><p>The front end is not built: run npm run build.</p>',
          styleHashes: [],
        };
    const page = { ...styled, ...inlineScripts(styled.html, readBuilt) };
    const pagePolicy = contentSecurityPolicy(page.styleHashes, page.scriptHashes);
    const homeTemplate = page.html.replace(HOME_SHELL, '$1');
    // One compressed home page per offset the zone has (two where it keeps summer time), made
    // when the offset is first seen.
    const homePages = new Map<string, PageVariant>();
    const homePage = (): PageVariant => {
      const html = fillTimeOffset(homeTemplate, deps.timeZone, deps.now());
      let variant = homePages.get(html);
      if (variant === undefined) {
        variant = toVariant(html);
        homePages.set(html, variant);
      }
      return variant;
    };
    // The build's manifest names each page module's files (vite.config.ts); a build without one
    // sends pages without the hints for modules.
    const manifestFile = path.join(deps.webRoot, '.vite', 'manifest.json');
    const moduleFiles = readModuleFiles(
      existsSync(manifestFile)
        ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
        : {},
    );
    const otherPage = toVariant(
      fillTimeOffset(page.html.replace(HOME_SHELL, ''), deps.timeZone, deps.now()),
    );

    if (built) {
      // The front end's own files are public (the gate page is built from them), not counted
      // by the per-address rate limit, answered while the process sheds load (a browser does
      // not ask again for a refused script), and no part of the HTTP contract's document; the
      // hook sees only the routes of this plugin.
      app.addHook('onRoute', (route) => {
        route.config = {
          ...route.config,
          access: 'public',
          countedByRateLimit: false,
          answersUnderLoad: true,
        };
        route.schema = { ...route.schema, hide: true };
      });
      await app.register(fastifyStatic, {
        root: deps.webRoot,
        wildcard: false,
        index: false,
        serve: true,
        // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are.
        preCompressed: true,
        allowedPath: (pathName) => pathName !== '/index.html',
        globIgnore: FILLED_FILES.filter((file) => file !== 'index.html'),
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          // The service worker is looked for on every visit: a new one must not wait an hour.
          // (`filePath` is the file sent: sw.js.br or sw.js.gz when compressed.)
          const worker = /^sw\.js(\.br|\.gz)?$/.test(path.relative(deps.webRoot, filePath));
          res.header(
            'cache-control',
            immutable
              ? 'public, max-age=31536000, immutable'
              : worker
                ? 'no-cache'
                : 'public, max-age=3600',
          );
        },
      });

      // Public like the page: a browser fetches the manifest without cookies, and the service
      // worker keeps the offline page for when there is no connection at all.
      if (existsSync(path.join(deps.webRoot, 'manifest.webmanifest'))) {
        const manifest = renderManifest(readBuilt('manifest.webmanifest'), deps.meta.brandName);
        app.get('/manifest.webmanifest', async (_request, reply) =>
          reply
            .header('cache-control', 'public, max-age=3600')
            .type('application/manifest+json; charset=utf-8')
            .send(manifest),
        );
      }
      if (existsSync(path.join(deps.webRoot, 'offline.html'))) {
        const offline = renderIndexHtml(
          readBuilt('offline.html'),
          deps.meta,
          deps.timeZone,
          deps.now(),
        );
        app.get('/offline.html', async (_request, reply) =>
          reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(offline),
        );
      }
    }

    app.setNotFoundHandler(async (request, reply) => {
      const hasSession = deps.hasSession(request);
      if (!isPageRequest(request.method, request.url)) {
        // Without a session an unknown path answers as a gated one does, so nobody can tell
        // which routes exist from outside the gate.
        return hasSession
          ? reply.code(404).send({ error: 'Not Found' })
          : reply.code(401).send({ error: 'Unauthorized' });
      }
      const isHome = request.url.split(/[?#]/, 1)[0] === '/' && hasSession;
      const variant = isHome ? homePage() : otherPage;
      reply
        .code(200)
        .header('cache-control', 'no-cache')
        .header('content-security-policy', pagePolicy)
        .header('vary', 'accept-encoding, cookie')
        .type('text/html; charset=utf-8');
      // What the page will ask for first, fetched beside its script (page-hints.ts).
      const hints = hasSession && built ? formatPageHints(request.url, moduleFiles) : null;
      if (hints !== null) reply.header('link', hints);
      const encoding = negotiate<Encoding>(request.headers['accept-encoding'] ?? '', [
        'br',
        'gzip',
      ]);
      if (encoding === null) return reply.send(variant.html);
      return reply.header('content-encoding', encoding).send(variant[encoding]);
    });
  };
}
