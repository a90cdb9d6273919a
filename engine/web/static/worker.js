// The static build's Web Worker: runs chimera.wasm (the rules and the engine) and answers the page's API requests with it.
"use strict";
importScripts("wasm_exec.js");

const pending = [];
let ready = false;

function handle(msg) {
  const id = msg.id;
  if (msg.cancel) { self.chimeraCancel(id); return; } // the page stopped listening: the work stops
  self.chimeraRequest(msg.method, msg.path, msg.body || "",
    (chunk) => self.postMessage({ id: id, chunk: chunk }),
    (status) => self.postMessage({ id: id, done: true, status: status }), id);
}

// Called by the Go program once its request function is set.
self.chimeraReady = () => {
  ready = true;
  pending.splice(0).forEach(handle);
};

self.onmessage = (e) => {
  if (ready) handle(e.data);
  else if (e.data.cancel) pending.splice(0, pending.length, ...pending.filter((m) => m.id !== e.data.id));
  else pending.push(e.data);
};

const go = new Go();
fetch("chimera.wasm")
  .then((r) => { if (!r.ok) throw new Error("chimera.wasm: HTTP " + r.status); return r.arrayBuffer(); })
  .then((bytes) => WebAssembly.instantiate(bytes, go.importObject))
  .then((result) => go.run(result.instance))
  .catch((err) => self.postMessage({ fatal: String(err) }));
