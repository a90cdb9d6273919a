// The page of chimera serve: asks the server for the board and the legal moves, plays clicks, drops, the engine.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const game = {
  variants: [],
  variant: "",
  startFen: "",
  moves: [],   // the line shown, coordinate notation: the moves to the position shown and on
  sans: [],    // the same in SAN
  labels: undefined, // the same's numbers, in rules whose turns are several moves (the server's)
  ply: 0,      // the position shown: after moves[0..ply)
  // The game's tree: the main line and its variations. A node is a move {move, san,
  // label, parent, children}; a node's first child continues its line, the others are
  // variations. game.line is the nodes of the line shown (game.moves is their moves):
  // those to the position shown, then each one's first child.
  root: { children: [] },
  line: [],
  flip: false,
  state: null, // the server's answer for the position shown
  selected: null, // {square}, or {drop: type, side, pool} for a man in a tray
  source: null,   // the engine's stream while it thinks (close() stops it)
  tool: null,     // a tool's request under way (cancel() stops it)
  seq: 0,         // numbers requests: an old answer does not overwrite a newer one
  yaml: {},       // the definitions written in this page, by variant name: links carry them
  linkSeq: 0,     // numbers the links computed: only the last one is shown
  packed: new Map(), // the definitions' texts compressed for links, by text
  editing: false, // the position editor is open: clicks put game.palette on squares
  palette: "",    // the FEN letter to put ("" empties the square; "*" a wall)
  walling: null,  // a turn half made in a variant with walls: {moves}, the man's move chosen, its wall not yet
  autoplay: false, // the engine plays both sides (Engine vs engine) until the game ends or Stop
  // Under fog of war, a game against the engine: the server's seal of the game (the page
  // knows only what the person's side sees: the seal holds the moves) and the side played.
  sealed: null,
  viewer: "",
  engineSide: "black", // the engine's side chosen, to put back when a change is declined
  // Boards played apart by partners: the person plays a seat ("A white") and the engine
  // the three others; the server answers both boards (state.pair). null otherwise.
  pair: null,
  // A game of seats (four-player chess): the person plays a seat ({seat: its letter}) and
  // the engine every other (/api/seats). null otherwise.
  seats: null,
  seatWanted: "", // the seat a link names, chosen once the variant's seats are known
};

// The clocks of a game (against the engine, of the engine against itself, or of two
// players at one board): a time for each side and an increment, chosen before the
// game's first move. The side to move's clock runs from the first move on, while the
// game goes on; the side whose clock reaches zero loses on time.
const clock = {
  on: false,
  inc: 0,                        // ms added to a side's clock after its turn
  left: { white: 0, black: 0 },  // ms, as of since for the side running
  running: "",                   // the side whose clock runs, "" when none does
  since: 0,                      // performance.now() when it started
  flagged: "",                   // the side whose time is up: the game is over
  timer: 0,
};

// The longest link offered: longer ones do not survive every browser and server.
const MAX_LINK = 8000;

function message(text, error) {
  const m = $("message");
  m.textContent = text || "";
  m.className = error ? "error" : "";
}

// The API's transport: HTTP to chimera serve, or, in the static build (window.CHIMERA_STATIC),
// messages to a Web Worker running the same API compiled to WebAssembly.
const STATIC = !!window.CHIMERA_STATIC;
const worker = { w: null, next: 1, calls: new Map() };

// workerCall sends a request to the worker; onChunk gets each piece of the answer. The
// promise (of the status) has the request's id, for workerCancel.
function workerCall(method, path, body, onChunk) {
  if (!worker.w) {
    worker.w = new Worker("worker.js");
    worker.w.onmessage = (e) => {
      const m = e.data;
      if (m.fatal) { message("The WebAssembly engine failed to start: " + m.fatal, true); return; }
      const call = worker.calls.get(m.id);
      if (!call) return;
      if (m.chunk !== undefined) call.onChunk(m.chunk);
      if (m.done) { worker.calls.delete(m.id); call.resolve(m.status); }
    };
  }
  const id = worker.next++;
  const done = new Promise((resolve) => {
    worker.calls.set(id, { onChunk: onChunk, resolve: resolve });
    worker.w.postMessage({ id: id, method: method, path: path, body: body });
  });
  done.id = id;
  return done;
}

// workerCancel stops the worker's request id (its work ends, as a closed connection ends
// the server's).
function workerCancel(id) {
  if (worker.w && worker.calls.has(id)) worker.w.postMessage({ id: id, cancel: true });
}

// request answers {status, data} for a JSON request.
function request(method, path, body) {
  return job(method, path, body).answer;
}

// tabSession is this tab's key for the server, kept while the tab is open (reloads
// too): the definitions written in it are its own, and another tab's of the same name
// are not replaced.
function tabSession() {
  if (!tabSession.key) {
    try { tabSession.key = sessionStorage.getItem("chimera-session"); } catch (_) { /* storage off */ }
    if (!tabSession.key) {
      tabSession.key = Math.random().toString(36).slice(2) + Date.now().toString(36);
      try { sessionStorage.setItem("chimera-session", tabSession.key); } catch (_) { /* a key for this page's life */ }
    }
  }
  return tabSession.key;
}

// job sends a request that may be cancelled: {answer (the promise of request), cancel()}.
// A cancelled job's work stops (the server sees the connection closed; the worker gets
// a cancel), and its answer is {status: 0, data: {error: "stopped"}}.
function job(method, path, body, raw) {
  const stopped = { status: 0, data: { error: "stopped" }, text: "" };
  if (STATIC) {
    let text = "", cancelled = false;
    const call = workerCall(method, path, body ? JSON.stringify(body) : "", (c) => { text += c; });
    const answer = call.then((status) => {
      if (cancelled) return stopped;
      let data;
      if (!raw) { try { data = JSON.parse(text); } catch (_) { data = { error: "bad answer (" + status + ")" }; } }
      return { status: status, data: data, text: text };
    });
    return { answer: answer, cancel: () => { cancelled = true; workerCancel(call.id); } };
  }
  const ctl = new AbortController();
  const headers = { "X-Chimera-Session": tabSession() };
  if (body) headers["Content-Type"] = "application/json";
  const opts = { method: method, headers: headers, signal: ctl.signal };
  if (body) opts.body = JSON.stringify(body);
  const answer = (async () => {
    try {
      const r = await fetch(path, opts);
      if (raw) return { status: r.status, text: await r.text() };
      const data = await r.json().catch(() => ({ error: "bad answer from the server (" + r.status + ")" }));
      return { status: r.status, data: data };
    } catch (e) {
      if (ctl.signal.aborted) return stopped;
      throw e;
    }
  })();
  return { answer: answer, cancel: () => ctl.abort() };
}

async function post(path, body) {
  const r = await request("POST", path, body);
  if (r.status !== 200) throw new Error(r.data.error || ("HTTP " + r.status));
  return r.data;
}

// stream runs a request answered by Server-Sent Events, calling on[name](data) for each
// event; the handle's close() stops listening, which stops the request's work (the
// server sees the connection closed; the worker gets a cancel).
function stream(path, on) {
  if (!STATIC) {
    const src = new EventSource(path);
    Object.keys(on).forEach((name) => src.addEventListener(name, (e) => on[name](e.data)));
    return { close: () => src.close() };
  }
  const h = { closed: false, close() { this.closed = true; workerCancel(this.id); } };
  let buf = "";
  const call = workerCall("GET", path, "", (chunk) => {
    if (h.closed) return;
    buf += chunk;
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      let name = "message", data = "";
      block.split("\n").forEach((line) => {
        if (line.startsWith("event: ")) name = line.slice(7);
        if (line.startsWith("data: ")) data = line.slice(6);
      });
      if (!h.closed && on[name]) on[name](data);
    }
  });
  h.id = call.id;
  call.then((status) => {
    if (status !== 200 && !h.closed && on.error) on.error(buf);
  });
  return h;
}

function gameRequest(extra) {
  if (game.seats) return Object.assign({ variant: game.variant, fen: game.startFen, moves: game.moves.slice(0, game.ply), seat: game.seats.seat, flip: game.flip }, extra);
  if (game.pair) return Object.assign({ variant: game.variant, fen: game.startFen, moves: game.moves.slice(0, game.ply), seat: game.pair.seat, flip: game.flip }, extra);
  if (game.sealed) return Object.assign({ variant: game.variant, sealed: game.sealed, flip: game.flip }, extra);
  return Object.assign({ variant: game.variant, fen: game.startFen, moves: game.moves.slice(0, game.ply), flip: game.flip }, extra);
}

// setLine starts the game's tree over with the moves of a state (a new game, a PGN, a
// game under fog), shown after its last move.
function setLine(st) {
  game.root = { children: [] };
  game.line = [];
  game.labels = st.labels ? [] : undefined;
  let parent = game.root;
  st.moves.forEach((move, i) => {
    const node = { move: move, san: st.san[i], label: st.labels ? st.labels[i] : undefined, parent: parent, children: [] };
    parent.children.push(node);
    game.line.push(node);
    parent = node;
  });
  syncLine(st.moves.length);
}

// addLine puts the moves of a state played from the position shown into the tree: a
// move the tree has there already is followed, another is added as a variation (the
// first move played from a position continues its line). The line shown then goes
// through the state's last move, and on along the first children.
function addLine(st) {
  let parent = game.root;
  const line = [];
  st.moves.forEach((move, i) => {
    let node = parent.children.find((c) => c.move === move);
    if (!node) {
      node = { move: move, parent: parent, children: [] };
      parent.children.push(node);
    }
    node.san = st.san[i];
    node.label = st.labels ? st.labels[i] : undefined;
    line.push(node);
    parent = node;
  });
  for (let n = parent.children[0]; n; n = n.children[0]) line.push(n);
  game.line = line;
  if (st.labels && !game.labels) game.labels = [];
  syncLine(st.moves.length);
}

