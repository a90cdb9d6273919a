// The JavaScript API against ffish.js (npm ffish, Fairy-Stockfish's JavaScript build, which
// pychess-variants uses) on the same games, for TestJSAPIAgainstFfish in cli/jsapi_test.go.
//
// node ffish_compare.js CHIMERA_DIR FFISH_DIR GAMES PLIES SEED [--ini FILE] VARIANT...
// plays GAMES random games of up to PLIES plies of each VARIANT, the moves drawn from
// ffish's legal moves, on a chimera.js board and an ffish board side by side, and at each
// position compares what both answer: legalMoves (as sets), numberLegalMoves, legalMovesSan
// (as sets) and sanMove of every legal move in the notations the variant is written in
// (pychess-variants': SAN, shogi's three, WXF, janggi's), isCapture of every legal move, fen,
// turn, isCheck, checkedPieces, isBikjang,
// isGameOver, result, gamePly, fullmoveNumber, halfmoveClock, moveStack, pocket (as
// multisets), toString; then takes every move back with pop, comparing fen again. It
// prints one line per difference ("DIFF variant call position: chimera X, ffish Y") and a
// last line "compared N positions, M calls, D differences". With --ini, both load the
// variants.ini first (loadVariantConfig), so that its sections may be played.
"use strict";
const path = require("path");
const [chimeraDir, ffishDir, games, plies, seed, ...rest] = process.argv.slice(2);
const ini = rest[0] === "--ini" ? require("fs").readFileSync(rest[1], "utf8") : null;
const variants = ini === null ? rest : rest.slice(2);

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function fnv1a(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
// The notations compared by variant (SAN for the others). Chimera's SAN of shogi, xiangqi
// and janggi writes no letter for the pawn's moves (a4), ffish's does (Pa4): there each is
// compared in its own notations only.
const notations = {
  shogi: ["SHOGI_HODGES_NUMBER", "SHOGI_HOSKING", "SHOGI_HODGES"],
  xiangqi: ["XIANGQI_WXF"],
  janggi: ["JANGGI"],
};
// Known differences, left out of the comparison (docs/js-api.md lists them): the
// half-move clock where men are dropped (ffish sets it to 0 at a drop, Chimera counts the
// drop); the marks of atomic and king of the hill (ffish writes no + for a move of atomic
// that gives check, and no # for a move that wins at once by exploding the king or
// reaching the centre, or by taking the last man of a kind (goals.ini's kingless), which
// Chimera marks #); toString of shogi's promoted men (ffish
// writes Fairy-Stockfish's own letters, g for a tokin; Chimera its definition's, t).
const noCheckMarks = new Set(["atomic", "kingofthehill", "kingless"]);
const ownLetters = new Set(["shogi"]);
const clockless = (fen) => fen.replace(/ \d+ (\d+)$/, " - $1");
// Variants ffish.js plays as another's with is960, from these starts in turn (Chimera
// plays them as their own variant, whose default setup is drawn at random).
const as960 = {
  chess960: ["chess", ["bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w KQkq - 0 1", "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1", "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1"]],
};
const set = (s) => s.split(" ").filter((x) => x !== "").sort().join(" ");
const letters = (s) => s.split("").sort().join("");

(async () => {
  const { loadChimera } = require(path.join(chimeraDir, "chimera.js"));
  const c = await loadChimera(path.join(chimeraDir, "chimera-api.wasm"));
  delete globalThis.fetch; // this emscripten build takes a global fetch to mean a browser
  const ffish = require(require.resolve("ffish", { paths: [ffishDir] }));
  await new Promise((resolve) => { ffish.onRuntimeInitialized = resolve; });
  if (ini !== null) {
    c.loadVariantConfig(ini);
    ffish.loadVariantConfig(ini);
  }
  let positions = 0, calls = 0, diffs = 0;
  const shown = {};
  for (const variant of variants) {
    const rng = mulberry32(Number(seed) ^ fnv1a(variant));
    const dropClock = { has: () => ffish.capturesToHand(as960[variant] ? as960[variant][0] : variant) }; // the variants whose captured men are dropped
    for (let g = 0; g < Number(games); g++) {
      const [a, b] = as960[variant]
        ? [new c.Board(variant, as960[variant][1][g % 3], true), new ffish.Board(as960[variant][0], as960[variant][1][g % 3], true)]
        : [new c.Board(variant), new ffish.Board(variant)];
      const check = (what, x, y) => {
        calls++;
        if (x === y) return;
        diffs++;
        const key = variant + " " + what.split("(")[0];
        shown[key] = (shown[key] || 0) + 1;
        if (shown[key] <= 3) console.log(`DIFF ${variant} ${what} at ${b.fen()} after ${b.moveStack() || "no move"}: chimera ${JSON.stringify(x)}, ffish ${JSON.stringify(y)}`);
      };
      const compare = () => {
        positions++;
        check("legalMoves", set(a.legalMoves()), set(b.legalMoves()));
        check("numberLegalMoves", a.numberLegalMoves(), b.numberLegalMoves());
        const marks = (s) => noCheckMarks.has(variant) ? s.replace(/[+#]/g, "") : s;
        for (const n of notations[variant] || ["SAN"]) {
          const N = ffish.Notation[n], C = c.Notation[n];
          if (n === "SAN") check("legalMovesSan", marks(set(a.legalMovesSan())), marks(set(b.legalMovesSan())));
          for (const m of b.legalMoves().split(" ").filter((x) => x !== "")) check(`sanMove(${m}, ${n})`, marks(a.sanMove(m, C)), marks(b.sanMove(m, N)));
        }
        for (const m of b.legalMoves().split(" ").filter((x) => x !== "")) check(`isCapture(${m})`, a.isCapture(m), b.isCapture(m));
        const fen = (x) => dropClock.has(variant) ? clockless(x.fen()) : x.fen();
        check("fen", fen(a), fen(b));
        check("turn", a.turn(), b.turn());
        check("isCheck", a.isCheck(), b.isCheck());
        check("checkedPieces", set(a.checkedPieces()), set(b.checkedPieces()));
        check("isBikjang", a.isBikjang(), b.isBikjang());
        check("isGameOver", a.isGameOver(), b.isGameOver());
        check("result", a.result(), b.result());
        check("gamePly", a.gamePly(), b.gamePly());
        check("fullmoveNumber", a.fullmoveNumber(), b.fullmoveNumber());
        if (!dropClock.has(variant)) check("halfmoveClock", a.halfmoveClock(), b.halfmoveClock());
        check("moveStack", a.moveStack(), b.moveStack());
        check("pocket(white)", letters(a.pocket(true)), letters(b.pocket(true)));
        check("pocket(black)", letters(a.pocket(false)), letters(b.pocket(false)));
        if (!ownLetters.has(variant)) check("toString", a.toString(), b.toString());
      };
      compare();
      const fens = [b.fen()];
      const fen = (x) => dropClock.has(variant) ? clockless(x.fen()) : x.fen();
      for (let ply = 0; ply < Number(plies); ply++) {
        const moves = b.legalMoves().split(" ").filter((m) => m !== "");
        if (moves.length === 0 || b.isGameOver()) break;
        const m = moves[Math.floor(rng() * moves.length)];
        const pushed = a.push(m);
        check(`push(${m})`, pushed, b.push(m));
        if (!pushed) break; // the boards part here (the difference is counted)
        fens.push(b.fen());
        compare();
      }
      check("moveStack before the pops", a.moveStack(), b.moveStack());
      while (fens.length > 1) {
        fens.pop();
        a.pop();
        b.pop();
        check("fen after pop", fen(a), dropClock.has(variant) ? clockless(fens[fens.length - 1]) : fens[fens.length - 1]);
      }
      a.delete();
      b.delete();
    }
  }
  for (const k of Object.keys(shown).sort()) console.log(`COUNT ${k} ${shown[k]}`);
  console.log(`compared ${positions} positions, ${calls} calls, ${diffs} differences`);
  process.exit(0);
})().catch((e) => { console.error(e.stack || e.message); process.exit(1); });
