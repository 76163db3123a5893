// Wyrm's service worker: keeps the page, MicroPython and the firmware for offline play.
// The first install is active at once; a later build is installed beside it and waits.
// host_tools/web/build.py fills in the cache name (a hash of the files) and the list.
const CACHE = "__CACHE__";
const FILES = ["__FILES__"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES)),
  );
});

// A new build waits until the page asks for it ("Update" button): an open game is never
// handed files of two versions in one load.
self.addEventListener("message", (event) => {
  if (event.data === "update") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("wyrm-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

// Cache first (the files of one build never change), the network for anything else.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(event.request, { ignoreSearch: true }).then((hit) => hit || fetch(event.request)),
    ),
  );
});