// followNode shows the position after a node's move, its line the one shown.
function followNode(node) {
  const path = [];
  for (let n = node; n !== game.root; n = n.parent) path.unshift(n);
  const ply = path.length;
  if (game.sealed) { browse(ply); return; } // under fog, one line, shown at its end
  for (let n = node.children[0]; n; n = n.children[0]) path.push(n);
  game.line = path;
  syncLine(ply);
  browse(ply);
}

// syncLine sets the moves, SANs and numbers of the line shown from its nodes, and the ply.
function syncLine(ply) {
  game.moves = game.line.map((n) => n.move);
  game.sans = game.line.map((n) => n.san);
  if (game.labels) game.labels = game.line.map((n) => n.label || "");
  game.ply = ply;
}

// browse shows another position of the game: the engine stops, and so does a game of
// the engine against itself (the clocks run on).
function browse(ply) {
  if (game.sealed) { if (ply !== game.ply) message("Under fog the game's earlier positions are shown once it is over.", false); return; }
  endAutoplay();
  stopEngine();
  show(ply);
}

// show asks for the position after ply moves and draws it.
async function show(ply) {
  game.ply = Math.max(0, Math.min(ply, game.moves.length));
  message("");
  const seq = ++game.seq;
  try {
    const st = await post(game.pair ? "/api/pair" : game.seats ? "/api/seats" : "/api/game", gameRequest({}));
    if (seq === game.seq) (game.pair ? renderPair : game.seats ? renderSeats : render)(st);
  } catch (e) {
    message(e.message, true);
  }
}

// newGame starts from fen (or the setup chosen), after moves when given (a shared link),
// showing the position after ply of them (all by default). Opened from a link (opened),
// the engine waits to be asked: it plays once the user moves or picks its side.
async function newGame(fen, moves, ply, opened) {
  endAutoplay();
  stopEngine();
  resetClock();
  const setup = $("setup").value;
  game.setup = setup;
  pairTook();
  seatsTook();
  if (game.pair) { pairNew(fen, moves, ply, setup); return; }
  if (game.seats) { seatsNew(fen, moves, ply, setup); return; }
  const seq = ++game.seq;
  // A variant with fog, the engine playing a side, a game from its start: the person
  // plays the other side seeing only its view (a link's moves are shown in full).
  const engineSide = $("engine-side").value;
  const viewer = fogVariant() && engineSide && !(moves && moves.length) ? (engineSide === "white" ? "black" : "white") : "";
  if (viewer) game.flip = viewer === "black";
  try {
    const req = { variant: game.variant, fen: fen || "", setup: fen ? "" : setup, moves: moves || [], flip: game.flip };
    if (viewer) req.viewer = viewer;
    const st = await post("/api/game", req);
    if (seq !== game.seq) return;
    fogTook(st);
    game.startFen = st.startFen;
    setLine(st);
    message("");
    if (ply !== undefined && ply >= 0 && ply < st.moves.length) { await show(ply); return; }
    render(st);
    if (!opened) maybeEngine();
  } catch (e) {
    message(e.message, true);
  }
}

async function loadPgn(text) {
  if (game.pair) { message("Boards played apart: a match is loaded from its pair FEN and moves (the link), not from PGN.", true); return; }
  if (game.seats) { message("A game of seats is loaded from its FEN and moves (the link), not from PGN.", true); return; }
  endAutoplay();
  stopEngine();
  resetClock();
  const seq = ++game.seq;
  try {
    const st = await post("/api/pgn", { variant: game.variant, pgn: text, flip: game.flip });
    if (seq !== game.seq) return;
    fogTook(st);
    game.startFen = st.startFen;
    setLine(st);
    message("");
    render(st);
  } catch (e) {
    message(e.message, true);
  }
}

async function play(move) {
  hidePicker();
  stopEngine();
  if (game.pair) { pairPlay(game.pair.seat[0] + ":" + move); return; }
  if (game.seats) { seatsPlay(move); return; }
  if (clock.flagged) { message(flagText() + ": the game is over (New game starts another).", true); render(game.state); return; }
  const seq = ++game.seq;
  const before = game.state && game.state.side;
  const legal = game.state && game.state.legal && game.state.legal.find((m) => m.coord === move);
  const capture = !!(legal && legal.captures && legal.captures.length);
  try {
    const st = await post("/api/play", gameRequest({ move: move }));
    if (seq !== game.seq) return;
    fogTook(st);
    clockMoved(before, st.side);
    if (st.sealed) setLine(st);
    else addLine(st);
    message("");
    render(st);
    sound(capture);
    maybeEngine(true);
  } catch (e) {
    message(e.message, true);
  }
}

// pairTook sets the page for the variant open: boards played apart by partners (the
// seat chooser, the other board) or one board (the engine's side).
function pairTook() {
  const v = game.variants.find((x) => x.name === game.variant);
  const apart = !!(v && v.boards >= 2);
  game.pair = apart ? { seat: $("seat").value } : null;
  $("seat-label").hidden = !apart;
  $("engine-side-label").hidden = apart;
  $("board-other").hidden = !apart;
  if (apart) document.body.dataset.pair = game.pair.seat;
  else { delete document.body.dataset.pair; delete $("board").dataset.caption; $("board-other").innerHTML = ""; }
}

// pairNew starts a match of boards played apart: from a pair's FEN (or the setup on
// every board), after moves when given (a link), shown after ply of them. From the
// start, the engine seats move first when the schedule puts them before the person's.
async function pairNew(fen, moves, ply, setup) {
  const seq = ++game.seq;
  const opened = moves && moves.length;
  try {
    const req = { variant: game.variant, fen: fen || "", setup: fen ? "" : setup, moves: moves || [], seat: game.pair.seat, flip: game.flip };
    const st = await post(opened ? "/api/pair" : "/api/pair/play", Object.assign(req, opened ? {} : pairEngine()));
    if (seq !== game.seq) return;
    game.startFen = st.startFen;
    setLine(st);
    message("");
    if (ply !== undefined && ply >= 0 && ply < st.moves.length) { await show(ply); return; }
    renderPair(st);
  } catch (e) {
    message(e.message, true);
  }
}

// pairEngine is the engine seats' time per move and level.
function pairEngine() {
  return { movetime: Math.max(1, parseInt($("movetime").value, 10) || 1000), level: parseInt($("level").value, 10) || 10 };
}

// pairPlay plays the person's move (with its board: "A:e2e4"; "" for none) and shows the
// match after the engine seats' moves that follow it.
async function pairPlay(move) {
  const seq = ++game.seq;
  const legal = move && game.state && game.state.legal.find((m) => game.pair.seat[0] + ":" + m.coord === move);
  $("analysis").textContent = "the engine seats move...";
  try {
    const st = await post("/api/pair/play", gameRequest(Object.assign({ move: move }, pairEngine())));
    if (seq !== game.seq) return;
    addLine(st);
    message("");
    $("analysis").textContent = st.engine.length ? "the engine seats played " + st.engine.join(" ") : "";
    renderPair(st);
    sound(!!(legal && legal.captures && legal.captures.length));
  } catch (e) {
    message(e.message, true);
  }
}

// renderPair draws a match: the person's board in #board, where its moves and drops are
// made as on any board, and the other board beside it; the status says whose move it is.
function renderPair(st) {
  const k = st.seat.charCodeAt(0) - 65;
  const mine = st.boards[k];
  render(Object.assign({}, mine, { variant: st.variant, fen: st.fen, pgn: "", result: st.result, reason: st.reason, pair: st }));
  const other = $("board-other");
  other.innerHTML = "";
  st.boards.forEach((b, i) => {
    if (i === k) return;
    const box = document.createElement("div");
    box.className = "other";
    box.dataset.board = b.board;
    box.dataset.fen = b.fen;
    box.dataset.caption = "Board " + b.board + (i === (k ^ 1) ? ": your partner plays " + (st.seat.endsWith("white") ? "Black" : "White") : "");
    box.innerHTML = b.svg;
    other.appendChild(box);
    if (game.ply === game.moves.length) (b.last || []).forEach((sq) => mark(sq, "last", box));
    markChecks(b.checks, box);
  });
  $("board").dataset.caption = "Board " + mine.board + ": you play " + st.seat.split(" ")[1];
  const side = st.seat.split(" ")[1];
  let status = "You play " + st.seat + ": ";
  if (st.result !== "*") status = "Match over: " + st.result + " (" + st.reason + (st.decided ? " on board " + st.decided : "") + ")";
  else if (mine.waiting && mine.side === side) status += "you have no move: you wait for a man from your partner";
  else if (mine.side === side) status += "your move" + (mine.inCheck ? " (in check)" : "");
  else status += "the engine seats move";
  $("status").textContent = status;
  document.body.dataset.pair = st.seat;
  document.body.dataset.boards = st.boards.map((b) => b.fen).join(" | ");
  // The person's seat waits for a man (or the engine seats stopped before its turn):
  // the other board goes on.
  if (st.result === "*" && game.ply === game.moves.length && !mine.legal.length) {
    const seq = game.seq;
    setTimeout(() => { if (seq === game.seq) pairPlay(""); }, 300);
  }
}

