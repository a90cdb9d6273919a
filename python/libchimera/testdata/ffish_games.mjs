// Random games played by ffish (npm ffish, Fairy-Stockfish's JavaScript build, the library
// pychess-variants uses), for the Python binding's cross-check (python/libchimera/python_test.go).
//
// node ffish_games.mjs --ffish DIR VARIANT[,VARIANT...] GAMES PLIES SEED
// plays GAMES random games of up to PLIES plies of each VARIANT from its start and prints one
// JSON line per game: {"variant", "plies": [{"fen", "legal": [UCI moves, sorted], "move",
// "san"}, ...], "fen": the last position's, "over": ffish's isGameOver(true), "result":
// its result(true), "insufficient": its isInsufficientMaterial()}. The move of each ply is drawn at random among the legal ones.
import { createRequire } from 'node:module';
import path from 'node:path';
import { mulberry32, fnv1a } from '../../../engine/perft/testdata/random.mjs';

const args = process.argv.slice(2);
const dir = args[args.indexOf('--ffish') + 1];
const [variants, games, plies, seed] = args.filter((a, i) => a !== '--ffish' && args[i - 1] !== '--ffish');
// The wasm loader of this emscripten build takes a global fetch to mean a browser.
delete globalThis.fetch;
const require = createRequire(path.join(path.resolve(dir), 'index.js'));
const ffish = require('ffish');
await new Promise((resolve) => { ffish.onRuntimeInitialized = resolve; });
const out = [];
for (const variant of variants.split(',')) {
  const rng = mulberry32(Number(seed) ^ fnv1a(variant));
  for (let g = 0; g < Number(games); g++) {
    const board = new ffish.Board(variant);
    const game = { variant, plies: [] };
    for (let ply = 0; ply < Number(plies) && !board.isGameOver(true); ply++) {
      const legal = board.legalMoves().split(' ').filter((m) => m !== '').sort();
      const move = legal[Math.floor(rng() * legal.length)];
      game.plies.push({ fen: board.fen(), legal, move, san: board.sanMove(move) });
      board.push(move);
    }
    game.fen = board.fen();
    game.over = board.isGameOver(true);
    game.result = board.result(true);
    game.insufficient = board.isInsufficientMaterial();
    out.push(JSON.stringify(game));
    board.delete();
  }
}
process.stdout.write(out.join('\n') + '\n');
