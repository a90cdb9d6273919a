// The JavaScript API's module functions and calls against ffish.js, and its answers to bad
// input, for TestJSAPIAgainstFfish in cli/jsapi_test.go.
//
// node --expose-gc api_compare.js CHIMERA_DIR FFISH_DIR
// checks: new Board() is chess's start; startingFen and capturesToHand of several
// variants; validateFen's codes on good and bad FENs; pushSan and pushSanMoves of the
// texts ffish writes in each notation; variationSan with and without move numbers;
// readGamePGN's headers and moves; gamePly and fullmoveNumber from a FEN's move number;
// then every call with bad input, each of which must throw an Error with a message (the
// process lives on: the last call plays a move); and boards dropped without delete() freed
// when collected (node --expose-gc). Prints "FAIL what: ..." per failure and
// "all checks passed" when none.
"use strict";
const path = require("path");
const [chimeraDir, ffishDir] = process.argv.slice(2);
let failures = 0;
function check(what, got, want) {
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    failures++;
    console.log(`FAIL ${what}: chimera ${JSON.stringify(got)}, ffish/expected ${JSON.stringify(want)}`);
  }
}
function throws(what, f) {
  let err = null;
  try { f(); } catch (e) { err = e; }
  if (!(err instanceof Error) || !err.message) {
    failures++;
    console.log(`FAIL ${what}: expected an Error with a message, got ${err === null ? "no error" : JSON.stringify(String(err))}`);
  }
  return err;
}