// seatsTook sets the page for the variant open: a game of seats (the seat chooser filled
// with its seats, the panel of seats) or not.
function seatsTook() {
  const v = game.variants.find((x) => x.name === game.variant);
  const on = !!(v && v.seats && v.seats.length);
  const sel = $("table-seat");
  if (on) {
    const want = game.seatWanted || sel.value;
    sel.innerHTML = "";
    v.seats.forEach((s) => {
      const o = document.createElement("option");
      o.value = s.letter;
      o.textContent = s.name;
      o.style.color = s.colour;
      sel.appendChild(o);
    });
    const k = v.seats.findIndex((s) => s.letter === want || s.name.toLowerCase() === String(want).toLowerCase());
    sel.value = v.seats[Math.max(0, k)].letter;
    game.seats = { seat: sel.value };
    document.body.dataset.seat = sel.value;
    $("engine-side-label").hidden = true;
  } else {
    game.seats = null;
    delete document.body.dataset.seat;
    delete document.body.dataset.mover;
    $("seats-panel").innerHTML = "";
  }
  game.seatWanted = "";
  $("evalbar").hidden = on; // the engine seats tell no evaluation
  $("table-seat-label").hidden = !on;
  $("seats-panel").hidden = !on;
}

// seatsNew starts a game of seats from a FEN (or the setup), after moves when given (a
// link), shown after ply of them. From the start, the engine seats move first until it is
// the person's turn.
async function seatsNew(fen, moves, ply, setup) {
  const seq = ++game.seq;
  const opened = moves && moves.length;
  try {
    const req = { variant: game.variant, fen: fen || "", setup: fen ? "" : setup, moves: moves || [], seat: game.seats.seat, flip: game.flip };
    const st = await post(opened ? "/api/seats" : "/api/seats/play", Object.assign(req, opened ? {} : pairEngine()));
    if (seq !== game.seq) return;
    game.startFen = st.startFen;
    setLine(st);
    message("");
    if (ply !== undefined && ply >= 0 && ply < st.moves.length) { await show(ply); return; }
    renderSeats(st);
  } catch (e) {
    message(e.message, true);
  }
}

// seatsPlay plays the person's move ("h2h4"; "" for none) and shows the game after the
// engine seats' moves that follow it.
async function seatsPlay(move) {
  const seq = ++game.seq;
  const legal = move && game.state && game.state.legal.find((m) => m.coord === move);
  $("analysis").textContent = "the engine seats move...";
  try {
    const st = await post("/api/seats/play", gameRequest(Object.assign({ move: move }, pairEngine())));
    if (seq !== game.seq) return;
    addLine(st);
    message("");
    const said = [];
    if (st.engine.length) said.push("the engine seats played " + st.engine.join(" "));
    if (st.events.length) said.push(st.events.join("; "));
    $("analysis").textContent = said.join("\n");
    renderSeats(st);
    sound(!!(legal && legal.captures && legal.captures.length));
  } catch (e) {
    $("analysis").textContent = "";
    message(e.message, true);
  }
}

// renderSeats draws a game of seats: the board with the person's seat at the bottom (the
// server's picture, where its moves are made as on any board), the panel of seats (their
// colours, points, who is out, who moves), the move list by rounds, the status.
function renderSeats(st) {
  render(Object.assign({}, st, { pgn: "", side: "", inCheck: false }));
  const byLetter = {};
  st.seats.forEach((s) => { byLetter[s.letter] = s; });
  const me = byLetter[st.seat];
  const panel = $("seats-panel");
  panel.innerHTML = "";
  st.order.forEach((l) => {
    const s = byLetter[l];
    const row = document.createElement("div");
    row.className = "seat-row";
    row.dataset.seat = l;
    if (s.out) row.classList.add("out");
    if (st.mover === l) row.classList.add("to-move");
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = s.colour;
    row.appendChild(sw);
    const partners = st.seats.filter((o) => o !== s && o.team === s.team).map((o) => o.name);
    const notes = [l === st.seat ? "you" : "engine"];
    if (partners.length) notes.push("partner of " + partners.join(", "));
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = s.name + " (" + notes.join(", ") + ")";
    row.appendChild(name);
    const state = document.createElement("span");
    state.className = "seat-state";
    state.textContent = s.out ? "out" : st.mover === l ? (s.inCheck ? "to move, in check" : "to move") : s.inCheck ? "in check" : "";
    row.appendChild(state);
    if (st.scored) {
      const pts = document.createElement("span");
      pts.className = "points";
      pts.dataset.points = s.points;
      pts.textContent = s.points + (s.points === 1 ? " point" : " points");
      row.appendChild(pts);
    }
    panel.appendChild(row);
  });
  if (st.result !== "*") {
    const r = document.createElement("div");
    r.className = "seat-result";
    r.textContent = "Game over: " + st.result + " (" + st.reason + ")";
    panel.appendChild(r);
  }
  let status = "You play " + me.name + ": ";
  if (st.result !== "*") status = "Game over: " + st.result + " (" + st.reason + ")";
  else if (me.out) status += "you are out; the engine seats play on";
  else if (st.mover === st.seat) status += "your move" + (me.inCheck ? " (in check)" : "");
  else status += "the engine seats move (" + byLetter[st.mover].name + " to move)";
  $("status").textContent = status;
  document.body.dataset.seat = st.seat;
  document.body.dataset.mover = st.mover;
  // The engine seats stopped before the person's turn (their moves a request are
  // bounded, or the person's seat is out): they go on.
  if (st.result === "*" && game.ply === game.moves.length && st.mover !== st.seat) {
    const seq = game.seq;
    setTimeout(() => { if (seq === game.seq) seatsPlay(""); }, 300);
  }
}

// renderSeatMoves writes a game of seats' move list: a row a round, a column a seat in
// turn order (a seat out leaves its cell empty), each move clickable as in renderMoves.
function renderSeatMoves() {
  const list = $("moves");
  const st = game.state;
  const order = st.order;
  list.style.gridTemplateColumns = "2.2em repeat(" + order.length + ", 1fr)";
  const current = game.line[game.ply - 1];
  const cell = (text, row, col, cls) => {
    const li = document.createElement("li");
    li.textContent = text;
    li.style.gridRow = row;
    li.style.gridColumn = col;
    if (cls) li.className = cls;
    list.appendChild(li);
    return li;
  };
  cell("", 1, 1, "gap");
  order.forEach((l, i) => {
    const s = st.seats.find((x) => x.letter === l);
    const head = cell(s.name, 1, i + 2, "gap seat-head");
    head.style.color = s.colour;
  });
  let round = 1, last = -1;
  game.line.forEach((node, i) => {
    const l = node.move.split(":")[0];
    const col = order.indexOf(l);
    if (col <= last) round++;
    if (i === 0 || col <= last) cell(round + ".", round + 1, 1, "gap");
    last = col;
    const li = cell(node.san, round + 1, col + 2, "");
    li.dataset.ply = i + 1;
    li.dataset.seat = l;
    li.addEventListener("click", (e) => { e.stopPropagation(); followNode(node); });
    if (node === current) li.classList.add("current");
    else if (i >= game.ply) li.classList.add("after");
  });
}

// fogVariant: the variant open is played under fog of war.
function fogVariant() {
  const v = game.variants.find((x) => x.name === game.variant);
  return !!(v && v.fog);
}

// fogTook keeps the seal of a state under fog (none once the game is over: then the
// server shows all of it).
function fogTook(st) {
  game.sealed = st.sealed || null;
  game.viewer = st.viewer || "";
  if (game.sealed) document.body.dataset.fog = game.viewer;
  else delete document.body.dataset.fog;
}

// fogAnswered shows the game after the engine's move under fog, which the server sealed
// without telling it.
async function fogAnswered(sealed) {
  const seq = ++game.seq;
  const before = game.state && game.state.side;
  game.sealed = sealed;
  try {
    const st = await post("/api/game", gameRequest({}));
    if (seq !== game.seq) return;
    fogTook(st);
    clockMoved(before, st.side);
    setLine(st);
    message("");
    render(st);
    sound(false); // the engine's move, unseen
    maybeEngine();
  } catch (e) {
    message(e.message, true);
  }
}

function render(st) {
  game.state = st;
  if (st.hookErrors) message(st.hookErrors.join("\n"), true);
  game.selected = null;
  game.walling = null;
  delete document.body.dataset.walling;
  $("board").innerHTML = st.svg;
  $("fen").value = st.fen;
  $("pgn").value = st.pgn;
  let status = st.side === "white" ? "White to move" : "Black to move";
  const notes = [];
  if (st.turn) notes.push(st.turn); // turns of several moves: "move 2 of 2"
  if (st.inCheck) notes.push("in check");
  if (notes.length) status += " (" + notes.join(", ") + ")";
  if (st.sealed) status += " (under fog: you see " + (st.viewer === "white" ? "White" : "Black") + "'s view)";
  if (st.result !== "*") status = "Game over: " + st.result + " (" + st.reason + ")";
  if (clock.flagged) status = "Game over: " + (clock.flagged === "white" ? "0-1" : "1-0") + " (" + flagText() + ")";
  else if (st.result !== "*" && game.ply === game.moves.length) stopClock(); // the rules ended it
  $("status").textContent = status;
  if (st.result !== "*" && game.ply === game.moves.length) endAutoplay();
  showClocks();
  renderMoves();
  const cur = $("moves").querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
  if (game.ply > 0) markLast();
  markChecks(st.checks);
  updateLink();
  document.body.dataset.ply = game.ply;
  document.body.dataset.fen = st.fen;
  document.body.dataset.variant = st.variant; // the board's, once drawn
}

