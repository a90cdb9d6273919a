// Perft counts (pawn-drop mates counted apart) and random positions from shogiops (lishogi's rules library), for Chimera's cross-check in shogiops_test.go.
//
// Usage: node perft.mjs [--shogiops DIR] MODE ...
//
// DIR (or the environment variable CHIMERA_SHOGIOPS) is a directory whose node_modules
// holds shogiops, as `npm install --prefix DIR shogiops` leaves it.
//
//   rules
//       Prints the JSON list of shogiops' rules names (standard, minishogi, ...).
//
//   perft [REQUEST ...]
//       Each REQUEST (one per argument, or else one per line of standard input) is JSON:
//       {"variant": "standard", "sfen": "...", "depth": 3, "divide": true}. For each one a
//       line of JSON is printed: {"sfen": S, "counts": [n1, ..., nDepth],
//       "pawnDropMates": [m1, ..., mDepth]}, where S is the position as shogiops writes it
//       back (makeSfen), ni its perft count at depth i (shogiops' legal moves: drops and
//       each choice of promotion included), and mi how many pawn drops at ply i of that
//       tree shogiops refuses only because they would checkmate (uchifuzume): moves that
//       Fairy-Stockfish 11.1 counts as legal (the mate then loses for the dropper), so its
//       perft at depth i is ni + mi (a position mated so has no moves, so adds nothing
//       deeper). In chushogi a double move of a piece with a lion's power is
//       { from, midStep, to } as Chushogi.isLegal reads it, and no move is counted from a
//       position whose side to move has lost its king and prince (the game is over there;
//       shogiops' debug.perft plays on). With "divide", also "divide": {"7g7f": [n, m], ...}: each root move in USI
//       (makeUsi) with its subtree's count and pawn-drop mates at depth - 1, the root's
//       own pawn-drop mates included as [0, 1] at depth 1 and [0, 0] deeper, and listed
//       in "rootPawnDropMates": ["P*5b", ...]. Where the game is over by the variant's own
//       rule (checkshogi: the side to move is in check), a position has no moves, though
//       debug.perft would walk on (see movesOf). A request
//       shogiops refuses prints {"error": "..."}.
//
//   positions VARIANT COUNT SEED [MINPLY MAXPLY]
//       Prints one line of JSON: {"start": S, "positions": [{"sfen": S, "ply": n}, ...]}:
//       the start position and COUNT distinct positions reached by random playouts from
//       it, each of a ply drawn from MINPLY..MAXPLY (default 10..80), none where the game
//       is over (shogiops' isEnd). The playouts draw every legal move (promotions and
//       drops included) with equal chance from a small PRNG seeded by SEED and VARIANT, so
//       the same arguments always give the same positions. SFENs are shogiops' own.
//
//   ended VARIANT COUNT SEED [MAXPLY]
//       Prints one line of JSON: {"positions": [{"sfen": S, "ply": n, "reason": R,
//       "winner": W}, ...]}: COUNT distinct positions where a random playout from the
//       start (drawn as in positions, default at most 200 plies) ended, by shogiops' isEnd:
//       R is why (checkmate, stalemate, draw, bareking, withoutkings, or special: the
//       variant's own end, in checkshogi a side in check) and W the winner shogiops'
//       outcome names ("sente", "gote", or "" for a draw). Playouts that reach MAXPLY are
//       drawn again.
//
// VARIANT is a shogiops rules name: standard, minishogi, chushogi, annanshogi, kyotoshogi,
// checkshogi.

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
let dir = process.env.CHIMERA_SHOGIOPS || '';
if (argv[0] === '--shogiops') {
  dir = argv[1] || '';
  argv.splice(0, 2);
}
if (!dir) fail('no shogiops installation: pass --shogiops DIR or set CHIMERA_SHOGIOPS');
if (!existsSync(path.join(dir, 'node_modules', 'shogiops'))) fail(`${dir}/node_modules/shogiops not found`);

// shogiops' ES modules, as its package.json's exports name them for import: "." for the
// index, "./*" for a module such as variant/chushogi.
const root = path.join(path.resolve(dir), 'node_modules', 'shogiops');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
async function importShogiops(sub) {
  const target = pkg.exports && pkg.exports[sub === '' ? '.' : './*'];
  const file = target && target.import && target.import.replace('*', sub);
  if (!file) fail(`${root}/package.json exports no ES module for ${JSON.stringify(sub || '.')}`);
  return import(pathToFileURL(path.join(root, file)).href);
}
const { RULES, SquareSet, sfen: shogiopsSfen, variant, variantUtil, makeUsi, parsePieceName, opposite, squareFile } =
  await importShogiops('');
const { secondLionStepDests } = await importShogiops('variant/chushogi');
const { parseSfen, makeSfen } = shogiopsSfen;
const { defaultPosition } = variant;
const { pieceCanPromote, pieceForcePromote, promotableOnDrop, promote } = variantUtil;

function checkRules(rules) {
  if (!RULES.includes(rules)) throw new Error(`unknown shogiops variant ${JSON.stringify(rules)} (shogiops has ${RULES.join(', ')})`);
}

