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

// wasmBytes downloads chimera.wasm.gz, a quarter of chimera.wasm, and unpacks it; a host
// that unpacked it already (Content-Encoding: gzip) hands over the module itself. Without
// the packed file, or a browser that cannot unpack, it takes chimera.wasm.
async function wasmBytes() {
  if (typeof DecompressionStream === "function") {
    const r = await fetch("chimera.wasm.gz");
    if (r.ok) {
      const b = new Uint8Array(await r.arrayBuffer());
      if (b[0] !== 0x1f || b[1] !== 0x8b) return b; // not gzip: the module itself
      return new Response(new Blob([b]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    }
  }
  const r = await fetch("chimera.wasm");
  if (!r.ok) throw new Error("chimera.wasm: HTTP " + r.status);
  return r.arrayBuffer();
}

const go = new Go();
wasmBytes()
  .then((bytes) => WebAssembly.instantiate(bytes, go.importObject))
  .then((result) => go.run(result.instance))
  .catch((err) => self.postMessage({ fatal: String(err) }));