// renderMoves writes the move list: the main line two moves a row, numbered by full moves
// from the start's FEN ("1. e4 e5", "12... Nf6" when Black begins; in rules whose turns
// are several moves, by the server's numbers), each move's variations on a row of their
// own after it, in parentheses, nested as lichess's analysis board shows them. A click on
// a move shows the position after it, its line the one shown.
function renderMoves() {
  const list = $("moves");
  list.innerHTML = "";
  if (game.seats && game.state && game.state.order) { renderSeatMoves(); return; }
  list.style.gridTemplateColumns = "";
  const fields = game.startFen.split(" ");
  const blackFirst = fields[1] === "b" && !game.labels;
  const first = parseInt(fields[5], 10) || 1;
  const shown = new Set(game.line);
  const current = game.line[game.ply - 1];
  // number is the text before the move of index i (half-moves from the start): the
  // server's label, or the full move's number before White's move and, opening a line,
  // before Black's ("2...").
  const number = (node, i, opening) => {
    if (game.labels) return node.label || (opening ? "…" : "");
    const k = i + (blackFirst ? 1 : 0);
    if (k % 2 === 0) return (first + k / 2) + ".";
    return opening ? (first + (k - 1) / 2) + "..." : "";
  };
  const mark = (el, node) => {
    el.addEventListener("click", (e) => { e.stopPropagation(); followNode(node); });
    if (node === current) el.classList.add("current");
    else if (shown.has(node) && game.line.indexOf(node) >= game.ply) el.classList.add("after");
  };
  // variation writes a line that starts with node (a variation, the move of index i) into el.
  const variation = (el, node, i) => {
    el.appendChild(document.createTextNode("("));
    let opening = true;
    for (let n = node; n; n = n.children[0], i++) {
      const span = document.createElement("span");
      span.className = "move";
      const num = number(n, i, opening);
      span.textContent = (num ? num + " " : "") + n.san;
      mark(span, n);
      if (!opening) el.appendChild(document.createTextNode(" "));
      el.appendChild(span);
      opening = false;
      if (n !== node && n.parent.children.length > 1 && n.parent.children[0] === n) {
        n.parent.children.slice(1).forEach((alt) => { el.appendChild(document.createTextNode(" ")); variation(el, alt, i); });
        opening = true;
      }
    }
    el.appendChild(document.createTextNode(")"));
  };
  const gap = (text) => {
    const li = document.createElement("li");
    li.className = "gap";
    li.textContent = text;
    list.appendChild(li);
  };
  if (blackFirst && game.root.children.length) gap(first + "...");
  let i = 0;
  for (let n = game.root.children[0]; n; n = n.children[0], i++) {
    // A move of the second column just after a row of variations: its row's first cell.
    const column = (i + (blackFirst ? 1 : 0)) % 2;
    if (column === 1 && list.lastElementChild && list.lastElementChild.classList.contains("variation")) {
      gap(game.labels ? "…" : number(n, i, true));
    }
    const li = document.createElement("li");
    li.textContent = n.san;
    li.dataset.ply = i + 1;
    const num = game.labels ? n.label : number(n, i, false);
    if (num) li.dataset.num = num;
    mark(li, n);
    list.appendChild(li);
    if (n.parent.children.length > 1) {
      const row = document.createElement("li");
      row.className = "variation";
      n.parent.children.slice(1).forEach((alt, j) => {
        if (j > 0) row.appendChild(document.createTextNode(" "));
        variation(row, alt, i);
      });
      list.appendChild(row);
    }
  }
}

// updateLink shows the link to the position shown, and puts the whole game in the
// address bar (a reload reopens it): the variant, the start and the moves, and a
// definition written in the page, compressed, after #def=. An address too long for that
// names the definition by its key in this browser's storage (#mine=KEY).
async function updateLink() {
  const seq = ++game.linkSeq; // compressing takes a while: a later call may finish first
  const yaml = game.yaml[game.variant];
  let packed = "";
  if (yaml) {
    packed = game.packed.get(yaml); // compressed once: the address follows each move at once
    if (packed === undefined) { packed = await pack(yaml); game.packed.set(yaml, packed); }
  }
  if (seq !== game.linkSeq) return;
  const link = gameAddress(false, packed);
  $("link").value = link.length <= MAX_LINK ? link
    : "The definition is too large for a link (" + link.length + " characters, at most " + MAX_LINK + "): share its YAML instead.";
  let here = gameAddress(true, packed);
  if (yaml && here.length > MAX_LINK) here = here.slice(0, here.indexOf("#def=")) + "#mine=" + keepDefinition(yaml);
  if (here !== location.href) history.replaceState(null, "", here);
}

// gameAddress is the address of the page showing this game: the moves to the position
// shown, or (whole) all of them and the ply shown when it is not the last; packed is the
// compressed definition written in the page, if the variant is one.
function gameAddress(whole, packed) {
  const q = new URLSearchParams();
  // The server's /play/NAME knows only the variants it serves: a definition of the page
  // is named by ?variant= on the first page.
  if (STATIC || packed) q.set("variant", game.variant);
  q.set("fen", game.startFen);
  const n = game.sealed ? 0 : whole ? game.moves.length : game.ply; // under fog the moves are sealed
  if (n > 0) q.set("moves", game.moves.slice(0, n).join(" "));
  if (game.pair) q.set("seat", game.pair.seat);
  if (game.seats) q.set("seat", game.seats.seat);
  if (whole && game.ply < n) q.set("ply", game.ply);
  let link = location.origin + (STATIC ? location.pathname : packed ? "/" : "/play/" + encodeURIComponent(game.variant)) + "?" + q.toString();
  if (packed) link += "#def=" + packed;
  return link;
}

// keepDefinition stores a definition in this browser (localStorage) and answers its key,
// a hash of its text.
function keepDefinition(yaml) {
  let h = 0x811c9dc5;
  for (let i = 0; i < yaml.length; i++) h = Math.imul(h ^ yaml.charCodeAt(i), 0x01000193) >>> 0;
  const key = h.toString(36);
  try { localStorage.setItem("chimera-definition-" + key, yaml); } catch (_) { /* storage full or off: the address still names it */ }
  return key;
}
// pack compresses text (deflate) into base64url; unpack undoes it.
async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = "";
  bytes.forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function unpack(code) {
  const bin = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

// The board's marks: an overlay group that lets clicks through.
function overlay(root) {
  const svg = (root || $("board")).querySelector("svg");
  let g = svg.querySelector("#marks");
  if (!g) {
    g = document.createElementNS(SVGNS, "g");
    g.id = "marks";
    g.setAttribute("pointer-events", "none");
    const pieces = svg.querySelector("#pieces");
    svg.insertBefore(g, pieces);
  }
  return g;
}

function cellRect(sq, root) {
  return (root || $("board")).querySelector('svg .square[id="' + sq + '"], svg .unused[id="' + sq + '"]');
}

function mark(sq, cls, root) {
  const r = cellRect(sq, root);
  if (!r) return;
  // The cell's box (a square, or a hexagon's bounding box): marks are centred in it.
  const box = r.getBBox();
  const w = box.width, x = box.x, y = box.y + box.height / 2 - box.width / 2;
  // A copy of the cell's own shape (a square or a hexagon), for the marks that fill it.
  const cellShape = () => {
    const c = r.cloneNode(false);
    c.removeAttribute("id");
    c.removeAttribute("class");
    return c;
  };
  let el;
  if (cls === "dest capture") {
    // A destination with a man on it: a ring round the cell, which the man does not hide.
    el = document.createElementNS(SVGNS, "circle");
    el.setAttribute("cx", x + w / 2);
    el.setAttribute("cy", y + w / 2);
    el.setAttribute("r", w / 2 - w / 14);
    el.setAttribute("fill", "none");
    el.setAttribute("stroke", "#15803d");
    el.setAttribute("stroke-opacity", "0.75");
    el.setAttribute("stroke-width", w / 7);
  } else if (cls === "check") {
    // A royal man in check: a red glow under it.
    el = cellShape();
    el.setAttribute("fill", "url(#check-glow)");
  } else if (cls === "affected") {
    // A man one of the moves offered changes without taking it (a stun).
    el = document.createElementNS(SVGNS, "circle");
    el.setAttribute("cx", x + w / 2);
    el.setAttribute("cy", y + w / 2);
    el.setAttribute("r", w / 2 - 3);
    el.setAttribute("fill", "none");
    el.setAttribute("stroke", "#d97706");
    el.setAttribute("stroke-width", "3");
    el.setAttribute("stroke-dasharray", "6 4");
  } else if (cls === "dest") {
    el = document.createElementNS(SVGNS, "circle");
    el.setAttribute("cx", x + w / 2);
    el.setAttribute("cy", y + w / 2);
    el.setAttribute("r", w / 6);
    el.setAttribute("fill", "#15803d");
    el.setAttribute("fill-opacity", "0.6");
  } else if (cls === "wall") {
    // A cell where the turn's wall may go.
    el = document.createElementNS(SVGNS, "rect");
    el.setAttribute("x", x + w / 4);
    el.setAttribute("y", y + w / 4);
    el.setAttribute("width", w / 2);
    el.setAttribute("height", w / 2);
    el.setAttribute("rx", w / 12);
    el.setAttribute("fill", "#44403c");
    el.setAttribute("fill-opacity", "0.55");
    el.setAttribute("stroke", "#1c1917");
    el.setAttribute("stroke-width", "2");
  } else if (cls === "victim") {
    // A man captured in passing by one of the moves offered.
    el = document.createElementNS(SVGNS, "circle");
    el.setAttribute("cx", x + w / 2);
    el.setAttribute("cy", y + w / 2);
    el.setAttribute("r", w / 2 - 3);
    el.setAttribute("fill", "none");
    el.setAttribute("stroke", "#dc2626");
    el.setAttribute("stroke-width", "3");
  } else {
    el = cellShape();
    el.setAttribute("fill", cls === "selected" ? "#facc15" : "#a3e635");
    el.setAttribute("fill-opacity", "0.45");
  }
  el.setAttribute("class", "mark " + cls);
  el.dataset.square = sq;
  overlay(root).appendChild(el);
}

// markChecks puts a red glow under each royal man in check.
function markChecks(squares, root) {
  if (!squares || !squares.length) return;
  const svg = (root || $("board")).querySelector("svg");
  if (!svg.querySelector("#check-glow")) {
    const defs = document.createElementNS(SVGNS, "defs");
    defs.innerHTML = '<radialGradient id="check-glow"><stop offset="0%" stop-color="#ef4444" stop-opacity="0.95"/>' +
      '<stop offset="55%" stop-color="#ef4444" stop-opacity="0.6"/><stop offset="100%" stop-color="#ef4444" stop-opacity="0"/></radialGradient>';
    svg.insertBefore(defs, svg.firstChild);
  }
  squares.forEach((sq) => mark(sq, "check", root));
}

function markLast() {
  if (game.state && game.state.last) { // the server's: where the men of the move landed
    game.state.last.forEach((sq) => mark(sq, "last"));
    return;
  }
  // The last move's squares, read from the coordinate text of the move before this
  // position, and the cell of its wall (after the comma: e2e4,e4d5).
  const coord = game.moves[game.ply - 1] || "";
  const [move, wall] = coord.split(",");
  const sqs = move.match(/[a-z][0-9]+/g) || [];
  sqs.slice(0, 2).forEach((sq) => mark(sq, "last"));
  const w = (wall || "").match(/[a-z][0-9]+/g) || [];
  if (w.length) mark(w[w.length - 1], "last");
}

function clearMarks() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll(".mark.dest, .mark.selected, .mark.victim, .mark.affected, .mark.wall").forEach((el) => el.remove());
  svg.querySelectorAll(".tray-piece.selected").forEach((el) => el.classList.remove("selected"));
}

