// The service worker: keeps the offline page and the built front end's files on the device, so
// an installed site opens at once and says plainly when it has no connection. It keeps nothing
// else: data answers, the session, clicks on bookmakers' links and every request other than a
// GET go to the network untouched, so no gated answer is ever stored or served from here.
/* global self, caches, fetch, URL */
'use strict';

/** Raise the version when what the shell holds changes: activation drops every older cache. */
const VERSION = 'v1';
const PREFIX = 'touchline-';
const CACHE = PREFIX + VERSION;
const OFFLINE_PAGE = '/offline.html';
/** Kept at install, so the offline page can be shown without any connection. */
const SHELL = [
  OFFLINE_PAGE,
  '/offline.css',
  '/theme.js',
  '/logo.svg',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
];
/** Paths that are not pages of the app (as in src/server/routes/web-app.ts): never handled. */
const NOT_PAGES = /^\/(api|functions|go|img|feeds|assets|metrics)(\/|$)/i;
/** How many built files the cache keeps; the oldest go first (a new build names new files). */
const MAX_ASSETS = 80;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** A built file: its name carries its content's hash, so a stored copy is never stale. */
function isBuiltAsset(url) {
  return url.pathname.startsWith('/assets/');
}

/** Drops the oldest built files beyond MAX_ASSETS (the cache lists entries as they were added). */
async function trimAssets(cache) {
  const keys = await cache.keys();
  const assets = keys.filter((request) => isBuiltAsset(new URL(request.url)));
  await Promise.all(assets.slice(0, -MAX_ASSETS).map((request) => cache.delete(request)));
}

/** A built file from the cache, or from the network and then kept. */
async function answerAsset(request) {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(request);
  if (stored !== undefined) return stored;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await trimAssets(cache);
  }
  return response;
}

/** A shell file from the network (kept fresh in the cache), or the stored copy when offline. */
async function answerShellFile(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const stored = await cache.match(request);
    if (stored !== undefined) return stored;
    throw error;
  }
}

/** A page from the network; with no connection at all, the offline page. */
async function answerPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
    if (offline !== undefined) return offline;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (NOT_PAGES.test(url.pathname)) return;
    event.respondWith(answerPage(request));
  } else if (isBuiltAsset(url)) {
    event.respondWith(answerAsset(request));
  } else if (SHELL.includes(url.pathname) && url.search === '') {
    event.respondWith(answerShellFile(request));
  }
  // Anything else (the API, /go/, drawn images, feeds) is not handled here: the browser sends it
  // as if there were no service worker.
});
