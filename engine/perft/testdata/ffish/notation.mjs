// Move texts written by ffish (npm ffish, Fairy-Stockfish's JavaScript build, the
// library pychess-variants uses) in the notations its tools have, for the notation
// cross-check in engine/perft/ffish_test.go.
//
// node notation.mjs --ffish DIR VARIANT NOTATION[,NOTATION...] GAMES PLIES SEED
// plays GAMES random games of up to PLIES plies of VARIANT with ffish's legal moves and
// prints, for every position on the way, one line per legal move:
//   FEN <tab> UCI move <tab> text in the first notation <tab> text in the next ...
// NOTATION is one of ffish's Notation names (XIANGQI_WXF, JANGGI, SHOGI_HOSKING,
// SHOGI_HODGES, SHOGI_HODGES_NUMBER, SAN).
import { createRequire } from 'node:module';
import path from 'node:path';
import { mulberry32, fnv1a } from '../random.mjs';

const args = process.argv.slice(2);
const dir = args[args.indexOf('--ffish') + 1];
const [variant, notations, games, plies, seed] = args.filter((a, i) => a !== '--ffish' && args[i - 1] !== '--ffish');
// The wasm loader of this emscripten build takes a global fetch to mean a browser.
delete globalThis.fetch;
const require = createRequire(path.join(path.resolve(dir), 'index.js'));
const ffish = require('ffish');
await new Promise((resolve) => { ffish.onRuntimeInitialized = resolve; });
const rng = mulberry32(Number(seed) ^ fnv1a(variant));
const names = notations.split(',');
const out = [];
for (let g = 0; g < Number(games); g++) {
  const board = new ffish.Board(variant);
  for (let ply = 0; ply < Number(plies); ply++) {
    const moves = board.legalMoves().split(' ').filter((m) => m !== '');
    if (moves.length === 0 || board.isGameOver()) break;
    const fen = board.fen();
    for (const m of moves) {
      out.push([fen, m, ...names.map((n) => board.sanMove(m, ffish.Notation[n]))].join('\t'));
    }
    board.push(moves[Math.floor(rng() * moves.length)]);
  }
  board.delete();
}
process.stdout.write(out.join('\n') + '\n');