function candidates(sel) {
  if (!game.state) return [];
  return game.state.legal.filter((m) => !m.alone && (sel.drop !== undefined
    ? m.drop === sel.drop && m.traySide === sel.side && m.trayPool === sel.pool
    : m.from === sel.square));
}

function select(sel, el) {
  clearMarks();
  game.selected = sel;
  if (sel.square) mark(sel.square, "selected");
  if (el) el.classList.add("selected");
  const dests = new Set(), takes = new Set(), victims = new Set(), affected = new Set();
  candidates(sel).forEach((m) => {
    dests.add(m.to);
    if (m.partner) dests.add(m.partner);
    if (occupied(m.to) && m.to !== m.from) takes.add(m.to);
    (m.captures || []).forEach((sq) => { if (sq !== m.to) victims.add(sq); });
    (m.affected || []).forEach((sq) => affected.add(sq));
  });
  dests.forEach((sq) => mark(sq, takes.has(sq) ? "dest capture" : "dest"));
  victims.forEach((sq) => mark(sq, "victim"));
  affected.forEach((sq) => mark(sq, "affected"));
}

// occupied: a man stands on sq.
function occupied(sq) {
  return !!$("board").querySelector('svg .piece[data-square="' + sq + '"]');
}

// squareOf is the square an element of the board stands for, or "".
function squareOf(el) {
  const holder = el.closest("[data-square]");
  if (holder && holder.dataset.square) return holder.dataset.square;
  const cell = el.closest(".square, .unused");
  return cell ? cell.id : "";
}

// finish plays the move of the selection to sq: at once, or through the picker when
// several moves join the same squares. In a variant with walls the turn goes on with the
// choice of its wall. It reports whether there was one.
function finish(sel, sq) {
  const moves = candidates(sel).filter((m) => m.to === sq || m.partner === sq);
  if (moves.length && moves[0].wall) {
    // The turns of the man's moves between these squares: one group a move (a promotion
    // may make several, for the picker).
    const groups = new Map();
    moves.forEach((m) => { if (!groups.has(m.base)) groups.set(m.base, []); groups.get(m.base).push(m); });
    if (groups.size === 1) chooseWall(moves);
    else showPicker([...groups.values()].map((g) => g[0]), (m) => { hidePicker(); chooseWall(groups.get(m.base)); }, (m) => m.san.slice(0, m.san.lastIndexOf(",")));
    return true;
  }
  if (moves.length === 1) play(moves[0].coord);
  if (moves.length > 1) showPicker(moves);
  return moves.length > 0;
}

// chooseWall begins the second step of a turn in a variant with walls: the man's move is
// shown made (its man on its landing cell, what it takes gone), the cells its wall may
// take marked; a click on one of them plays the turn, Escape or a click elsewhere takes
// the move back.
function chooseWall(moves) {
  clearMarks();
  game.selected = null;
  game.walling = { moves: moves };
  const m = moves[0];
  const svg = $("board").querySelector("svg");
  const at = (sq) => svg.querySelector('.piece[data-square="' + sq + '"]');
  const man = at(m.from), from = cellRect(m.from), to = cellRect(m.to);
  (m.captures || []).forEach((sq) => { const v = at(sq); if (v && v !== man) v.style.display = "none"; });
  if (man && from && to && m.to !== m.from) {
    const a = from.getBBox(), b = to.getBBox();
    man.setAttribute("transform", "translate(" + (b.x - a.x) + " " + (b.y - a.y) + ")");
    man.style.pointerEvents = "none"; // clicks on its landing cell reach the cell
  }
  mark(m.from, "selected");
  mark(m.to, "selected");
  moves.forEach((t) => mark(t.wall, "wall"));
  document.body.dataset.walling = m.base;
  message("Now the wall: click one of the marked cells (Escape takes the move back).");
}

// cancelWall takes back the man's move of a turn whose wall was not placed.
function cancelWall() {
  if (!game.walling) return;
  message("");
  render(game.state);
}

// Dragging: a piece (or a man in a tray) pressed and moved follows the pointer, and is
// played where it is let go; let go where it cannot go, it goes back.
const drag = { sel: null, el: null, x: 0, y: 0, moved: false, swallowClick: false };

function onPointerDown(ev) {
  if (ev.button !== 0 || game.editing || game.walling || !game.state || game.state.result !== "*") return;
  const tray = ev.target.closest(".tray-piece");
  const piece = ev.target.closest(".piece");
  let sel = null;
  if (tray) sel = { drop: +tray.dataset.type, side: tray.dataset.side, pool: tray.dataset.pool };
  else if (piece && piece.dataset.square) sel = { square: piece.dataset.square };
  if (!sel || !candidates(sel).length) return;
  Object.assign(drag, { sel: sel, el: tray ? tray.querySelector(".piece") : piece, tray: tray, x: ev.clientX, y: ev.clientY, moved: false });
}

function onPointerMove(ev) {
  if (!drag.sel) return;
  if (!drag.moved) {
    if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 5) return;
    drag.moved = true;
    select(drag.sel, drag.tray);
    drag.el.style.pointerEvents = "none";
  }
  const svg = $("board").querySelector("svg");
  const k = 1 / svg.getScreenCTM().a; // SVG units per CSS pixel
  drag.el.setAttribute("transform", "translate(" + (ev.clientX - drag.x) * k + " " + (ev.clientY - drag.y) * k + ")");
}

function onPointerUp(ev) {
  if (!drag.sel) return;
  const d = Object.assign({}, drag);
  drag.sel = null;
  if (!d.moved) return; // a click: onBoardClick plays it
  drag.swallowClick = true; // the click that follows this pointerup is the drag's
  setTimeout(() => { drag.swallowClick = false; }, 0);
  d.el.removeAttribute("transform");
  d.el.style.pointerEvents = "";
  const under = document.elementFromPoint(ev.clientX, ev.clientY);
  if (!(under && $("board").contains(under) && finish(d.sel, squareOf(under)))) {
    clearMarks();
    game.selected = null;
  }
}

// The position editor: a palette of the variant's pieces, both colours, and an eraser.
function openEditor() {
  if (game.sealed) { message("Under fog the position is not edited: the rest of the board is hidden from you.", true); return; }
  if (game.pair) { message("Boards played apart: edit a match's start as its pair FEN (the boards' FENs joined by \" | \") and Load it.", true); return; }
  if (game.seats) { message("A game of seats: edit its start as its FEN (docs/fourplayer-rules.md) and Load it.", true); return; }
  endAutoplay();
  stopEngine();
  game.editing = true;
  const v = game.variants.find((x) => x.name === game.variant);
  const box = $("palette-pieces");
  box.innerHTML = "";
  const letters = [];
  (v ? v.pieces : []).forEach((p) => letters.push([p.letter, "White " + p.name]));
  (v ? v.pieces : []).forEach((p) => letters.push([p.letter.toLowerCase(), "Black " + p.name]));
  if (v && v.walls) letters.push(["*", "a wall"]);
  letters.push(["", "empty the square"]);
  letters.forEach(([l, title]) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "pal";
    b.textContent = l || "\u2715";
    b.title = title;
    b.dataset.piece = l;
    b.addEventListener("click", () => {
      game.palette = l;
      box.querySelectorAll(".pal").forEach((x) => x.classList.toggle("chosen", x === b));
    });
    box.appendChild(b);
  });
  box.querySelector(".pal").click();
  $("palette").hidden = false;
}

function closeEditor() {
  game.editing = false;
  $("palette").hidden = true;
}

// editPosition sends one change of the position to the server and starts from the result.
async function editPosition(change) {
  const seq = ++game.seq;
  try {
    const st = await post("/api/setup", Object.assign({ variant: game.variant, fen: game.state.fen, flip: game.flip }, change));
    if (seq !== game.seq) return;
    game.startFen = st.startFen;
    setLine({ moves: [], san: [] });
    resetClock(); // a new position: a new game
    message("");
    render(st);
  } catch (e) {
    message(e.message, true);
  }
}

