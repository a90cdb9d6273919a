// Load time and per-call cost of the JavaScript API, or of ffish.js, in Node (for
// BENCHMARKS.md; no test runs it).
//
// node bench.js DIR [chimera|ffish] [VARIANT]
// DIR holds chimera.js, chimera-api.wasm and wasm_exec.js (chimera web --out DIR), or, with
// ffish, node_modules/ffish. Prints the time to load the module (wall and the process's CPU
// time), to make the first board of VARIANT (chess by default; ffish sets up its engine
// then, Chimera compiles the variant), then the mean cost of push, legalMoves, fen and pop
// over 10 random games of up to 80 plies, replayed.
"use strict";
const path = require("path");
const [dir, lib = "chimera", variant = "chess"] = process.argv.slice(2);
const t0 = performance.now(), c0 = process.cpuUsage();
(async () => {
  let c;
  if (lib === "ffish") {
    delete globalThis.fetch; // this emscripten build takes a global fetch to mean a browser
    c = require(require.resolve("ffish", { paths: [dir] }));
    await new Promise((resolve) => { c.onRuntimeInitialized = resolve; });
  } else {
    const { loadChimera } = require(path.resolve(dir, "chimera.js"));
    c = await loadChimera(path.resolve(dir, "chimera-api.wasm"));
  }
  const load = performance.now() - t0, cpu = process.cpuUsage(c0);
  const tb = performance.now();
  const b = new c.Board(variant);
  const first = performance.now() - tb;
  const start = b.fen();
  let seed = 1;
  const rnd = (n) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % n; };
  const games = [];
  for (let g = 0; g < 10; g++) {
    b.setFen(start);
    const line = [];
    for (let i = 0; i < 80; i++) {
      const ms = b.legalMoves().split(" ").filter((m) => m !== "");
      if (ms.length === 0 || b.isGameOver()) break;
      line.push(ms[rnd(ms.length)]);
      b.push(line[line.length - 1]);
    }
    games.push(line);
  }
  let n = 0, push = 0, legal = 0, fen = 0, pop = 0;
  for (const line of games) {
    b.setFen(start);
    for (const m of line) {
      let t = performance.now(); b.push(m); push += performance.now() - t;
      t = performance.now(); b.legalMoves(); legal += performance.now() - t;
      t = performance.now(); b.fen(); fen += performance.now() - t;
      n++;
    }
    for (let i = 0; i < line.length; i++) { const t = performance.now(); b.pop(); pop += performance.now() - t; }
  }
  const us = (x) => (x / n * 1000).toFixed(0) + " µs";
  console.log(`${lib} ${variant}: load ${load.toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms), first board ${first.toFixed(0)} ms; over ${n} moves: push ${us(push)}, legalMoves ${us(legal)}, fen ${us(fen)}, pop ${us(pop)}`);
  process.exit(0);
})().catch((e) => { console.error(e.stack || e.message); process.exit(1); });
