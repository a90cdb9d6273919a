// A JavaScript API over chimera.wasm, shaped after ffish.js: the variants, definitions of one's own, boards (Node and browsers).
"use strict";

(function (root) {
  // loadChimera loads chimera.wasm (a path in Node, a URL in a browser; wasm_exec.js must
  // be loaded first, as Go's WebAssembly support) and resolves to the API.
  async function loadChimera(wasm) {
    const node = typeof process !== "undefined" && process.versions && process.versions.node;
    if (node) {
      // What Go's wasm_exec_node.js sets up, for older Node versions too.
      globalThis.fs ??= require("fs");
      globalThis.crypto ??= require("crypto").webcrypto;
      globalThis.performance ??= require("perf_hooks").performance;
    }
    if (typeof Go === "undefined") {
      if (!node) throw new Error("load wasm_exec.js before chimera.js");
      require(require("path").join(require("path").dirname(wasm), "wasm_exec.js"));
    }
    const bytes = node ? require("fs").readFileSync(wasm) : await (await fetch(wasm)).arrayBuffer();
    const go = new Go();
    const ready = new Promise((resolve) => { globalThis.chimeraReady = resolve; });
    const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
    go.run(instance);
    await ready;
    return api;
  }

  // call runs one request of the API in the WebAssembly program.
  function call(method, path, body) {
    const r = globalThis.chimeraCall(method, path, body === undefined ? "" : JSON.stringify(body));
    const data = JSON.parse(r.body);
    if (r.status !== 200) {
      const err = new Error(data.error || "HTTP " + r.status);
      if (data.errors) err.errors = data.errors;
      throw err;
    }
    return data;
  }

  // Board is a game of a variant: a start position (a FEN, or the default setup) and the
  // moves played from it, in coordinate notation (as ffish.js's "UCI" moves).
  class Board {
    constructor(variant, fen) {
      this.variant = variant || api.variants().split(" ")[0];
      this.moves = [];
      this.start = "";
      this.setFen(fen || "");
    }

    refresh() {
      this.state = call("POST", "/api/game", { variant: this.variant, fen: this.start, moves: this.moves });
      this.start = this.state.startFen;
    }

    legalMoves() { return this.state.legal.map((m) => m.coord).join(" "); }
    legalMovesSan() { return this.state.legal.map((m) => m.san).join(" "); }

    // push plays a move in coordinate notation; false when it is not legal.
    push(uci) {
      if (!this.state.legal.some((m) => m.coord === uci)) return false;
      this.moves.push(uci);
      this.refresh();
      return true;
    }

    // pushSan plays a move in SAN (check marks optional); false when it is not legal.
    pushSan(san) {
      const bare = (s) => s.replace(/[+#]+$/, "");
      const m = this.state.legal.find((x) => bare(x.san) === bare(san));
      return m ? this.push(m.coord) : false;
    }

    // pop takes the last move back and returns it ("" when there is none).
    pop() {
      const m = this.moves.pop();
      if (m === undefined) return "";
      this.refresh();
      return m;
    }

    fen() { return this.state.fen; }

    // setFen starts again from fen ("" for the default setup); a bad FEN throws.
    setFen(fen) {
      const old = [this.start, this.moves];
      this.start = fen;
      this.moves = [];
      try {
        this.refresh();
      } catch (e) {
        [this.start, this.moves] = old;
        throw e;
      }
    }

    turn() { return this.state.side === "white"; }
    isCheck() { return this.state.inCheck; }
    isGameOver() { return this.state.result !== "*"; }
    result() { return this.state.result; }

    // sanMove writes a legal move given in coordinate notation in SAN ("" if not legal).
    sanMove(uci) {
      const m = this.state.legal.find((x) => x.coord === uci);
      return m ? m.san : "";
    }

    // pocket is what a side (true: White) holds in a pool (default: its first), in FEN
    // letters.
    pocket(white, pool) {
      const pools = this.state.pools[white ? "white" : "black"] || {};
      const name = pool || Object.keys(pools)[0];
      return pools[name] || "";
    }

    moveStack() { return this.moves.join(" "); }

    // perft counts the leaves of the legal move tree to depth from this position.
    perft(depth) {
      const q = new URLSearchParams({ variant: this.variant, fen: this.start, moves: this.moves.join(" "), depth: String(depth) });
      return call("GET", "/api/perft?" + q.toString()).nodes;
    }

    pgn() { return this.state.pgn; }

    // delete is for code written for ffish.js: there is nothing to free.
    delete() {}
  }

  const api = {
    // variants names the variants, separated by spaces.
    variants() { return call("GET", "/api/variants").map((v) => v.name).join(" "); },
    // loadVariant adds a variant from its YAML and returns its name; a definition with
    // errors throws, the error's .errors listing them positioned ({line, col, message}).
    loadVariant(yaml) { return call("POST", "/api/definition", { yaml: yaml }).name; },
    // variantYAML is the definition of a variant.
    variantYAML(name) { return call("GET", "/api/definition?variant=" + encodeURIComponent(name)).yaml; },
    Board: Board,
  };

  if (typeof module !== "undefined" && module.exports) module.exports = { loadChimera: loadChimera };
  else root.loadChimera = loadChimera;
})(globalThis);
