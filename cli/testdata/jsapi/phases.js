// Where the JavaScript API's load goes in Node, for BENCHMARKS.md (no test runs it):
// node phases.js DIR [MODULE] (chimera web --out DIR) prints the wall and process CPU
// times, in ms from the script's start, after reading MODULE (chimera-api.wasm, the
// API's, by default), compiling it, instantiating it and Go's start-up up to
// chimeraReady (what loadChimera waits for).
"use strict";
const dir = require("path").resolve(process.argv[2]), file = process.argv[3] || "chimera-api.wasm";
const t0 = performance.now(), c0 = process.cpuUsage();
const lap = (l) => console.log(l, (performance.now() - t0).toFixed(0), "ms cpu", ((process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1000).toFixed(0));
globalThis.fs ??= require("fs");
require(dir + "/wasm_exec.js");
(async () => {
  const bytes = require("fs").readFileSync(dir + "/" + file);
  lap("read");
  const mod = await WebAssembly.compile(bytes);
  lap("compile");
  const go = new Go();
  const ready = new Promise((r) => { globalThis.chimeraReady = r; });
  const inst = await WebAssembly.instantiate(mod, go.importObject);
  lap("instantiate");
  go.run(inst);
  await ready;
  lap("ready");
  process.exit(0);
})();
