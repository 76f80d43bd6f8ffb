// The page's service worker: it keeps the page's own files (its scripts, style, icons,
// words and the game's sounds) so the page opens at once from the home screen, and a
// new version of them replaces the old. It never touches anything else: the game itself
// travels on the WebSocket, which no service worker sees, and every other address (the
// server's health, its metrics, a guide) goes to the network as if it were not here.
"use strict";

const VERSION = "{{version}}"; // the server writes the files' version here
const FILES = "{{files}}"; // and the files the page needs to open
const CACHE = `audiogame-${VERSION}`;
// kept as they are fetched (the sounds of the games played, the words of the languages)
const KEPT = [/^\/sounds\/[a-z0-9_]+\.wav$/, /^\/strings\/[a-z]{2}\.json$/,
  /^\/manifest\.[a-z]{2}\.webmanifest$/, /^\/icons\/[a-z0-9-]+\.png$/];
// the page itself, whatever its address (an invite link is the page)
const PAGE = /^\/(t\/[0-9-]+)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(["/", ...FILES])));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("audiogame-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (PAGE.test(url.pathname) && request.mode === "navigate") {
    event.respondWith(pageFirst(request)); // the page in the browser's language, fresh
  } else if (FILES.includes(url.pathname) || KEPT.some((kept) => kept.test(url.pathname))) {
    event.respondWith(keptFirst(request));
  }
});

// the network's page when it answers (its words in the reader's language), else the kept one
async function pageFirst(request) {
  try {
    const fresh = await fetch(request);
    if (fresh.ok) {
      const cache = await caches.open(CACHE);
      await cache.put("/", fresh.clone());
    }
    return fresh;
  } catch (error) {
    const kept = await caches.match("/");
    if (kept) return kept;
    throw error;
  }
}

async function keptFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const fresh = await fetch(request);
  if (fresh.ok) await cache.put(request, fresh.clone());
  return fresh;
}