function onBoardClick(ev) {
  if (drag.swallowClick) { drag.swallowClick = false; return; }
  if (game.editing) {
    const sq = squareOf(ev.target);
    if (sq) editPosition({ square: sq, piece: game.palette });
    return;
  }
  if (!game.state || game.state.result !== "*") return;
  if (game.walling) {
    const sq = squareOf(ev.target);
    const turn = game.walling.moves.find((m) => m.wall === sq);
    if (turn) play(turn.coord);
    else cancelWall();
    return;
  }
  const tray = ev.target.closest(".tray-piece");
  if (tray) {
    const sel = { drop: +tray.dataset.type, side: tray.dataset.side, pool: tray.dataset.pool };
    if (!candidates(sel).length) {
      message("No legal move takes " + tray.dataset.letter + " from " + tray.dataset.side + "'s " + tray.dataset.pool + ".", true);
      clearMarks();
      game.selected = null;
      return;
    }
    message("");
    select(sel, tray);
    return;
  }
  const sq = squareOf(ev.target);
  if (!sq) return;
  const sel = game.selected;
  if (sel && finish(sel, sq)) return;
  if (candidates({ square: sq }).length) {
    message("");
    select({ square: sq });
    return;
  }
  // Where a wall is placed instead of a move: a click on an empty cell with no man
  // selected walls it, if a wall may go there.
  const alone = !sel && game.state.legal.find((m) => m.alone && m.wall === sq);
  if (alone) {
    play(alone.coord);
    return;
  }
  if (sel) message("Illegal: no legal move " + (sel.square ? "from " + sel.square : "of that drop") + " to " + sq + ".", true);
  clearMarks();
  game.selected = null;
}

// showPicker offers the moves between the same squares: promotions, exchanges, paths.
// pick (play by default) takes the one chosen, label (its SAN) names it.
function showPicker(moves, pick, label) {
  const box = $("picker-choices");
  box.innerHTML = "";
  moves.forEach((m) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label ? label(m) : m.san;
    b.dataset.coord = m.base || m.coord;
    b.className = "choice";
    b.addEventListener("click", () => (pick ? pick(m) : play(m.coord)));
    box.appendChild(b);
  });
  $("picker").hidden = false;
  $("picker").scrollIntoView({ block: "nearest" }); // on a small screen, below the board
}

function hidePicker() { $("picker").hidden = true; }

// The engine: a search (game.source), or a tool's work (game.tool: perft, tests, a
// balance report), which Stop and a move end.
function stopEngine() {
  if (game.source) { game.source.close(); game.source = null; }
  if (game.tool) { game.tool.cancel(); game.tool = null; $("tool-out").textContent = "stopped"; }
}

// runTool runs a tool's request as game.tool (one at a time), answering its result or
// null when it was stopped.
async function runTool(what, method, path, body, raw) {
  stopEngine();
  $("tool-out").textContent = what;
  const j = job(method, path, body, raw);
  game.tool = j;
  const r = await j.answer;
  if (game.tool === j) game.tool = null;
  return r.status === 0 ? null : r;
}

// sound plays a move's sound when Sound is ticked (it is not at first): a short tone made
// here with WebAudio, no file downloaded; lower and longer for a capture.
function sound(capture) {
  if (!$("sound").checked) return;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  try {
    if (!game.audio) game.audio = new Ctx();
    const a = game.audio;
    if (a.state === "suspended") a.resume();
    const t = a.currentTime, len = capture ? 0.16 : 0.08;
    const osc = a.createOscillator(), gain = a.createGain();
    osc.type = "triangle";
    osc.frequency.setValueAtTime(capture ? 330 : 660, t);
    osc.frequency.exponentialRampToValueAtTime(capture ? 165 : 495, t + len);
    gain.gain.setValueAtTime(0.2, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + len);
    osc.connect(gain).connect(a.destination);
    osc.start(t);
    osc.stop(t + len);
  } catch (_) { /* no sound: the move is made all the same */ }
}

// maybeEngine asks the engine for its move when it plays the side to move, at the end of
// the line shown or just after a move (played was true: a move made in the game's middle
// is answered, whatever line the tree holds after it).
function maybeEngine(played) {
  if (game.pair || game.seats) return; // the engine seats move in the answer to the person's move
  const st = game.state;
  if (st && st.result === "*" && !clock.flagged && (game.autoplay || $("engine-side").value === st.side) && (played || game.ply === game.moves.length)) think(true);
}

// showEval sets the evaluation bar: White's share of it grows with the score from
// White's side (white: centipawns, or a decided game's large score), a win filling it.
function showEval(white, text, side) {
  const bar = $("evalbar");
  const share = Math.abs(white) >= 20000 ? (white > 0 ? 1 : 0) : 1 / (1 + Math.exp(-white / 250));
  $("evalfill").style.width = (100 * share).toFixed(1) + "%";
  // The score's text is told from the side to move; the bar shows it from White's.
  $("evaltext").textContent = (side === "white" ? "" : "Black: ") + text;
  bar.dataset.white = String(white);
  bar.dataset.share = share.toFixed(3);
}

// copyText puts text on the clipboard (or, where the page may not write it, selects it
// for the user's own copy), and says so.
async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    message(what + " copied.", false);
  } catch (_) {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand && document.execCommand("copy");
    area.remove();
    message(ok ? what + " copied." : "Copying is not allowed here: select the text and copy it.", !ok);
  }
  document.body.dataset.copied = text;
}

// engineTime is the engine's time for a search (ms): the page's, or with a clock, for a
// move of its own, a share of what is left on its clock (a thirtieth, and most of the
// increment), never more than the page's time nor than is left.
function engineTime(move, side) {
  const t = Math.max(1, parseInt($("movetime").value, 10) || 1000);
  if (!move || !clock.on) return String(t);
  const left = clockLeft(side);
  return String(Math.max(20, Math.min(t, Math.floor(left / 30 + clock.inc * 0.8), left - 100)));
}

// clockSettings reads the time control chosen: {base, inc} in ms (base 0: no clock).
function clockSettings() {
  const min = parseFloat($("clock-min").value), inc = parseFloat($("clock-inc").value);
  return { base: min > 0 ? Math.min(min, 600) * 60000 : 0, inc: inc > 0 ? Math.min(inc, 600) * 1000 : 0 };
}

// resetClock sets both clocks to the time control chosen, stopped (a new game).
function resetClock() {
  const c = clockSettings();
  clearInterval(clock.timer);
  Object.assign(clock, { on: c.base > 0, inc: c.inc, left: { white: c.base, black: c.base }, running: "", since: 0, flagged: "", timer: 0 });
  delete document.body.dataset.flagged;
  showClocks();
}

// clockLeft is a side's time left now (ms).
function clockLeft(side) {
  return clock.left[side] - (clock.running === side ? performance.now() - clock.since : 0);
}

// clockMoved passes the clock on after a move: from the side that moved (before), which
// gets its increment when its turn is over, to the side to move now (after).
function clockMoved(before, after) {
  if (!clock.on || clock.flagged) return;
  const now = performance.now();
  if (clock.running) clock.left[clock.running] -= now - clock.since;
  if (before && before !== after) clock.left[before] += clock.inc;
  clock.running = after;
  clock.since = now;
  if (!clock.timer) clock.timer = setInterval(tickClock, 100);
  showClocks();
}

// stopClock stops the clock running (the game ended by the rules).
function stopClock() {
  if (clock.running) clock.left[clock.running] = clockLeft(clock.running);
  clock.running = "";
  clearInterval(clock.timer);
  clock.timer = 0;
}

function tickClock() {
  if (clock.running && clockLeft(clock.running) <= 0) {
    // Time is up: that side loses, and nothing more is played.
    const side = clock.running;
    stopClock();
    clock.left[side] = 0;
    clock.flagged = side;
    document.body.dataset.flagged = side;
    endAutoplay();
    stopEngine();
    if (game.state) render(game.state);
    return;
  }
  showClocks();
}

// flagText says whose time is up.
function flagText() {
  return (clock.flagged === "white" ? "White" : "Black") + "'s time is up";
}

// clockText writes ms as m:ss, with tenths under 20 s.
function clockText(ms) {
  ms = Math.max(0, ms);
  const s = ms / 1000, m = Math.floor(s / 60), r = s - 60 * m;
  return m + ":" + (r < 10 ? "0" : "") + (s < 20 ? r.toFixed(1) : Math.floor(r));
}

// showClocks draws the clocks, the side at the bottom of the board below it.
function showClocks() {
  const shown = clock.on;
  ["white", "black"].forEach((side) => {
    const el = $("clock-" + side);
    const left = clockLeft(side);
    el.textContent = clockText(left);
    el.dataset.label = side === "white" ? "White" : "Black";
    el.dataset.ms = String(Math.max(0, Math.round(left)));
    el.classList.toggle("running", clock.running === side);
    el.classList.toggle("low", left < 10000);
    el.classList.toggle("flagged", clock.flagged === side);
    const slot = $((side === "white") !== game.flip ? "clock-bottom" : "clock-top");
    if (shown && el.parentNode !== slot) slot.appendChild(el);
    if (!shown && el.parentNode !== $("clocks")) $("clocks").appendChild(el);
  });
}