function positionOf(rules, sfen) {
  checkRules(rules);
  const pos = parseSfen(rules, sfen, true);
  if (pos.isErr) throw new Error(`shogiops refuses the ${rules} SFEN ${JSON.stringify(sfen)}: ${pos.error.message}`);
  return pos.value;
}

// The pieces with a lion's double move in chushogi (debug.perft's list).
const lionPowers = ['lion', 'lionpromoted', 'eagle', 'falcon'];

// legalMoves lists every legal move of pos as shogiops' own debug.perft walks them: each
// piece's destinations, once promoting and once not where promotion is optional, only
// promoting where it is forced (every move of a Kyoto piece turns it over), a lion's
// second steps in chushogi; then the drops of each role held, in Kyoto shogi either side
// up.
function legalMoves(pos, ctx) {
  const moves = [];
  const canPromote = pieceCanPromote(pos.rules);
  const forcePromote = pieceForcePromote(pos.rules);
  for (const [from, dests] of pos.allMoveDests(ctx)) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (canPromote(piece, from, to, pos.board.get(to))) {
        moves.push({ from, to, promotion: true });
        if (!forcePromote(piece, to)) moves.push({ from, to, promotion: false });
      } else moves.push({ from, to, promotion: false });
      if (lionPowers.includes(piece.role)) {
        // A double move stops on to and ends on each square secondLionStepDests gives, as
        // Chushogi.isLegal reads a move { from, midStep, to } and play() plays it.
        // (debug.perft builds these moves with midStep and to the other way round, which
        // plays a different move than its USI names.)
        for (const end of secondLionStepDests(pos, from, to)) moves.push({ from, to: end, midStep: to });
      }
    }
  }
  for (const [name, dests] of pos.allDropDests(ctx)) {
    const piece = parsePieceName(name);
    const roles = [piece.role];
    if (promotableOnDrop(pos.rules)(piece)) roles.push(promote(pos.rules)(piece.role));
    for (const role of roles) {
      for (const to of dests) moves.push({ role, to });
    }
  }
  return moves;
}

// The rules whose drops shogiops makes with the pawn-drop-mate test (standardDropDests and
// annanshogi's copy of it); kyotoshogi has none, chushogi no drops.
const pawnDropMateRules = new Set(['standard', 'minishogi', 'annanshogi', 'checkshogi']);

// pawnDropMates lists the pawn drops of pos that shogiops refuses only because they would
// checkmate (or stalemate) the opponent: the drop on the square in front of the opponent's
// king when the mover holds a pawn, the square is one a lance could be dropped on (empty,
// not the mover's last rank, blocking the check if the mover is in check: the tests a
// pawn passes before the mate test), the mover has no unpromoted pawn on its file, and
// shogiops still leaves it out of the pawn's drops.
function pawnDropMates(pos, ctx) {
  const color = ctx.color;
  if (!pawnDropMateRules.has(pos.rules) || pos.hands[color].get('pawn') <= 0) return [];
  const king = pos.kingsOf(opposite(color)).singleSquare();
  if (king === undefined) return [];
  const front = color === 'sente' ? king + 16 : king - 16;
  if (front < 0 || !pos.dropDests({ color, role: 'lance' }, ctx).has(front)) return [];
  if (pos.board.pieces(color, 'pawn').intersects(SquareSet.fromFile(squareFile(front)))) return [];
  if (pos.dropDests({ color, role: 'pawn' }, ctx).has(front)) return [];
  const drop = { role: 'pawn', to: front };
  const child = pos.clone();
  child.play(drop);
  const childCtx = child.ctx();
  if (!child.isCheckmate(childCtx) && !child.isStalemate(childCtx)) {
    throw new Error(`shogiops refuses ${makeUsi(drop)} in ${makeSfen(pos)}, which is no mate`);
  }
  return [drop];
}

// movesOf is legalMoves, but none where the game is over by the variant's own rule
// (shogiops' isSpecialVariantEnd: in checkshogi, a side in check has lost): debug.perft
// walks on past that end, as a game cannot.
function movesOf(pos, ctx) {
  return pos.isSpecialVariantEnd(ctx) ? [] : legalMoves(pos, ctx);
}

// kingsLost reports whether the side to move has lost its kings (chushogi: its king and
// prince were taken), which ends the game: no move is counted from there on (shogiops'
// debug.perft plays on; lishogi does not).
function kingsLost(pos) {
  return pos.rules === 'chushogi' && pos.isWithoutKings();
}

// walk adds the moves of the tree of depth from pos to counts[ply + i] (shogiops' legal
// moves at ply + i) and mates[ply + i] (its refused pawn-drop mates there).
function walk(pos, depth, ply, counts, mates) {
  if (kingsLost(pos)) return;
  const ctx = pos.ctx();
  const moves = movesOf(pos, ctx);
  counts[ply] += moves.length;
  if (moves.length > 0) mates[ply] += pawnDropMates(pos, ctx).length;
  if (depth === 1) return;
  for (const move of moves) {
    const child = pos.clone();
    child.play(move);
    walk(child, depth - 1, ply + 1, counts, mates);
  }
}

