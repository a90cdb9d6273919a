// A JavaScript API over chimera-api.wasm at ffish.js's level (its functions and Board's methods, by the same names), with the variants, definitions of one's own and variants.ini files (Node and browsers).
"use strict";

(function (root) {
  // loadChimera loads chimera-api.wasm, the API's module (a path in Node, a URL in a
  // browser; wasm_exec.js must be loaded first, as Go's WebAssembly support) and resolves
  // to the API. The page's chimera.wasm is another module: loading it here throws.
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
    const go = new Go();
    const ready = new Promise((resolve) => { globalThis.chimeraReady = resolve; });
    let instance;
    if (node) {
      ({ instance } = await WebAssembly.instantiate(require("fs").readFileSync(wasm), go.importObject));
    } else if (WebAssembly.instantiateStreaming) {
      // Compiled while it downloads (the server must send it as application/wasm).
      ({ instance } = await WebAssembly.instantiateStreaming(fetch(wasm), go.importObject).catch(async () =>
        WebAssembly.instantiate(await (await fetch(wasm)).arrayBuffer(), go.importObject)));
    } else {
      ({ instance } = await WebAssembly.instantiate(await (await fetch(wasm)).arrayBuffer(), go.importObject));
    }
    delete globalThis.chimeraAPI;
    go.run(instance);
    await ready;
    if (globalThis.chimeraAPI === undefined) {
      throw new Error(wasm + " is not the JavaScript API's module: load chimera-api.wasm (chimera.wasm is the page's)");
    }
    return makeAPI(globalThis.chimeraAPI);
  }

  // ffish.js's enums.
  const Notation = Object.freeze({ DEFAULT: 0, SAN: 1, LAN: 2, SHOGI_HOSKING: 3, SHOGI_HODGES: 4, SHOGI_HODGES_NUMBER: 5, JANGGI: 6, XIANGQI_WXF: 7, THAI_SAN: 8, THAI_LAN: 9 });
  const Termination = Object.freeze({ ONGOING: 0, CHECKMATE: 1, STALEMATE: 2, INSUFFICIENT_MATERIAL: 3, N_MOVE_RULE: 4, N_FOLD_REPETITION: 5, VARIANT_END: 6 });

  // The variant of a board made without one, of validateFen without one, and of a PGN
  // game without a Variant tag: ffish.js's.
  const DEFAULT_VARIANT = "chess";

  function makeAPI(go) {
    // call runs one of the module's functions; an Error it returns is thrown.
    function call(name, ...args) {
      const r = go[name](...args);
      if (r instanceof Error) throw r;
      return r;
    }
    // Boards and games live in the module until deleted; those dropped without delete()
    // are freed when JavaScript collects them.
    const free = (h) => { try { go.free(h); } catch (e) { /* the module is gone: nothing to free */ } };
    const registry = typeof FinalizationRegistry !== "undefined" ? new FinalizationRegistry(free) : null;
    function hold(obj, h) {
      obj._h = h;
      if (registry) registry.register(obj, h, obj);
    }
    function release(obj) {
      if (obj._h === 0) return;
      if (registry) registry.unregister(obj);
      free(obj._h);
      obj._h = 0;
    }

    // Board is a game of a variant (chess when none is given), kept in the module: a
    // start position (a FEN, or the default setup) and the moves made from it.
    class Board {
      constructor(variant, fen, is960) { hold(this, call("newBoard", variant === undefined ? DEFAULT_VARIANT : variant, fen, is960)); }
      _do(op, ...args) {
        if (this._h === 0) throw new Error(op + ": the board has been deleted");
        return call("board", this._h, op, ...args);
      }
      legalMoves() { return this._do("legalMoves"); }
      legalMovesSan(notation) { return this._do("legalMovesSan", notation); }
      numberLegalMoves() { return this._do("numberLegalMoves"); }
      push(uci) { return this._do("push", uci); }
      pushSan(san, notation) { return this._do("pushSan", san, notation); }
      pushMoves(ucis) { this._do("pushMoves", ucis); }
      pushSanMoves(sans, notation) { this._do("pushSanMoves", sans, notation); }
      pop() { return this._do("pop"); }
      reset() { this._do("reset"); }
      is960() { return this._do("is960"); }
      fen(showPromoted, countStarted) { return this._do("fen", showPromoted, countStarted); }
      setFen(fen) { this._do("setFen", fen); }
      sanMove(uci, notation) { return this._do("sanMove", uci, notation); }
      variationSan(ucis, notation, moveNumbers) { return this._do("variationSan", ucis, notation, moveNumbers); }
      turn() { return this._do("turn"); }
      fullmoveNumber() { return this._do("fullmoveNumber"); }
      halfmoveClock() { return this._do("halfmoveClock"); }
      gamePly() { return this._do("gamePly"); }
      isGameOver(claimDraw) { return this._do("isGameOver", claimDraw); }
      result(claimDraw) { return this._do("result", claimDraw); }
      checkedPieces() { return this._do("checkedPieces"); }
      isCheck() { return this._do("isCheck"); }
      isBikjang() { return this._do("isBikjang"); }
      isCapture(uci) { return this._do("isCapture", uci); }
      moveStack() { return this._do("moveStack"); }
      pocket(white, pool) { return this._do("pocket", white, pool); }
      toString() { return this._do("toString"); }
      toVerboseString() { return this._do("toVerboseString"); }
      variant() { return this._do("variant"); }
      perft(depth) { return this._do("perft", depth); }
      pgn() { return this._do("pgn"); }
      // delete frees the board in the module (as ffish.js's); using it then throws.
      delete() { release(this); }
    }

    // Game is a PGN game read by readGamePGN.
    class Game {
      constructor(h) { hold(this, h); }
      _do(op, ...args) {
        if (this._h === 0) throw new Error(op + ": the game has been deleted");
        return call("game", this._h, op, ...args);
      }
      headerKeys() { return this._do("headerKeys"); }
      headers(tag) { return this._do("headers", tag); }
      mainlineMoves() { return this._do("mainlineMoves"); }
      delete() { release(this); }
    }

    return {
      Board: Board,
      Game: Game,
      Notation: Notation,
      Termination: Termination,
      // variants names the variants, separated by spaces: the built-ins, then those loaded.
      variants() { return call("variants"); },
      info() { return call("info"); },
      // loadVariantConfig imports every section of a Fairy-Stockfish variants.ini (its
      // text) and returns the names loaded, separated by spaces; a section it cannot
      // import makes it throw (err.loaded, err.sections), the others loaded all the same.
      loadVariantConfig(ini) { return call("loadVariantConfig", ini); },
      // loadVariant adds a variant from its YAML and returns its name; a definition with
      // errors throws, the error's .errors listing them positioned ({file, line, col, message}).
      loadVariant(yaml) { return call("loadVariant", yaml); },
      // variantYAML is the definition of a variant.
      variantYAML(name) { return call("variantYAML", name); },
      startingFen(variant) { return call("startingFen", variant); },
      capturesToHand(variant) { return call("capturesToHand", variant); },
      // twoBoards: Chimera plays one board of every variant.
      twoBoards(variant) { call("startingFen", variant); return false; },
      validateFen(fen, variant, is960) { return call("validateFen", fen, variant === undefined ? DEFAULT_VARIANT : variant, is960); },
      readGamePGN(pgn) { return new Game(call("readGamePGN", pgn, DEFAULT_VARIANT)); },
    };
  }

  if (typeof module !== "undefined" && module.exports) module.exports = { loadChimera: loadChimera };
  else root.loadChimera = loadChimera;
})(globalThis);