// Engine against engine: the engine plays the side to move, then the other, until the
// game ends (by the rules or a clock) or Stop.
function startAutoplay() {
  if (game.autoplay) { endAutoplay(); stopEngine(); return; }
  if (game.sealed) { message("Under fog you play a side against the engine: Engine vs engine is for a game in full view.", true); return; }
  if (game.pair) { message("Boards played apart: you play a seat, the engine the three others (chimera partners plays four engines).", true); return; }
  if (game.seats) { message("A game of seats: you play a seat, the engine the others (chimera seats plays engines against each other).", true); return; }
  if (clock.flagged || !game.state || game.state.result !== "*") { message("The game is over: New game starts another.", true); return; }
  game.autoplay = true;
  $("autoplay").classList.add("on");
  $("autoplay").textContent = "Stop engine vs engine";
  document.body.dataset.autoplay = "on";
  if (game.ply !== game.moves.length) { message("The engines play on from the position shown; the moves after it stay, the engines' as a variation where they differ.", false); }
  think(true);
}

function endAutoplay() {
  if (!game.autoplay) return;
  game.autoplay = false;
  $("autoplay").classList.remove("on");
  $("autoplay").textContent = "Engine vs engine";
  delete document.body.dataset.autoplay;
}

// showArrow draws an arrow on the board for the legal move of the position shown that
// is (a function of the move) the engine's best, from its man's cell to its
// destination (a drop: a ring on the cell it drops on); one arrow at a time.
function showArrow(is) {
  const svg = $("board").querySelector("svg");
  if (!svg || !game.state) return;
  svg.querySelectorAll(".best-arrow").forEach((el) => el.remove());
  if (!$("show-arrow").checked) return;
  const m = game.state.legal.find(is);
  const to = m && cellRect(m.to);
  if (!to) return;
  // A cell's centre and width from its box (a square, or a hexagon's bounding box).
  const centre = (r) => { const b = r.getBBox(); return [b.x + b.width / 2, b.y + b.height / 2]; };
  const w = to.getBBox().width;
  const [x2, y2] = centre(to);
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", "best-arrow");
  g.setAttribute("pointer-events", "none");
  g.dataset.from = m.from;
  g.dataset.to = m.to;
  g.setAttribute("stroke", "#15781b");
  g.setAttribute("fill", "#15781b");
  g.setAttribute("opacity", "0.75");
  const from = m.from && cellRect(m.from);
  if (!from || m.from === m.to) {
    const c = document.createElementNS(SVGNS, "circle");
    c.setAttribute("cx", x2);
    c.setAttribute("cy", y2);
    c.setAttribute("r", w / 2 - w / 10);
    c.setAttribute("fill", "none");
    c.setAttribute("stroke-width", w / 8);
    g.appendChild(c);
  } else {
    // A shaft from the centre of the man's cell, stopped short of the destination's
    // centre by the head, which points there.
    const [x1, y1] = centre(from);
    const len = Math.hypot(x2 - x1, y2 - y1), ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const head = w * 0.45, half = w * 0.25;
    const bx = x2 - ux * head, by = y2 - uy * head;
    const line = document.createElementNS(SVGNS, "line");
    line.setAttribute("x1", x1);
    line.setAttribute("y1", y1);
    line.setAttribute("x2", bx);
    line.setAttribute("y2", by);
    line.setAttribute("stroke-width", w * 0.16);
    line.setAttribute("stroke-linecap", "round");
    const tip = document.createElementNS(SVGNS, "polygon");
    tip.setAttribute("points", [[x2, y2], [bx - uy * half, by + ux * half], [bx + uy * half, by - ux * half]].map((p) => p.join(",")).join(" "));
    tip.setAttribute("stroke", "none");
    g.appendChild(line);
    g.appendChild(tip);
  }
  svg.appendChild(g);
}

function think(move) {
  stopEngine();
  const st = game.state;
  if (!st || st.result !== "*" || (move && clock.flagged)) return;
  if (game.sealed) { fogThink(move); return; }
  if (game.pair) { message("Boards played apart: the engine plays the three other seats, moving after yours; it does not analyse a board alone here.", true); return; }
  if (game.seats) { message("A game of seats: the engine plays the other seats, moving after yours; it does not analyse here.", true); return; }
  const q = new URLSearchParams({ variant: game.variant, fen: game.startFen, moves: game.moves.slice(0, game.ply).join(" "), movetime: engineTime(move, st.side), multipv: $("multipv").value || "1", level: $("level").value || "10" });
  const out = $("analysis");
  const ply = game.ply;
  const lines = [];
  const src = stream("/api/search?" + q.toString(), {
    info: (data) => {
      const i = JSON.parse(data);
      if (i.multipv === 1) {
        showEval(st.side === "white" ? i.score : -i.score, i.scoreText, st.side);
        if (game.ply === ply) showArrow((m) => m.san === i.pv.split(" ")[0]);
      }
      lines[i.multipv - 1] = i.multipv + ". depth " + i.depth + "  " + i.scoreText + (i.bound ? " (" + i.bound + " bound)" : "") + "  " + i.pv;
      out.textContent = "depth " + i.depth + "  nodes " + i.nodes + "  nps " + i.nps + "  time " + (i.timeMs / 1000).toFixed(1) + "s\n" + lines.join("\n");
    },
    bestmove: (data) => {
      const b = JSON.parse(data);
      src.close();
      if (game.source === src) game.source = null;
      out.textContent += "\nbest move: " + b.san + " (" + b.coord + ")  depth " + b.depth + "  score " + b.scoreText;
      if (game.ply === ply) showArrow((m) => m.coord === b.coord);
      if (move && game.ply === ply) play(b.coord);
    },
    error: (data) => {
      if (data) { try { message(JSON.parse(data).error, true); } catch (_) {} }
      src.close();
      if (game.source === src) { game.source = null; endAutoplay(); }
    },
  });
  game.source = src;
  out.textContent = "thinking...";
}

// fogThink asks the engine for its move in a game under fog: it plays with what its own
// side sees, tells no analysis, and answers the game sealed with its move.
function fogThink(move) {
  const st = game.state;
  if (!move || st.side === game.viewer) {
    message("Under fog the engine plays its own side only" + (move ? ": it is your move." : ", and does not analyse (it would see what you do not)."), true);
    return;
  }
  const q = new URLSearchParams({ variant: game.variant, sealed: game.sealed, movetime: engineTime(move, st.side), level: $("level").value || "10" });
  const out = $("analysis");
  const ply = game.ply;
  const src = stream("/api/search?" + q.toString(), {
    bestmove: (data) => {
      const b = JSON.parse(data);
      src.close();
      if (game.source === src) game.source = null;
      out.textContent = "the engine has moved, in the fog (depth " + b.depth + ", " + b.nodes + " nodes)";
      if (game.ply === ply && game.sealed) fogAnswered(b.sealed);
    },
    error: (data) => {
      if (data) { try { message(JSON.parse(data).error, true); } catch (_) {} }
      src.close();
      if (game.source === src) game.source = null;
    },
  });
  game.source = src;
  out.textContent = "the engine thinks, seeing only its side's view...";
}

// The definition editor: the open variant's YAML, or a definition of one's own, checked
// by the server (positioned errors) and played at once.
async function editDefinition() {
  const r = await request("GET", "/api/definition?variant=" + encodeURIComponent(game.variant));
  if (r.status !== 200) { message(r.data.error, true); return; }
  $("yaml").value = r.data.yaml;
  $("def-errors").innerHTML = "";
}

async function loadDefinition() {
  const list = $("def-errors");
  list.innerHTML = "";
  const r = await request("POST", "/api/definition", { yaml: $("yaml").value });
  if (r.status !== 200) {
    (r.data.errors || [{ message: r.data.error }]).forEach((e) => {
      const li = document.createElement("li");
      const where = e.line ? (e.file ? e.file + ", " : "") + "line " + e.line + (e.col ? ":" + e.col : "") + ": " : "";
      li.textContent = where + e.message;
      li.dataset.line = e.file ? "" : (e.line || "");
      li.addEventListener("click", () => selectLine(+li.dataset.line));
      list.appendChild(li);
    });
    return;
  }
  const v = r.data;
  if (!keepGame("Playing this definition")) return;
  game.yaml[v.name] = $("yaml").value;
  game.variants = game.variants.filter((x) => x.name !== v.name).concat([v]);
  fillVariants();
  switchVariant(v.name);
}

// runTests runs the open variant's own tests (tests: in its definition).
async function runTests() {
  const out = $("tool-out");
  const r = await runTool("running the tests of " + game.variant + "...", "POST", "/api/tests", { variant: game.variant });
  if (!r) return;
  if (r.status !== 200) { out.textContent = r.data.error; return; }
  const lines = [r.data.passed + " passed, " + r.data.failed + " failed"];
  r.data.tests.forEach((t) => {
    lines.push((t.pass ? "ok   " : "FAIL ") + t.name + "  (" + t.where + ", " + t.ms + " ms)");
    (t.failures || []).forEach((f) => lines.push("       " + f));
    (t.skipped || []).forEach((f) => lines.push("       skipped: " + f));
  });
  out.textContent = lines.join("\n");
}

// runPerft counts the move tree of the position shown.
async function runPerft() {
  const out = $("tool-out");
  const depth = $("perft-depth").value || "3";
  const q = new URLSearchParams({ variant: game.variant, fen: game.startFen, moves: game.moves.slice(0, game.ply).join(" "), depth: depth });
  const r = await runTool("perft " + depth + "...", "GET", "/api/perft?" + q.toString());
  if (!r) return;
  if (r.status !== 200) { out.textContent = r.data.error; return; }
  out.textContent = "perft " + r.data.depth + ": " + r.data.nodes + " nodes in " + r.data.ms + " ms\n" +
    r.data.divide.map((d) => d.san + " (" + d.coord + "): " + d.nodes).join("\n");
}