function runPerft(req) {
  const depth = req.depth;
  if (!Number.isInteger(depth) || depth < 1 || depth > 8) throw new Error(`depth must be 1..8, got ${JSON.stringify(depth)}`);
  const pos = positionOf(req.variant, req.sfen);
  const counts = new Array(depth).fill(0);
  const mates = new Array(depth).fill(0);
  const out = { sfen: makeSfen(pos), counts, pawnDropMates: mates };
  if (!req.divide) {
    walk(pos, depth, 0, counts, mates);
    return out;
  }
  // The root by hand, to count each root move's subtree apart.
  if (kingsLost(pos)) throw new Error(`the side to move has no king left in ${req.sfen}: the game is over`);
  const ctx = pos.ctx();
  const moves = movesOf(pos, ctx);
  const rootMates = moves.length > 0 ? pawnDropMates(pos, ctx) : [];
  counts[0] = moves.length;
  mates[0] = rootMates.length;
  out.divide = {};
  for (const move of moves) {
    let entry = [1, 0];
    if (depth > 1) {
      const sub = [new Array(depth - 1).fill(0), new Array(depth - 1).fill(0)];
      const child = pos.clone();
      child.play(move);
      walk(child, depth - 1, 0, sub[0], sub[1]);
      for (let i = 0; i < depth - 1; i++) {
        counts[i + 1] += sub[0][i];
        mates[i + 1] += sub[1][i];
      }
      entry = [sub[0][depth - 2], sub[1][depth - 2]];
    }
    const usi = makeUsi(move);
    if (usi in out.divide) throw new Error(`two root moves written ${usi}`);
    out.divide[usi] = entry;
  }
  for (const drop of rootMates) out.divide[makeUsi(drop)] = [0, depth === 1 ? 1 : 0];
  out.rootPawnDropMates = rootMates.map(makeUsi);
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
      const moves = legalMoves(pos, pos.ctx());
      pos.play(moves[pick(moves.length)]);
      ply++;
    }
    if (ply < target || pos.isEnd()) continue; // the game ended first: draw another
    const sfen = makeSfen(pos);
    if (seen.has(sfen)) continue;
    seen.add(sfen);
    positions.push({ sfen, ply });
  }
  return { start: makeSfen(start), positions };
}

// endReason says why shogiops' isEnd holds in pos, in the order isEnd asks.
function endReason(pos, ctx) {
  if (pos.isCheckmate(ctx)) return 'checkmate';
  if (pos.isStalemate(ctx)) return 'stalemate';
  if (pos.isDraw(ctx)) return 'draw';
  if (pos.isBareKing(ctx)) return 'bareking';
  if (pos.isWithoutKings(ctx)) return 'withoutkings';
  if (pos.isSpecialVariantEnd(ctx)) return 'special';
  return '';
}

function endedPositions(rules, count, seed, maxPly) {
  checkRules(rules);
  const rand = mulberry32(fnv1a('ended ' + rules) ^ seed);
  const pick = n => Math.floor(rand() * n);
  const start = defaultPosition(rules);
  const positions = [];
  const seen = new Set();
  for (let tries = 0; positions.length < count; tries++) {
    if (tries >= count * 200) throw new Error(`only ${positions.length} of ${count} ended ${rules} games after ${tries} playouts`);
    const pos = start.clone();
    let ply = 0;
    while (ply < maxPly && !pos.isEnd()) {
      const moves = legalMoves(pos, pos.ctx());
      pos.play(moves[pick(moves.length)]);
      ply++;
    }
    const ctx = pos.ctx();
    if (!pos.isEnd(ctx)) continue;
    const sfen = makeSfen(pos);
    if (seen.has(sfen)) continue;
    seen.add(sfen);
    const outcome = pos.outcome(ctx);
    positions.push({ sfen, ply, reason: endReason(pos, ctx), winner: (outcome && outcome.winner) || '' });
  }
  return { positions };
}

function intArg(s, name) {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 0) fail(`${name} must be a whole number, got ${JSON.stringify(s)}`);
  return n;
}

const mode = argv.shift();
if (mode === 'rules') {
  process.stdout.write(JSON.stringify(RULES) + '\n');
} else if (mode === 'perft') {
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
} else if (mode === 'ended') {
  if (argv.length !== 3 && argv.length !== 4) fail('usage: ended VARIANT COUNT SEED [MAXPLY]');
  const [rules, count, seed] = [argv[0], intArg(argv[1], 'COUNT'), intArg(argv[2], 'SEED')];
  const maxPly = argv.length === 4 ? intArg(argv[3], 'MAXPLY') : 200;
  try {
    process.stdout.write(JSON.stringify(endedPositions(rules, count, seed, maxPly)) + '\n');
  } catch (e) {
    fail(e.message);
  }
} else {
  fail('usage: node perft.mjs [--shogiops DIR] rules | perft [REQUEST ...] | positions VARIANT COUNT SEED [MINPLY MAXPLY] | ended VARIANT COUNT SEED [MAXPLY]');
}