(async () => {
  const { loadChimera } = require(path.join(chimeraDir, "chimera.js"));
  const c = await loadChimera(path.join(chimeraDir, "chimera-api.wasm"));
  delete globalThis.fetch; // this emscripten build takes a global fetch to mean a browser
  const ffish = require(require.resolve("ffish", { paths: [ffishDir] }));
  await new Promise((resolve) => { ffish.onRuntimeInitialized = resolve; });

  // new Board() is chess, as ffish's.
  const d = new c.Board(), fd = new ffish.Board();
  check("new Board(): variant", d.variant(), "chess");
  check("new Board(): fen", d.fen(), fd.fen());
  check("new Board(): is960", d.is960(), fd.is960());
  check("new Board(): numberLegalMoves", d.numberLegalMoves(), fd.numberLegalMoves());

  const variants = ["chess", "crazyhouse", "shogi", "xiangqi", "janggi", "atomic", "makruk", "kingofthehill", "racingkings", "horde"];
  for (const v of variants) {
    // ffish answers the variant's text as written (shogi's "[-] w 0 1"): compared as read.
    check(`startingFen(${v})`, new ffish.Board(v, c.startingFen(v)).fen(), new ffish.Board(v, ffish.startingFen(v)).fen());
    check(`capturesToHand(${v})`, c.capturesToHand(v), ffish.capturesToHand(v));
  }

  // validateFen: ffish's codes.
  const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
  const fens = [
    [start + " w KQkq - 0 1", "chess"],
    ["", "chess"],
    [start + " x KQkq - 0 1", "chess"],
    [start + " w KQkq z 0 1", "chess"],
    [start + " w KQkq - x 1", "chess"],
    [start + " w KQkq - 0 x", "chess"],
    ["rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "chess"],
    ["8/8/8 w - - 0 1", "chess"],
    ["rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "chess"],
    ["4k3/8/8/8/8/8/8/8 w - - 0 1", "chess"],
    [start + "[Pp] w KQkq - 0 1", "crazyhouse"],
    ["lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1", "shogi"],
    ["rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "xiangqi"],
    ["rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0", "xiangqi"],
  ];
  for (const [fen, v] of fens) check(`validateFen(${JSON.stringify(fen)}, ${v})`, c.validateFen(fen, v), ffish.validateFen(fen, v));
  check("validateFen(fen) is chess's", c.validateFen(start + " w KQkq - 0 1"), ffish.validateFen(start + " w KQkq - 0 1"));

  // pushSan and sanMove in each notation, with the texts ffish writes; variationSan.
  // Lines of 16 plies drawn at random from ffish's legal moves (a seeded generator).
  let seed = 7;
  const rnd = (n) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % n; };
  const lines = {};
  for (const [v, n] of [["chess", "SAN"], ["crazyhouse", "SAN"], ["shogi", "SHOGI_HODGES_NUMBER"], ["shogi", "SHOGI_HOSKING"], ["xiangqi", "XIANGQI_WXF"], ["janggi", "JANGGI"], ["atomic", "SAN"]]) {
    const b = new ffish.Board(v);
    const line = [];
    for (let i = 0; i < 16; i++) {
      const ms = b.legalMoves().split(" ").filter((m) => m !== "");
      if (ms.length === 0 || b.isGameOver()) break;
      line.push(ms[rnd(ms.length)]);
      b.push(line[line.length - 1]);
    }
    lines[v + " " + n] = [n, line.join(" ")];
  }
  for (const [key, [n, line]] of Object.entries(lines)) {
    const v = key.split(" ")[0];
    const a = new c.Board(v), b = new ffish.Board(v);
    const moves = line.split(" ");
    for (const m of moves) {
      const text = b.sanMove(m, ffish.Notation[n]);
      check(`${v}: sanMove(${m}, ${n})`, a.sanMove(m, c.Notation[n]), text);
      check(`${v}: pushSan(${text}, ${n})`, a.pushSan(text, c.Notation[n]), b.pushSan(text, ffish.Notation[n]));
    }
    check(`${v}: fen after the pushSan`, a.fen(), b.fen());
    check(`${v}: moveStack`, a.moveStack(), line);
    const a2 = new c.Board(v), b2 = new ffish.Board(v);
    check(`${v}: variationSan`, a2.variationSan(line, c.Notation[n]), b2.variationSan(line, ffish.Notation[n]));
    check(`${v}: variationSan without numbers`, a2.variationSan(line, c.Notation[n], false), b2.variationSan(line, ffish.Notation[n], false));
    a2.push(moves[0]);
    b2.push(moves[0]);
    check(`${v}: variationSan from Black's move`, a2.variationSan(moves.slice(1).join(" "), c.Notation[n]), b2.variationSan(moves.slice(1).join(" "), ffish.Notation[n]));
    check(`${v}: variationSan left the board`, a2.fen(), b2.fen());
    const a3 = new c.Board(v), b3 = new ffish.Board(v);
    const texts = [];
    for (const m of moves) { texts.push(b3.sanMove(m, ffish.Notation[n])); b3.push(m); }
    a3.pushSanMoves(texts.join(" "), c.Notation[n]);
    check(`${v}: pushSanMoves`, a3.fen(), b3.fen());
    a3.reset();
    check(`${v}: reset`, a3.fen(), new ffish.Board(v).fen());
    a3.pushMoves(line);
    check(`${v}: pushMoves`, a3.moveStack(), line);
  }
  // A game from a FEN's move number.
  const late = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12";
  const al = new c.Board("chess", late), bl = new ffish.Board("chess", late);
  check("gamePly from the FEN", [al.gamePly(), al.fullmoveNumber(), al.halfmoveClock()], [bl.gamePly(), bl.fullmoveNumber(), bl.halfmoveClock()]);
  al.push("g8f6"); bl.push("g8f6");
  check("gamePly after a move", [al.gamePly(), al.fullmoveNumber(), al.halfmoveClock()], [bl.gamePly(), bl.fullmoveNumber(), bl.halfmoveClock()]);

  // readGamePGN.
  const pgns = [
    '[Event "Casual"]\n[Site "?"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6 3. d4) 3. Bc4 Nf6?! 4. Ng5 d5 5. exd5 Na5 6. Bb5+ c6 1-0\n',
    '[Event "Zh"]\n[Variant "crazyhouse"]\n[Result "*"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bg4 6. h3 Bxf3 7. Qxf3 N@c6 *\n',
    '[Event "FEN"]\n[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]\n[SetUp "1"]\n\n3. Bb5 a6 4. Ba4 *\n',
  ];
  for (const pgn of pgns) {
    const g = c.readGamePGN(pgn), h = ffish.readGamePGN(pgn);
    check("readGamePGN: mainlineMoves", g.mainlineMoves(), h.mainlineMoves());
    check("readGamePGN: headerKeys", g.headerKeys().split(" ").sort(), h.headerKeys().split(" ").sort());
    for (const k of h.headerKeys().split(" ")) check(`readGamePGN: headers(${k})`, g.headers(k), h.headers(k));
    check("readGamePGN: a header it lacks", g.headers("Nonesuch"), h.headers("Nonesuch"));
    g.delete();
    h.delete();
  }

  // Bad input: an Error with a message, every time.
  const b = new c.Board("chess");
  throws("new Board of an unknown variant", () => new c.Board("nonesuch"));
  throws("new Board with a bad FEN", () => new c.Board("chess", "garbage"));
  throws("new Board(42)", () => new c.Board(42));
  throws("new Board of chess with is960 (castling would be written otherwise than ffish's)", () => new c.Board("chess", "", true));
  check("new Board of chess960 with is960", new c.Board("chess960", "", true).is960(), true);
  throws("new Board with a FEN of numbers", () => new c.Board("chess", 7));
  throws("push(42)", () => b.push(42));
  throws("push()", () => b.push());
  check("push of an illegal move is false, as ffish's", b.push("e2e5"), false);
  check("pushSan of an illegal move is false, as ffish's", b.pushSan("Qxh7"), false);
  throws("pushSan with an unknown notation", () => b.pushSan("e4", 99));
  throws("pushSan with a notation Chimera does not write", () => b.pushSan("e4", c.Notation.LAN));
  throws("pushSan with a notation not a whole number", () => b.pushSan("e4", 1.5));
  throws("pop at the start", () => b.pop());
  throws("setFen with a bad FEN", () => b.setFen("rnbqkbnr/pppppppp/8 w - - 0 1"));
  check("the board is kept after a bad setFen", b.fen(), start + " w KQkq - 0 1");
  throws("pushMoves with an illegal move", () => b.pushMoves("e2e4 e7e5 e2e4"));
  check("the board is kept after a bad pushMoves", b.moveStack(), "");
  throws("pushSanMoves with an illegal move", () => b.pushSanMoves("e4 e5 Ke3"));
  check("the board is kept after a bad pushSanMoves", b.moveStack(), "");
  throws("sanMove({})", () => b.sanMove({}));
  check("sanMove of an illegal move is empty, as ffish's", b.sanMove("e2e5"), "");
  check("variationSan with an illegal move is empty, as ffish's", b.variationSan("e2e4 e2e4"), "");
  check("isCapture of an illegal move", b.isCapture("e2e5"), false);
  throws("isCapture()", () => b.isCapture());
  throws("perft(0)", () => b.perft(0));
  throws("perft(99)", () => b.perft(99));
  throws("perft('3')", () => b.perft("3"));
  throws("pocket('white')", () => b.pocket("white"));
  throws("pocket of a pool the variant lacks", () => new c.Board("crazyhouse").pocket(true, "nonesuch"));
  throws("isGameOver('yes')", () => b.isGameOver("yes"));
  throws("fen(1)", () => b.fen(1));
  throws("loadVariant of bad YAML", () => c.loadVariant("extends: chess\nname: [x\n"));
  throws("loadVariant(5)", () => c.loadVariant(5));
  throws("loadVariant of a definition too large", () => c.loadVariant("x".repeat(5 << 20)));
  const iniErr = throws("loadVariantConfig of a text with no section", () => c.loadVariantConfig("hello"));
  void iniErr;
  const partial = throws("loadVariantConfig with a bad section", () => c.loadVariantConfig("[good:chess]\ncastling = false\n[bad:chess]\nnoSuchKey = 1\n"));
  check("loadVariantConfig: the good section is loaded all the same", partial && [partial.loaded, partial.sections], ["good", "bad"]);
  check("a board of the section loaded", new c.Board("good").fen(), start + " w - - 0 1");
  throws("validateFen(5)", () => c.validateFen(5));
  throws("validateFen of an unknown variant", () => c.validateFen(start + " w KQkq - 0 1", "nonesuch"));
  throws("readGamePGN with an illegal move", () => c.readGamePGN("1. e4 e5 2. Qxx9 *"));
  throws("readGamePGN(7)", () => c.readGamePGN(7));
  throws("readGamePGN of an unknown variant", () => c.readGamePGN('[Variant "nonesuch"]\n\n1. e4 *'));
  throws("startingFen of an unknown variant", () => c.startingFen("nonesuch"));
  throws("capturesToHand()", () => c.capturesToHand());
  throws("twoBoards of an unknown variant", () => c.twoBoards("nonesuch"));
  const gone = new c.Board("chess");
  gone.delete();
  throws("a deleted board", () => gone.fen());
  gone.delete(); // twice is nothing
  // Boards dropped without delete() are freed when collected: 25,000 of them, past the
  // module's bound of 20,000 alive at once (run with --expose-gc).
  if (typeof globalThis.gc === "function") {
    let made = 0;
    try {
      for (let round = 0; round < 25; round++) {
        for (let i = 0; i < 1000; i++, made++) new c.Board("chess");
        globalThis.gc();
        await new Promise((resolve) => setTimeout(resolve, 0)); // the finalizers run
      }
    } catch (e) {
      failures++;
      console.log(`FAIL boards dropped without delete() are not freed: the board ${made + 1} threw ${e.message}`);
    }
  } else {
    failures++;
    console.log("FAIL run with node --expose-gc");
  }
  // The module lives on.
  check("after the bad input, a move", [b.push("e2e4"), b.fen()], [true, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]);

  if (failures === 0) console.log("all checks passed");
  process.exit(failures === 0 ? 0 : 1);
})().catch((e) => { console.error(e.stack || e.message); process.exit(1); });