// balanceReport plays engine games of the open variant and links to chimera selfplay's
// report of them.
async function balanceReport() {
  const out = $("tool-out");
  const games = $("balance-games").value || "20";
  const path = "/api/balance?" + new URLSearchParams({ variant: game.variant, games: games }).toString();
  const r = await runTool("playing " + games + " games of " + game.variant + "...", "GET", path, null, true);
  if (!r) return;
  const text = r.text, status = r.status;
  if (status !== 200) {
    try { out.textContent = JSON.parse(text).error; } catch (_) { out.textContent = "HTTP " + status; }
    return;
  }
  out.textContent = "";
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/html" }));
  a.target = "_blank";
  a.id = "balance-link";
  a.textContent = "the balance report of " + games + " games of " + game.variant;
  out.appendChild(a);
}

// selectLine selects a line of the definition box.
function selectLine(n) {
  if (!n) return;
  const box = $("yaml");
  const lines = box.value.split("\n");
  let start = 0;
  for (let i = 0; i < n - 1 && i < lines.length; i++) start += lines[i].length + 1;
  box.focus();
  box.setSelectionRange(start, start + (lines[n - 1] || "").length);
}

function fillVariants() {
  const sel = $("variant");
  sel.innerHTML = "";
  game.variants.forEach((v) => {
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.title + " (" + v.name + ")";
    sel.appendChild(o);
  });
  sel.value = game.variant;
}

// keepGame asks before a game of moves is thrown away (another variant, a new game, a
// FEN or PGN loaded): it answers true when there is none, or the user agrees.
function keepGame(what) {
  let n = 0; // the moves of the tree: the main line's and the variations'
  const count = (node) => node.children.forEach((c) => { n++; count(c); });
  count(game.root);
  if (!n) return true;
  return window.confirm(what + " ends this game of " + n + (n === 1 ? " move" : " moves") + (n > game.moves.length ? " with its variations" : "") + ". Go on?");
}

// described is the variant of that name with its setups and pieces: the server names
// and titles the variants it has not compiled yet, and describes one when asked (which
// compiles it).
async function described(name) {
  const v = game.variants.find((x) => x.name === name);
  if (!v || v.setups) return v;
  const r = await request("GET", "/api/variants?variant=" + encodeURIComponent(name));
  if (r.status !== 200) throw new Error(r.data.error);
  return Object.assign(v, r.data);
}

// switchVariant opens another variant in place (the worker of the static build keeps the
// definitions written in the page).
async function switchVariant(name) {
  closeEditor();
  game.variant = name;
  $("variant").value = name;
  try {
    await described(name);
  } catch (e) {
    message(e.message, true);
    return;
  }
  if (game.variant !== name) return; // another was chosen meanwhile
  fillSetups();
  newGame(); // its board puts it in the address bar
}

async function start() {
  game.variants = (await request("GET", "/api/variants")).data;
  const sel = $("variant");
  const params = new URLSearchParams(location.search);
  const m = location.pathname.match(/^\/play\/([^/]+)/);
  game.variant = m ? decodeURIComponent(m[1]) : (params.get("variant") || game.variants[0].name);
  let warning = ""; // what of the address could not be opened
  // A link with a definition (or its key in this browser's storage): served first.
  if (location.hash.startsWith("#def=") || location.hash.startsWith("#mine=")) {
    try {
      const yaml = location.hash.startsWith("#def=") ? await unpack(location.hash.slice(5)) : storedDefinition(location.hash.slice(6));
      const r = await request("POST", "/api/definition", { yaml: yaml });
      if (r.status !== 200) throw new Error(r.data.error);
      game.variants = game.variants.filter((x) => x.name !== r.data.name).concat([r.data]);
      game.variant = r.data.name;
      game.yaml[r.data.name] = yaml;
      $("yaml").value = yaml;
    } catch (e) {
      warning = "The link's definition: " + e.message + ". ";
    }
  }
  let fen = params.get("fen") || "", moveText = params.get("moves") || "";
  if (params.get("seat")) { $("seat").value = params.get("seat"); game.seatWanted = params.get("seat"); }
  if (!game.variants.some((x) => x.name === game.variant)) {
    warning += "This page does not know the variant " + JSON.stringify(game.variant) + ": here is " + game.variants[0].title + ".";
    game.variant = game.variants[0].name;
    fen = "";
    moveText = "";
  }
  await described(game.variant);
  fillVariants();
  fillSetups();
  sel.addEventListener("change", () => {
    if (keepGame("Another variant")) switchVariant(sel.value);
    else sel.value = game.variant; // an arrow key on the menu does not throw the game away
  });
  $("edit-def").addEventListener("click", editDefinition);
  $("load-def").addEventListener("click", loadDefinition);
  $("run-tests").addEventListener("click", runTests);
  $("perft").addEventListener("click", runPerft);
  $("balance").addEventListener("click", balanceReport);
  $("edit-position").addEventListener("click", () => (game.editing ? closeEditor() : keepGame("Editing the position") && openEditor()));
  $("edit-done").addEventListener("click", () => { closeEditor(); maybeEngine(); });
  $("side-to-move").addEventListener("click", () => editPosition({ side: game.state.side === "white" ? "black" : "white" }));
  $("setup").addEventListener("change", () => {
    if (keepGame("Another setup")) newGame();
    else $("setup").value = game.setup;
  });
  $("new-game").addEventListener("click", () => { if (keepGame("A new game")) newGame(); });
  $("flip").addEventListener("click", () => { game.flip = !game.flip; show(game.ply); });
  $("board").addEventListener("click", onBoardClick);
  $("board").addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove);
  document.addEventListener("pointerup", onPointerUp);
  $("picker-cancel").addEventListener("click", () => { hidePicker(); clearMarks(); game.selected = null; });
  try { $("sound").checked = localStorage.getItem("chimera-sound") === "on"; } catch (_) { /* storage off: no sound */ }
  $("sound").addEventListener("change", () => {
    try { localStorage.setItem("chimera-sound", $("sound").checked ? "on" : "off"); } catch (_) { /* kept for this page's life */ }
  });
  $("first").addEventListener("click", () => browse(0));
  $("back").addEventListener("click", () => browse(game.ply - 1));
  $("forward").addEventListener("click", () => browse(game.ply + 1));
  $("last").addEventListener("click", () => browse(game.moves.length));
  $("load-fen").addEventListener("click", () => { if (keepGame("Loading a FEN")) newGame($("fen").value.trim()); });
  $("copy-fen").addEventListener("click", () => copyText($("fen").value, "FEN"));
  $("copy-link").addEventListener("click", () => copyText($("link").value, "Link"));
  $("copy-pgn").addEventListener("click", () => copyText($("pgn").value, "PGN"));
  $("load-pgn").addEventListener("click", () => { if (keepGame("Loading a PGN")) loadPgn($("pgn").value); });
  $("engine-move").addEventListener("click", () => think(true));
  $("analyse").addEventListener("click", () => think(false));
  $("stop").addEventListener("click", () => { endAutoplay(); stopEngine(); });
  $("autoplay").addEventListener("click", startAutoplay);
  $("show-arrow").addEventListener("change", () => { if (!$("show-arrow").checked) showArrow(() => false); });
  const clockChanged = () => {
    if (game.moves.length === 0 || clock.flagged) { resetClock(); return; }
    message("The new clock counts from the next new game.", false);
  };
  $("clock-min").addEventListener("change", clockChanged);
  $("clock-inc").addEventListener("change", clockChanged);
  $("seat").addEventListener("change", () => {
    if (keepGame("Another seat")) { game.seatChosen = $("seat").value; newGame(); }
    else $("seat").value = game.seatChosen || "A white";
  });
  $("table-seat").addEventListener("change", () => {
    if (keepGame("Another seat")) newGame();
    else $("table-seat").value = game.seats ? game.seats.seat : $("table-seat").value;
  });
  $("engine-side").addEventListener("change", () => {
    // Under fog the side played is chosen at the start: another starts a new game.
    if (!fogVariant()) { game.engineSide = $("engine-side").value; maybeEngine(); return; }
    if (keepGame("Another side under fog")) { game.engineSide = $("engine-side").value; newGame(); }
    else $("engine-side").value = game.engineSide;
  });
  document.addEventListener("keydown", (e) => {
    if (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    if (e.key === "Escape" && game.walling) { cancelWall(); return; }
    if (e.key === "ArrowLeft") browse(game.ply - 1);
    if (e.key === "ArrowRight") browse(game.ply + 1);
  });
  // Moves are separated by blanks (or commas, but in a variant with walls, whose turns
  // write their wall after a comma: e2e4,e4d5).
  const v = game.variants.find((x) => x.name === game.variant);
  const moves = moveText.split(v && v.walls ? /\s+/ : /[\s,]+/).filter(Boolean);
  const ply = params.has("ply") ? parseInt(params.get("ply"), 10) : undefined;
  await newGame(fen, moves, ply, true);
  if (warning) message(warning, true);
}

// storedDefinition is the definition kept in this browser under key (keepDefinition).
function storedDefinition(key) {
  let yaml = null;
  try { yaml = localStorage.getItem("chimera-definition-" + key); } catch (_) { /* storage off */ }
  if (yaml === null) throw new Error("it is kept in the browser that wrote it, not in this one");
  return yaml;
}

function fillSetups() {
  const v = game.variants.find((x) => x.name === game.variant);
  const sel = $("setup");
  sel.innerHTML = "";
  (v ? v.setups : []).forEach((s) => {
    const o = document.createElement("option");
    o.value = s;
    o.textContent = s;
    sel.appendChild(o);
  });
}

start().catch((e) => message(e.message, true));
