// Perft counts and random positions from chessops (lichess's rules library), for Chimera's cross-check in chessops_test.go.
//
// Usage: node perft.mjs [--chessops DIR] MODE ...
//
// DIR (or the environment variable CHIMERA_CHESSOPS) is a directory whose node_modules
// holds chessops, as `npm install --prefix DIR chessops` leaves it.
//
//   perft [REQUEST ...]
//       Each REQUEST (one per argument, or else one per line of standard input) is JSON:
//       {"variant": "atomic", "fen": "...", "depth": 3, "divide": true}. For each one a
//       line of JSON is printed: {"fen": F, "counts": [n1, ..., nDepth]}, where F is the
//       position as chessops writes it back and ni its perft count at depth i; with
//       "divide", also "divide": {"e2e4": n, ...}, each root move's count at depth - 1
//       (castling written as the king's two-square move, drops as "Q@e4"). A request
//       chessops refuses prints {"error": "..."}.
//
//   positions VARIANT COUNT SEED [MINPLY MAXPLY]
//       Prints one line of JSON: {"start": F, "positions": [{"fen": F, "ply": n}, ...]}:
//       the start position and COUNT distinct positions reached by random playouts from
//       it, each of a ply drawn from MINPLY..MAXPLY (default 10..80), none where the game
//       is over. The playouts draw every legal move (promotions and drops included) with
//       equal chance from a small PRNG seeded by SEED and VARIANT, so the same arguments
//       always give the same positions. FENs are chessops' own (makeFen).
//
// VARIANT is a chessops rules name: chess, antichess, kingofthehill, 3check, atomic,
// horde, racingkings, crazyhouse.

import { mulberry32, fnv1a } from '../random.mjs';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

function fail(msg) {
  process.stderr.write(`perft.mjs: ${msg}\n`);
  process.exit(2);
}

const argv = process.argv.slice(2);
let dir = process.env.CHIMERA_CHESSOPS || '';
if (argv[0] === '--chessops') {
  dir = argv[1] || '';
  argv.splice(0, 2);
}
if (!dir) fail('no chessops installation: pass --chessops DIR or set CHIMERA_CHESSOPS');
if (!existsSync(path.join(dir, 'node_modules', 'chessops'))) fail(`${dir}/node_modules/chessops not found`);

// chessops' ES modules, as its package.json's exports name them for import: "." for the
// index, "./*" for a module such as types. (Its CommonJS build cannot be required: the
// package is "type": "module".)
const root = path.join(path.resolve(dir), 'node_modules', 'chessops');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
async function importChessops(sub) {
  const target = pkg.exports && pkg.exports[sub === '' ? '.' : './*'];
  const file = target && target.import && target.import.replace('*', sub);
  if (!file) fail(`${root}/package.json exports no ES module for ${JSON.stringify(sub || '.')}`);
  return import(pathToFileURL(path.join(root, file)).href);
}
const { debug, fen: chessopsFen, variant, makeUci, makeSquare, kingCastlesTo, isDrop, squareRank, SquareSet, ROLES } = await importChessops('');
const { RULES } = await importChessops('types');
const { perft } = debug;
const { parseFen, makeFen } = chessopsFen;
const { setupPosition, defaultPosition, castlingSide } = variant;

function checkRules(rules) {
  if (!RULES.includes(rules)) throw new Error(`unknown chessops variant ${JSON.stringify(rules)} (chessops has ${RULES.join(', ')})`);
}

function positionOf(rules, fen) {
  checkRules(rules);
  const setup = parseFen(fen);
  if (setup.isErr) throw new Error(`chessops cannot read FEN ${JSON.stringify(fen)}: ${setup.error.message}`);
  const pos = setupPosition(rules, setup.value);
  if (pos.isErr) throw new Error(`chessops refuses the ${rules} position ${JSON.stringify(fen)}: ${pos.error.message}`);
  return pos.value;
}

const fenOf = pos => makeFen(pos.toSetup());

// legalMoves lists every legal move of pos as chessops' perft walks them: each piece's
// destinations (a pawn reaching the last rank once per promotion, a king too in
// antichess), then the drops of each role held, pawns never on a back rank.
function legalMoves(pos) {
  const promotionRoles = ['queen', 'knight', 'rook', 'bishop'];
  if (pos.rules === 'antichess') promotionRoles.push('king');
  const ctx = pos.ctx();
  const moves = [];
  for (const [from, dests] of pos.allDests(ctx)) {
    const promotions = squareRank(from) === (pos.turn === 'white' ? 6 : 1) && pos.board.pawn.has(from)
      ? promotionRoles
      : [undefined];
    for (const to of dests) {
      for (const promotion of promotions) moves.push({ from, to, promotion });
    }
  }
  if (pos.pockets) {
    const dropDests = pos.dropDests(ctx);
    for (const role of ROLES) {
      if (pos.pockets[pos.turn][role] > 0) {
        for (const to of role === 'pawn' ? dropDests.diff(SquareSet.backranks()) : dropDests) moves.push({ role, to });
      }
    }
  }
  return moves;
}

// uci writes a move in coordinate notation, castling as the king's move to its square
// (chessops itself writes it as the king taking its rook).
function uci(pos, move) {
  if (!isDrop(move)) {
    const side = castlingSide(pos, move);
    if (side) return makeSquare(move.from) + makeSquare(kingCastlesTo(pos.turn, side));
  }
  return makeUci(move);
}

function runPerft(req) {
  const depth = req.depth;
  if (!Number.isInteger(depth) || depth < 1 || depth > 8) throw new Error(`depth must be 1..8, got ${JSON.stringify(depth)}`);
  const pos = positionOf(req.variant, req.fen);
  const out = { fen: fenOf(pos), counts: [] };
  for (let d = 1; d <= depth; d++) out.counts.push(perft(pos, d, false));
  if (req.divide) {
    out.divide = {};
    for (const move of legalMoves(pos)) {
      const child = pos.clone();
      child.play(move);
      out.divide[uci(pos, move)] = perft(child, depth - 1, false);
    }
  }
  return out;
}

function randomPositions(rules, count, seed, minPly, maxPly) {
  checkRules(rules);
  const rand = mulberry32(fnv1a(rules) ^ seed);
  const pick = n => Math.floor(rand() * n);
  const start = defaultPosition(rules);
  const positions = [];
  const seen = new Set();
  for (let tries = 0; positions.length < count; tries++) {
    if (tries >= count * 200) throw new Error(`only ${positions.length} of ${count} ${rules} positions after ${tries} playouts`);
    const target = minPly + pick(maxPly - minPly + 1);
    const pos = start.clone();
    let ply = 0;
    while (ply < target && !pos.isEnd()) {
      const moves = legalMoves(pos);
      pos.play(moves[pick(moves.length)]);
      ply++;
    }
    if (ply < target || pos.isEnd()) continue; // the game ended first: draw another
    const fen = fenOf(pos);
    if (seen.has(fen)) continue;
    seen.add(fen);
    positions.push({ fen, ply });
  }
  return { start: fenOf(start), positions };
}

function intArg(s, name) {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 0) fail(`${name} must be a whole number, got ${JSON.stringify(s)}`);
  return n;
}

const mode = argv.shift();
if (mode === 'perft') {
  const answer = line => {
    let out;
    try {
      out = runPerft(JSON.parse(line));
    } catch (e) {
      out = { error: String(e && e.message ? e.message : e) };
    }
    process.stdout.write(JSON.stringify(out) + '\n');
  };
  if (argv.length > 0) {
    argv.forEach(answer);
  } else {
    const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
    for await (const line of rl) {
      if (line.trim() !== '') answer(line);
    }
  }
} else if (mode === 'positions') {
  if (argv.length !== 3 && argv.length !== 5) fail('usage: positions VARIANT COUNT SEED [MINPLY MAXPLY]');
  const [rules, count, seed] = [argv[0], intArg(argv[1], 'COUNT'), intArg(argv[2], 'SEED')];
  const [minPly, maxPly] = argv.length === 5 ? [intArg(argv[3], 'MINPLY'), intArg(argv[4], 'MAXPLY')] : [10, 80];
  if (maxPly < minPly) fail('MAXPLY must be at least MINPLY');
  try {
    process.stdout.write(JSON.stringify(randomPositions(rules, count, seed, minPly, maxPly)) + '\n');
  } catch (e) {
    fail(e.message);
  }
} else {
  fail('usage: node perft.mjs [--chessops DIR] perft [REQUEST ...] | positions VARIANT COUNT SEED [MINPLY MAXPLY]');
}
