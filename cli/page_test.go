// Tests of the page's fixes of #52 (item by item) in chimera serve's page, in headless Chromium.
package cli

import (
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/web"
	"chimera/interpreter"
)

// servePage serves the page for the variants named and opens a browser tab on it.
func servePage(t *testing.T, names ...string) *page {
	t.Helper()
	path := chromium(t)
	var rulesets []*compiler.Ruleset
	for _, name := range names {
		rs, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		rulesets = append(rulesets, rs)
	}
	h, err := web.App(rulesets)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return newPage(t, path, srv.URL)
}

// reload reloads the tab and waits for the board at ply.
func (pg *page) reload(ply string) {
	pg.t.Helper()
	pg.run("reload", chromedp.Reload())
	pg.until("the board after the reload", `document.body && document.body.dataset.ply === "`+ply+`"`, 15*time.Second)
}

// #52 item 2: the address bar holds the game (the variant, the start, the moves, the
// ply shown, the definition written in the page): a reload reopens it. On main the
// address stayed /play/chess, and after "Play this definition" it named a variant the
// server did not know (a 404 listing every variant served).
func TestPageReloadKeepsTheGame(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "chess", "koopa")
	pg.open("/play/chess")
	pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	for i, mv := range [][2]string{{"e2", "e4"}, {"e7", "e5"}, {"g1", "f3"}} {
		pg.click(square(mv[0]))
		pg.click(square(mv[1]))
		pg.until(mv[0]+mv[1], `document.body.dataset.ply === "`+string(rune('1'+i))+`"`, 5*time.Second)
	}
	pg.click(`#back`)
	pg.until("back", `document.body.dataset.ply === "2"`, 5*time.Second)
	fen := pg.js(`document.body.dataset.fen`)
	pg.reload("2")
	if got, f := pg.sans(), pg.js(`document.body.dataset.fen`); got != "e4 e5 Nf3" || f != fen {
		t.Fatalf("after a reload: moves %q at %s, want e4 e5 Nf3 shown after e5 (%s)", got, f, fen)
	}

	// A definition written in the page, short (in the address) and long (kept in the
	// browser, its key in the address).
	for _, tc := range []struct{ name, extra string }{{"mine", ""}, {"mylong", "description: " + strings.Repeat("a long description ", 600) + "\n"}} {
		pg.run("a definition", chromedp.SetValue(chromedp.ID("yaml"), "extends: chess\nname: "+tc.name+"\ntitle: My chess\n"+tc.extra))
		pg.agree()
		pg.click(`#load-def`)
		pg.until("the new variant", `document.body.dataset.variant === "`+tc.name+`" && document.body.dataset.ply === "0"`, 10*time.Second)
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		pg.click(square("d2"))
		pg.click(square("d4"))
		pg.until("d4", `document.body.dataset.ply === "1" && location.search.includes("moves=")`, 5*time.Second)
		pg.reload("1")
		if v, title, msg := pg.js(`document.getElementById("variant").value`), pg.js(`document.querySelector("#board svg title").textContent`), pg.js(`document.getElementById("message").textContent`); v != tc.name || !strings.HasPrefix(title, "My chess") || pg.sans() != "d4" || msg != "" {
			t.Fatalf("%s reloaded: variant %q (%s), moves %q, message %q", tc.name, v, title, pg.sans(), msg)
		}
	}

	// An address naming a variant the page does not know says so in a line, and opens the first.
	pg.run("open", chromedp.Navigate(pg.base+"/play/nosuch"))
	pg.until("the first variant", `document.body.dataset.ply === "0"`, 10*time.Second)
	if msg := pg.js(`document.getElementById("message").textContent`); !strings.Contains(msg, `"nosuch"`) || len(msg) > 200 || pg.js(`document.getElementById("variant").value`) != "chess" {
		t.Fatalf("/play/nosuch: message %q, variant %s", msg, pg.js(`document.getElementById("variant").value`))
	}
}

// #52 item 3: a link to a position with Black to move, the engine set to play Black (the
// page's default), leaves the move to the user: the engine plays when asked (on main it
// played within a second).
func TestPageLinkDoesNotWakeTheEngine(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "chess")
	pg.run("open the link", chromedp.Navigate(pg.base+"/play/chess?moves=e2e4"))
	pg.until("the board", `document.body.dataset.ply === "1"`, 10*time.Second)
	if pg.js(`document.getElementById("engine-side").value`) != "black" || pg.js(`document.body.dataset.ply`) != "1" {
		t.Fatal("want the engine on Black and Black to move")
	}
	time.Sleep(2 * time.Second)
	if ply, a := pg.js(`document.body.dataset.ply`), pg.js(`document.getElementById("analysis").textContent`); ply != "1" || a != "" {
		t.Fatalf("2 s after opening the link: ply %s, analysis %q: the engine played unasked", ply, a)
	}
	// Asked, it plays.
	pg.run("movetime", chromedp.SetValue(chromedp.ID("movetime"), "200"))
	pg.click(`#engine-move`)
	pg.until("the engine's move", `document.body.dataset.ply === "2"`, 10*time.Second)
}

// #52 item 7: an arrow key on the focused Variant menu (or New game, another setup, a
// FEN or PGN loaded) asks before throwing a game away; declined, the game stays (on main
// the arrow key switched the variant at once and the game was gone).
func TestPageAsksBeforeDiscardingAGame(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "chess", "koopa")
	pg.open("/play/chess")
	pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	pg.click(square("e2"))
	pg.click(square("e4"))
	pg.until("e4", `document.body.dataset.ply === "1"`, 5*time.Second)
	pg.js(`(window.asked = [], window.confirm = (q) => { window.asked.push(q); return false; }, true)`)
	pg.run("an arrow key on the variant menu", chromedp.Focus(chromedp.ID("variant")), chromedp.KeyEvent(kb.ArrowDown))
	pg.until("the question", `window.asked.length === 1`, 5*time.Second)
	pg.click(`#new-game`)
	pg.until("the question", `window.asked.length === 2`, 5*time.Second)
	time.Sleep(300 * time.Millisecond)
	if v, ply := pg.js(`document.getElementById("variant").value`), pg.js(`document.body.dataset.ply`); v != "chess" || ply != "1" || pg.sans() != "e4" {
		t.Fatalf("declined: variant %s, ply %s, moves %q; want the game of chess kept", v, ply, pg.sans())
	}
	pg.js(`(window.confirm = (q) => { window.asked.push(q); return true; }, true)`)
	pg.run("an arrow key on the variant menu", chromedp.Focus(chromedp.ID("variant")), chromedp.KeyEvent(kb.ArrowDown))
	pg.until("the other variant", `document.body.dataset.variant === "koopa" && document.body.dataset.ply === "0"`, 5*time.Second)
}

// marks lists the squares of the board's marks of a class, sorted.
func (pg *page) marks(class string) string {
	return pg.js(`[...document.querySelectorAll("#board .mark.` + class + `")].map(m => m.dataset.square).sort().join(" ")`)
}

// #52 item 5: the board shows check, rings the men a move takes, marks where the mover
// landed, and previews what a move stuns and kicks. On main: check in the status line
// alone, a dot under the man taken, the victim's cell marked after a bounce, no preview.
func TestPageBoardCues(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "chess", "koopa")
	open := func(path, ply string) {
		pg.run("open "+path, chromedp.Navigate(pg.base+path))
		pg.until("the board of "+path, `document.body.dataset.ply === "`+ply+`"`, 10*time.Second)
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	}
	// Check: 1.e4 f5 2.Qh5+ (the king on e8 is in check; nothing else is).
	open("/play/chess?moves=e2e4+f7f5+d1h5", "3")
	if got := pg.marks("check"); got != "e8" {
		t.Errorf("check marked on %q, want e8", got)
	}
	// Capture rings: after 1.e4 d5, the pawn e4 may take on d5 (a ring) or go to e5 (a dot).
	open("/play/chess?moves=e2e4+d7d5", "2")
	pg.click(square("e4"))
	if rings, dots := pg.marks("dest.capture"), pg.marks("dest:not(.capture)"); rings != "d5" || dots != "e5" {
		t.Errorf("e4's destinations: rings %q, dots %q; want d5 ringed, e5 dotted", rings, dots)
	}
	// Koopa: 1.e4 d5 2.exd5 bounces the pawn on to c6 (the rules' text: the capturer
	// bounces on in the direction of its move to the first empty square).
	open("/play/koopa?moves=e2e4+d7d5+e4d5", "3")
	if got := pg.marks("last"); got != "c6 e4" {
		t.Errorf("the last move's marks after the bounce exd5: %q, want e4 and c6", got)
	}
	// The seed examples of the definition's tests: 1.fxe5 stuns e5, d6, c7 and b8;
	// after 1...Qg5, 2.Bxe5 kicks e5 and everything beyond it on the long diagonal (g7, h8).
	fen := "nrkqnrbb/ppp2ppp/3p4/4p3/1P3P2/8/P1PPP1PP/BNQRNBKR w KQkq - 0 1"
	open("/play/koopa?fen="+strings.ReplaceAll(fen, " ", "%20"), "0")
	pg.click(square("f4"))
	if got := pg.marks("affected"); got != "b8 c7 d6 e5" {
		t.Errorf("fxe5's preview: stunned %q, want b8 c7 d6 e5", got)
	}
	open("/play/koopa?fen="+strings.ReplaceAll(fen, " ", "%20")+"&moves=f4e5+d8g5", "2")
	pg.click(square("a1"))
	if got, ring := pg.marks("victim"), pg.marks("dest.capture"); got != "g7 h8" || ring != "e5" {
		t.Errorf("Bxe5's preview: kicked %q beyond the ringed %q, want g7 h8 beyond e5", got, ring)
	}
	// The bishop's moves stun nothing (the stunned men's counters go down with any move).
	if got := pg.marks("affected"); got != "" {
		t.Errorf("the bishop's moves preview stuns on %q, want none", got)
	}
}

// #52 item 4: when the clock cuts the search, its last line keeps the win it found (on
// main the line cut short read "+0" in most runs, and so did the best move's score).
func TestPageCutSearchKeepsItsMate(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "koopa")
	pg.open("/play/koopa")
	// 4 s: the win is found at about 1 s on an idle machine; the page tests run two at a
	// time beside other packages' tests.
	pg.run("a search of 4 s", chromedp.SetValue(chromedp.ID("engine-side"), ""), chromedp.SetValue(chromedp.ID("movetime"), "4000"))
	pg.click(`#analyse`)
	pg.until("the best move", `document.getElementById("analysis").textContent.includes("best move")`, 20*time.Second)
	out := pg.js(`document.getElementById("analysis").textContent`)
	lines := strings.Split(out, "\n")
	if len(lines) < 3 || !strings.Contains(lines[len(lines)-2], "win in") || !strings.Contains(lines[len(lines)-1], "score win in") {
		t.Fatalf("the analysis ends %q: want the win found kept to the last line and the best move", out)
	}
}

// #52 item 8: on a phone's screen (375 CSS pixels wide) the board and the Hostage
// exchange picker fit in the width, and the picker, opened below the board, is on the
// screen (on main it opened below the bottom of the screen).
func TestPageFitsAPhone(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "hostage")
	pg.run("a phone's screen", chromedp.EmulateViewport(375, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	fen := "2b1k2r/ppp2p1p/2n5/3p4/3P4/2N5/PPP2PP1/R3K2R[QBPrnp][NBPqbp] w KQk - 0 1"
	pg.run("open", chromedp.Navigate(pg.base+"/play/hostage?fen="+strings.ReplaceAll(fen, " ", "%20")))
	pg.until("the board", `document.body.dataset.ply === "0"`, 10*time.Second)
	pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	pg.click(`#board svg .tray-piece[data-side="black"][data-pool="prison"][data-letter="B"] rect`)
	pg.click(square("e3"))
	pg.until("the picker", `!document.getElementById("picker").hidden`, 5*time.Second)
	for _, sel := range []string{"#board svg", "#picker", "#picker button:last-child"} {
		where := pg.js(`(() => { const r = document.querySelector("` + sel + `").getBoundingClientRect(), e = document.documentElement;
		  return r.left >= 0 && r.right <= e.clientWidth + 0.5 ? "in" : "x " + r.left + " to " + r.right + " of " + e.clientWidth; })()`)
		if where != "in" {
			t.Errorf("%s spans %s: beyond the screen's width", sel, where)
		}
	}
	// The picker, opened below the tall board with its trays, is on the screen.
	if where := pg.js(`(() => { const r = document.getElementById("picker").getBoundingClientRect();
	  return r.top >= 0 && r.bottom <= window.innerHeight + 0.5 ? "in" : "y " + r.top + " to " + r.bottom + " of " + window.innerHeight; })()`); where != "in" {
		t.Errorf("the picker spans %s: off the screen", where)
	}
}

// #52 item 6: two tabs of one server: a definition of the name another tab's has is
// refused with a message saying so, and the first tab's rules stay (on main they were
// replaced without a word).
func TestPageTabsKeepTheirDefinitions(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	a := servePage(t, "chess")
	tab, cancel := chromedp.NewContext(a.ctx) // a second tab of the same browser
	t.Cleanup(cancel)
	b := &page{t: t, ctx: tab, base: a.base}
	for _, tc := range []struct {
		pg    *page
		title string
	}{{a, "Mine"}, {b, "Theirs"}} {
		tc.pg.open("/play/chess")
		tc.pg.run("a definition", chromedp.SetValue(chromedp.ID("yaml"), "extends: chess\nname: mine\ntitle: "+tc.title+"\n"))
		tc.pg.click(`#load-def`)
	}
	a.until("tab A's variant", `document.body.dataset.variant === "mine"`, 5*time.Second)
	b.until("tab B's refusal", `document.querySelectorAll("#def-errors li").length > 0`, 5*time.Second)
	if msg := b.js(`document.getElementById("def-errors").textContent`); !strings.Contains(msg, "another tab") {
		t.Errorf("tab B is told %q", msg)
	}
	// Tab A's game goes on under its own rules.
	a.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	a.click(`#flip`)
	a.until("the board redrawn", `+document.querySelector('#board svg rect[id="a1"]').getAttribute("y") < +document.querySelector('#board svg rect[id="a8"]').getAttribute("y")`, 5*time.Second)
	if title := a.js(`document.querySelector("#board svg title").textContent`); !strings.HasPrefix(title, "Mine") {
		t.Errorf("tab A's board is now titled %q", title)
	}
}

// #48 in the page: a turn of two moves played by clicks, one move at a time, the status
// saying which move of its turn comes and the move list numbering turns.
func TestPageTurnsOfSeveralMoves(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "marseillais")
	pg.open("/play/marseillais")
	pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	for i, mv := range [][2]string{{"e2", "e4"}, {"e7", "e5"}, {"b8", "c6"}} {
		pg.click(square(mv[0]))
		pg.click(square(mv[1]))
		pg.until(mv[1], `document.body.dataset.ply === "`+string(rune('1'+i))+`"`, 5*time.Second)
		if i == 1 {
			if s := pg.js(`document.getElementById("status").textContent`); s != "Black to move (move 2 of 2)" {
				t.Fatalf("after e4 e5: status %q; want Black's second move", s)
			}
		}
	}
	if s := pg.js(`document.getElementById("status").textContent`); s != "White to move (move 1 of 2)" {
		t.Fatalf("after Black's turn: status %q", s)
	}
	if nums := pg.js(`[...document.querySelectorAll("#moves li[data-ply]")].map(li => li.dataset.num || "").join(" ")`); nums != "1.  /" {
		t.Fatalf("the move list's numbers %q; want 1., none, /", nums)
	}
}

// #52 item 6: the evaluation bar follows the engine's score from White's side, and the
// copy buttons hand over the FEN, the link and the PGN.
func TestPageEvaluationBarAndCopy(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "chess")
	pg.open("/play/chess?fen=" + strings.ReplaceAll("4k3/8/8/8/8/8/8/QQQQK3 b - - 0 1", " ", "+"))
	pg.run("movetime", chromedp.SetValue(chromedp.ID("movetime"), "300"))
	pg.click(`#analyse`)
	// Black to move, three queens down: the bar is nearly all White's.
	pg.until("the evaluation", `Number(document.getElementById("evalbar").dataset.share) > 0.9`, 10*time.Second)
	if w := pg.js(`document.getElementById("evalbar").dataset.white`); strings.HasPrefix(w, "-") {
		t.Fatalf("White's score %s, told from Black's side", w)
	}
	pg.click(`#stop`)
	for _, c := range []struct{ button, field string }{{"copy-fen", "fen"}, {"copy-link", "link"}, {"copy-pgn", "pgn"}} {
		pg.js(`(delete document.body.dataset.copied, true)`)
		pg.click("#" + c.button)
		pg.until(c.button, `document.body.dataset.copied === document.getElementById("`+c.field+`").value && document.body.dataset.copied !== ""`, 5*time.Second)
	}
}

// #48: Alice chess in the page: both boards drawn, each cell its own (A:e2, B:e4); a man
// moved on board A by clicks lands on board B, and a man on B moves back to A.
func TestPageTwoBoards(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "alice")
	pg.open("/play/alice")
	pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	if n := pg.js(`String(document.querySelectorAll("#board svg rect.square").length)`); n != "128" {
		t.Fatalf("%s cells drawn; want 128 (two boards of 64)", n)
	}
	for i, mv := range [][2]string{{"A:e2", "A:e4"}, {"A:d7", "A:d5"}, {"B:e4", "B:d5"}} {
		pg.click(square(mv[0]))
		pg.click(square(mv[1]))
		pg.until(mv[1], `document.body.dataset.ply === "`+string(rune('1'+i))+`"`, 5*time.Second)
	}
	// 1.e4 (onto B) d5 (onto B) 2.exd5 on B: the pawn takes on B and crosses to d5 of A.
	want := "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR|8/8/8/8/8/8/8/8 b KQkq - 0 2"
	if fen := pg.js(`document.getElementById("fen").value`); fen != want {
		t.Fatalf("FEN %s; want %s", fen, want)
	}
}

// #49: Gliński's hexagonal board in the page: 91 hexagonal cells, and moves made by clicks
// on them (the pawn f5-f6, Black's pawn answer, White's knight d1-c3).
func TestPageHexBoard(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "glinski")
	pg.open("/play/glinski")
	pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	if n := pg.js(`String(document.querySelectorAll("#board svg polygon.square").length)`); n != "91" {
		t.Fatalf("%s hexagonal cells drawn; want 91", n)
	}
	hex := func(name string) string { return `#board svg .square[id="` + name + `"]` }
	for i, mv := range [][2]string{{"f5", "f6"}, {"e7", "e6"}, {"d1", "c3"}} {
		pg.click(hex(mv[0]))
		pg.click(hex(mv[1]))
		pg.until(mv[1], `document.body.dataset.ply === "`+string(rune('1'+i))+`"`, 5*time.Second)
	}
	// Ranks 11 down to 1: e6 the black pawn (e7 empty), f6 the white one (f5 empty), c3 the
	// knight (d1 empty).
	want := "b/qbk/n1b1n/r5r/ppp1ppppp/4pP5/11/4P1P4/2NP1B1P3/2P2B2P2/1PR1QBKNRP1 b - - 1 2"
	if fen := pg.js(`document.getElementById("fen").value`); fen != want {
		t.Fatalf("FEN %s; want %s", fen, want)
	}
}

// #49: Shafran's castling on the hexagonal board, played by clicks: the king on e1 to h4
// (the long castling toward the rook on i5, which lands on g3), written as players name it.
func TestPageHexCastling(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "shafran")
	fen := "k4/6/7/8/9/8R/8/7/6/R3K w AI - 0 1"
	pg.open("/play/shafran?fen=" + url.QueryEscape(fen))
	pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	if n := pg.js(`String(document.querySelectorAll("#board svg polygon.square").length)`); n != "70" {
		t.Fatalf("%s hexagonal cells drawn; want 70", n)
	}
	hex := func(name string) string { return `#board svg .square[id="` + name + `"]` }
	pg.click(hex("e1"))
	pg.click(hex("h4"))
	pg.until("the castling", `document.body.dataset.ply === "1"`, 5*time.Second)
	if f := pg.js(`document.getElementById("fen").value`); f != "k4/6/7/8/9/9/7K/6R/6/R4 b - - 1 1" {
		t.Fatalf("FEN after castling %s", f)
	}
	if moves := pg.js(`document.getElementById("moves").textContent`); !strings.Contains(moves, "B-0-0-0") {
		t.Fatalf("move list %q does not name the castling B-0-0-0", moves)
	}
}

// #52: chimera serve of every built-in compiles each when the page first opens it: the
// menu names and titles them all at once; a variant chosen in it is described then (its
// setups in the setup menu, its pieces in the position editor's palette) and played.
func TestPageBuiltinsCompiledOnFirstUse(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	h, err := web.LazyApp(web.Builtins())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	pg := newPage(t, chromium(t), srv.URL)
	pg.open("/play/chess")
	want := len(defs.Builtins()) // the games of seats too: a person plays a seat of them
	if n := pg.js(`String(document.querySelectorAll("#variant option").length)`); n != strconv.Itoa(want) {
		t.Fatalf("%s variants in the menu, want %d", n, want)
	}
	if o := pg.js(`document.querySelector('#variant option[value="chess960"]').textContent`); o != "Chess960 (chess960)" {
		t.Fatalf("chess960 in the menu: %q", o)
	}
	pg.run("choose chess960", chromedp.SetValue(chromedp.ID("engine-side"), ""), chromedp.SetValue(chromedp.ID("variant"), "chess960"))
	pg.js(`document.getElementById("variant").dispatchEvent(new Event("change"))`)
	pg.until("chess960's board", `document.body.dataset.variant === "chess960" && document.body.dataset.ply === "0"`, 10*time.Second)
	if n := pg.js(`String(document.querySelectorAll("#setup option").length)`); n == "0" {
		t.Fatal("chess960's setups are not in the setup menu")
	}
	pg.click(`#edit-position`)
	if n := pg.js(`String(document.querySelectorAll("#palette-pieces .pal").length)`); n != "13" {
		t.Fatalf("%s buttons in the palette; want 13 (six men of each side and the eraser)", n)
	}
}

// setClock chooses a time control in the page (minutes and seconds of increment), as the
// user's change of its fields does.
func (pg *page) setClock(min, inc string) {
	pg.t.Helper()
	pg.run("the clock", chromedp.SetValue(chromedp.ID("clock-min"), min), chromedp.SetValue(chromedp.ID("clock-inc"), inc))
	pg.js(`(document.getElementById("clock-min").dispatchEvent(new Event("change")), document.getElementById("clock-inc").dispatchEvent(new Event("change")), true)`)
}

// #52 item 6, clocks (lichess's analysis board plays the computer with them): a game
// against the engine at 3 s a side and 1 s a move. Both clocks are shown, the engine's
// above the board; the engine spends its clock's share, not the page's 5 s a move (which
// would lose it on time); the user's clock runs while the user thinks; at zero the game
// is over, 0-1 on White's time, and no move is played after it.
func TestPageClockAgainstTheEngine(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "chess")
	pg.open("/play/chess")
	pg.run("the engine plays Black, 5 s a move", chromedp.SetValue(chromedp.ID("engine-side"), "black"), chromedp.SetValue(chromedp.ID("movetime"), "5000"))
	pg.setClock("0.05", "1")
	if got := pg.js(`[...document.querySelectorAll("#clock-top .clock, #clock-bottom .clock")].map(c => c.dataset.side + " " + c.textContent + (c.classList.contains("running") ? " running" : "")).join(", ")`); got != "black 0:03.0, white 0:03.0" {
		t.Fatalf("the clocks before the first move: %q; want Black's above the board, White's below, 0:03.0 each, neither running", got)
	}
	pg.click(square("e2"))
	pg.click(square("e4"))
	pg.until("the engine's reply", `document.body.dataset.ply === "2"`, 10*time.Second)
	pg.until("White's clock running", `document.getElementById("clock-white").classList.contains("running")`, 2*time.Second)
	pg.until("White's flag", `document.body.dataset.flagged === "white"`, 10*time.Second)
	if s := pg.js(`document.getElementById("status").textContent`); s != "Game over: 0-1 (White's time is up)" {
		t.Fatalf("status %q after White's time ran out", s)
	}
	white, black := pg.js(`document.getElementById("clock-white").dataset.ms`), pg.js(`document.getElementById("clock-black").dataset.ms`)
	if n, _ := strconv.Atoi(black); white != "0" || n <= 0 || n > 4000 || pg.js(`String(document.querySelectorAll(".clock.running").length)`) != "0" {
		t.Fatalf("the clocks at the flag: White %s ms, Black %s ms; want White 0, Black's time left (at most 3 s + 1 s), none running", white, black)
	}
	pg.click(square("d2"))
	pg.click(square("d4"))
	time.Sleep(500 * time.Millisecond)
	if ply, msg := pg.js(`document.body.dataset.ply`), pg.js(`document.getElementById("message").textContent`); ply != "2" || !strings.Contains(msg, "time is up") {
		t.Fatalf("a move after the flag: ply %s, message %q; want it refused", ply, msg)
	}
	// A new game sets the clocks back.
	pg.agree()
	pg.click(`#new-game`)
	pg.until("the clocks set back", `document.body.dataset.ply === "0" && !document.body.dataset.flagged && document.getElementById("clock-white").textContent === "0:03.0"`, 5*time.Second)
}

// #52 item 6, engine against engine: the engine plays both sides until Stop; then, from
// a position where White mates in two, until the game's end (lichess's analysis board
// lets the computer play on from a position).
func TestPageEngineAgainstEngine(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "chess")
	pg.open("/play/chess")
	pg.run("nobody's engine, 150 ms a move", chromedp.SetValue(chromedp.ID("engine-side"), ""), chromedp.SetValue(chromedp.ID("movetime"), "150"))
	pg.click(`#autoplay`)
	pg.until("four moves of the engine", `+document.body.dataset.ply >= 4`, 20*time.Second)
	// Stop pressed through the DOM: a mouse click aims at where the button was drawn,
	// and the board and move list redraw under it while the engines play; this test is
	// about what Stop does.
	pg.js(`(document.getElementById("stop").click(), true)`)
	time.Sleep(500 * time.Millisecond) // a move under way may land
	ply := pg.js(`document.body.dataset.ply`)
	time.Sleep(1500 * time.Millisecond)
	if now, on := pg.js(`document.body.dataset.ply`), pg.js(`document.body.dataset.autoplay || ""`); now != ply || on != "" {
		t.Fatalf("after Stop the game went from ply %s to %s (autoplay %q)", ply, now, on)
	}
	pg.open("/play/chess?fen=" + strings.ReplaceAll("k7/8/2K5/8/8/8/8/7R b - - 0 1", " ", "+"))
	pg.run("nobody's engine", chromedp.SetValue(chromedp.ID("engine-side"), ""), chromedp.SetValue(chromedp.ID("movetime"), "200"))
	pg.click(`#autoplay`)
	pg.until("the mate", `document.getElementById("status").textContent.startsWith("Game over: 1-0")`, 30*time.Second)
	if n, _ := strconv.Atoi(pg.js(`document.body.dataset.ply`)); n < 4 || n%2 != 0 || pg.js(`document.body.dataset.autoplay || ""`) != "" {
		t.Fatalf("the game ended at ply %d (autoplay %q); want Black's moves and White's, White's last, and the engines stopped", n, pg.js(`document.body.dataset.autoplay || ""`))
	}
}

// #52 item 6, an arrow for the engine's best move (as lichess draws it): with a mate in
// one on the board (Ra8#), the analysis draws an arrow from a1's centre to a8's; the
// Arrow box unticked takes it away.
func TestPageBestMoveArrow(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "chess")
	pg.open("/play/chess?fen=" + strings.ReplaceAll("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", " ", "+"))
	pg.run("nobody's engine, 300 ms", chromedp.SetValue(chromedp.ID("engine-side"), ""), chromedp.SetValue(chromedp.ID("movetime"), "300"))
	pg.click(`#analyse`)
	pg.until("the arrow", `!!document.querySelector('#board svg .best-arrow[data-from="a1"][data-to="a8"]')`, 10*time.Second)
	geometry := pg.js(`(() => {
	  const c = (sq) => { const r = document.querySelector('#board svg rect[id="' + sq + '"]'); return [+r.getAttribute("x") + +r.getAttribute("width") / 2, +r.getAttribute("y") + +r.getAttribute("height") / 2]; };
	  const a = document.querySelector("#board svg .best-arrow"), l = a.querySelector("line"), tip = a.querySelector("polygon").getAttribute("points").split(" ")[0].split(",").map(Number);
	  const [x1, y1] = c("a1"), [x8, y8] = c("a8");
	  return Math.abs(+l.getAttribute("x1") - x1) < 0.01 && Math.abs(+l.getAttribute("y1") - y1) < 0.01 && Math.abs(tip[0] - x8) < 0.01 && Math.abs(tip[1] - y8) < 0.01 ? "ok" : JSON.stringify({x1: l.getAttribute("x1"), y1: l.getAttribute("y1"), tip, a1: [x1, y1], a8: [x8, y8]});
	})()`)
	if geometry != "ok" {
		t.Fatalf("the arrow does not run from a1's centre to a8's: %s", geometry)
	}
	pg.click(`#show-arrow`)
	if n := pg.js(`String(document.querySelectorAll("#board svg .best-arrow").length)`); n != "0" {
		t.Fatalf("%s arrows with the Arrow box unticked", n)
	}
}

// noPieceInTheFog fails the test when the board draws a man on a cell it veils, and
// answers the number of cells veiled.
func (pg *page) noPieceInTheFog() int {
	pg.t.Helper()
	if hidden := pg.js(`[...document.querySelectorAll("#board svg .fog[data-square]")].map(f => f.dataset.square).filter(sq => document.querySelector('#board svg .piece[data-square="' + sq + '"]')).join(" ")`); hidden != "" {
		pg.t.Fatalf("men drawn on cells in the fog: %s", hidden)
	}
	n, _ := strconv.Atoi(pg.js(`String(document.querySelectorAll("#board svg .fog[data-square]").length)`))
	return n
}

// #54 part 3: a person plays White in fogofwar against the engine. The board shows
// White's view: the cells White does not see are veiled and carry no man in the DOM, and
// no Black man is drawn at the start; the FEN field holds the view; e4 is played and the
// engine answers without its move being told (the list says "?", no analysis line, no
// PGN, no moves in the link); the hints are only for White's men; and a game ended
// (the king taken) shows the whole board, the men that were in the fog too. On main the
// page drew fogofwar's whole board, Black's men and all.
func TestPageFogOfWar(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "fogofwar")
	pg.open("/play/fogofwar")
	if fog, n := pg.js(`document.body.dataset.fog || ""`), pg.noPieceInTheFog(); fog != "white" || n != 32 {
		t.Fatalf("the start: fog %q, %d cells veiled; want White's view with ranks 5 to 8 veiled", fog, n)
	}
	if n := pg.js(`String(document.querySelectorAll("#board svg .piece.black").length)`); n != "0" {
		t.Fatalf("%s Black men drawn at the start; White sees none", n)
	}
	pg.run("200 ms a move", chromedp.SetValue(chromedp.ID("movetime"), "200"))
	pg.click(square("e2"))
	pg.click(square("e4"))
	pg.until("the engine's answer", `document.body.dataset.ply === "2" && document.body.dataset.fog === "white"`, 15*time.Second)
	pg.noPieceInTheFog()
	fen := pg.js(`document.getElementById("fen").value`)
	rs, err := interpreter.Open("fogofwar")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := interpreter.ParseView(rs, fen); err != nil || !strings.HasSuffix(fen, "view=w") {
		t.Fatalf("the FEN shown %q is not White's view: %v", fen, err)
	}
	black, _ := strconv.Atoi(pg.js(`String(document.querySelectorAll("#board svg .piece.black").length)`))
	shown := 0 // the Black men the view's FEN shows
	for _, c := range strings.Fields(fen)[0] {
		if c >= 'a' && c <= 'z' {
			shown++
		}
	}
	if black != shown {
		t.Fatalf("%d Black men drawn; the view %s shows %d", black, fen, shown)
	}
	if got, pgn, link, analysis := pg.sans(), pg.js(`document.getElementById("pgn").value`), pg.js(`document.getElementById("link").value`), pg.js(`document.getElementById("analysis").textContent`); got != "e4 ?" || pgn != "" || strings.Contains(link, "moves=") || strings.Contains(analysis, "best move") {
		t.Fatalf("after the engine's answer: moves %q, PGN %q, link %q, analysis %q; want its move hidden", got, pgn, link, analysis)
	}
	if bad := pg.js(`game.state.legal.filter(m => !document.querySelector('#board svg .piece.white[data-square="' + m.from + '"]')).map(m => m.coord).join(" ")`); bad != "" || pg.js(`String(game.state.legal.length > 0)`) != "true" {
		t.Fatalf("hints for moves not of White's men: %q", bad)
	}
	pg.click(`#analyse`)
	if msg := pg.js(`document.getElementById("message").textContent`); !strings.Contains(msg, "does not analyse") {
		t.Fatalf("Analyse under fog: message %q", msg)
	}

	// White takes the king: the game is over and all of it is shown.
	pg.agree()
	pg.run("a FEN", chromedp.SetValue(chromedp.ID("fen"), "4k3/p7/8/8/8/8/4Q3/4K3 w - - 0 1"))
	pg.click(`#load-fen`)
	pg.until("the FEN's view", `document.body.dataset.ply === "0" && document.body.dataset.fog === "white" && document.getElementById("fen").value.includes("?")`, 10*time.Second)
	if a7 := pg.pieceOn("a7"); a7 != "" || pg.noPieceInTheFog() == 0 {
		t.Fatalf("a7 shows %q before the end: want it in the fog", a7)
	}
	pg.click(square("e2"))
	pg.click(square("e8"))
	pg.until("the end", `document.getElementById("status").textContent.startsWith("Game over: 1-0")`, 10*time.Second)
	if a7, n, fog, pgn := pg.pieceOn("a7"), pg.noPieceInTheFog(), pg.js(`document.body.dataset.fog || ""`), pg.js(`document.getElementById("pgn").value`); a7 != "p" || n != 0 || fog != "" || !strings.Contains(pgn, "Qxe8") {
		t.Fatalf("the game over: a7 %q, %d cells veiled, fog %q, PGN %q; want the whole board and game shown", a7, n, fog, pgn)
	}
}

// #52 item 6, variations in the move list as lichess's analysis board keeps them: a move
// played from an earlier position keeps the main line and shows the new moves as a
// variation under the move they replace, nested in their turn; a click on any move shows
// its position and makes its line the one Forward follows; playing the move the tree
// already has follows it. (On main the new move threw the rest of the game away.)
func TestPageVariations(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "chess")
	pg.open("/play/chess")
	pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	ply := 0
	move := func(from, to string) {
		t.Helper()
		ply++
		pg.click(square(from))
		pg.click(square(to))
		pg.until(from+to, `document.body.dataset.ply === "`+strconv.Itoa(ply)+`"`, 5*time.Second)
	}
	at := func(what, sel string, want int) {
		t.Helper()
		ply = want
		pg.click(sel)
		pg.until(what, `document.body.dataset.ply === "`+strconv.Itoa(want)+`"`, 5*time.Second)
	}
	variations := func() string {
		return pg.js(`[...document.querySelectorAll("#moves li.variation")].map(li => li.textContent).join(" | ")`)
	}
	fen := func() string { return pg.js(`document.body.dataset.fen`) }
	const (
		afterNc3    = "rnbqkbnr/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2"
		afterNc3Nf6 = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3"
		afterNf3    = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
	)
	move("e2", "e4")
	move("e7", "e5")
	move("g1", "f3")
	move("b8", "c6")
	// Back to 1...e5, then 2.Nc3 2...Nf6: a variation of 2.Nf3.
	at("e5", `#moves li[data-ply="2"]`, 2)
	move("b1", "c3")
	if got, v, f := pg.sans(), variations(), fen(); got != "e4 e5 Nf3 Nc6" || v != "(2. Nc3)" || f != afterNc3 {
		t.Fatalf("after 2.Nc3 from 1...e5: main line %q, variations %q, position %s; want e4 e5 Nf3 Nc6 kept, (2. Nc3), %s", got, v, f, afterNc3)
	}
	move("g8", "f6")
	if v, cur := variations(), pg.js(`document.querySelector("#moves .current").textContent`); v != "(2. Nc3 Nf6)" || cur != "Nf6" {
		t.Fatalf("after 2...Nf6: variations %q, current %q", v, cur)
	}
	// The variation has a row of its own under 2.Nf3; 2...Nc6 goes on in the second column.
	if gap, left := pg.js(`document.querySelector('#moves li[data-ply="4"]').previousElementSibling.textContent`),
		pg.js(`document.querySelector('#moves li[data-ply="4"]').offsetLeft > document.querySelector('#moves li[data-ply="3"]').offsetLeft`); gap != "2..." || left != "true" {
		t.Errorf("2...Nc6 after the variation: the cell before it %q, right of 2.Nf3: %s", gap, left)
	}
	// A click on 2.Nc3 in the variation, then Forward: the variation's line.
	at("2.Nc3", `#moves li.variation .move`, 3)
	if f := fen(); f != afterNc3 {
		t.Fatalf("2.Nc3 clicked: %s, want %s", f, afterNc3)
	}
	at("forward", `#forward`, 4)
	if f := fen(); f != afterNc3Nf6 {
		t.Fatalf("Forward from 2.Nc3: %s, want %s", f, afterNc3Nf6)
	}
	// 2...Nc6 after 2.Nc3: a variation inside the variation.
	at("back", `#back`, 3)
	move("b8", "c6")
	if v := variations(); v != "(2. Nc3 Nf6 (2... Nc6))" {
		t.Fatalf("a variation of 2...Nf6: variations %q", v)
	}
	// The main line again, by a click: its position, and Last goes to its end.
	at("2.Nf3", `#moves li[data-ply="3"]`, 3)
	if f := fen(); f != afterNf3 {
		t.Fatalf("2.Nf3 clicked: %s, want %s", f, afterNf3)
	}
	at("last", `#last`, 4)
	if cur := pg.js(`document.querySelector("#moves .current").dataset.ply`); cur != "4" {
		t.Fatalf("Last: the current move is %q, want the main line's 2...Nc6", cur)
	}
	// 2.Nf3 played again from 1...e5: the tree's move, followed, nothing added.
	at("e5", `#moves li[data-ply="2"]`, 2)
	move("g1", "f3")
	if got, v, cur := pg.sans(), variations(), pg.js(`document.querySelector("#moves .current").dataset.ply`); got != "e4 e5 Nf3 Nc6" || v != "(2. Nc3 Nf6 (2... Nc6))" || cur != "3" {
		t.Fatalf("2.Nf3 again: main line %q, variations %q, current %q", got, v, cur)
	}
}

// #52 item 6, sound: off at first (a move makes none), and once Sound is ticked each
// move, the engine's too, plays a tone made with WebAudio (no file): a lower one for a
// capture. The choice is kept over a reload. (On main the page had no sound.)
func TestPageMoveSound(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "chess")
	pg.open("/play/chess")
	pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	// Every tone's first frequency, as the page sets it.
	spy := `(window.tones = [], (() => {
	  const make = BaseAudioContext.prototype.createOscillator;
	  BaseAudioContext.prototype.createOscillator = function () {
	    const o = make.call(this), set = o.frequency.setValueAtTime.bind(o.frequency);
	    let first = true;
	    o.frequency.setValueAtTime = (v, at) => { if (first) window.tones.push(v); first = false; return set(v, at); };
	    return o;
	  };
	})(), true)`
	pg.js(spy)
	tones := func() string { return pg.js(`window.tones.join(" ")`) }
	if on := pg.js(`document.getElementById("sound").checked`); on != "false" {
		t.Fatalf("Sound is %s at first, want off", on)
	}
	pg.click(square("e2"))
	pg.click(square("e4"))
	pg.until("e4", `document.body.dataset.ply === "1"`, 5*time.Second)
	if got := tones(); got != "" {
		t.Fatalf("a move with Sound off played tones %q", got)
	}
	pg.click(`#sound`)
	pg.click(square("d7"))
	pg.click(square("d5"))
	pg.until("d5", `document.body.dataset.ply === "2"`, 5*time.Second)
	pg.click(square("e4"))
	pg.click(square("d5"))
	pg.until("exd5", `document.body.dataset.ply === "3"`, 5*time.Second)
	got := strings.Fields(tones())
	if len(got) != 2 || got[0] == got[1] {
		t.Fatalf("d5 then exd5 with Sound on: tones %q, want two, the capture's another", tones())
	}
	move, capture, _ := strings.Cut(tones(), " ")
	mf, _ := strconv.ParseFloat(move, 64)
	cf, _ := strconv.ParseFloat(capture, 64)
	if cf >= mf {
		t.Errorf("the capture's tone %s Hz is not lower than a move's %s Hz", capture, move)
	}
	// The engine's move sounds too.
	pg.run("the engine", chromedp.SetValue(chromedp.ID("movetime"), "200"))
	pg.click(`#engine-move`)
	pg.until("the engine's move", `document.body.dataset.ply === "4"`, 10*time.Second)
	pg.until("its tone", `window.tones.length === 3`, 2*time.Second)
	// Kept over a reload.
	pg.reload("4")
	if on := pg.js(`document.getElementById("sound").checked`); on != "true" {
		t.Errorf("Sound after a reload: %s, want still on", on)
	}
}

// pairPools is what a board's trays show, by side: "white:Q black:" (each side's men in
// its pocket, upper case, sorted), read from the DOM of the board inside root.
func (pg *page) pairPools(root string) string {
	return pg.js(`(() => { const out = []; for (const side of ["white", "black"]) {
		const men = []; document.querySelectorAll('` + root + ` svg .tray-piece[data-side="' + side + '"]').forEach((t) => { for (let i = 0; i < +t.dataset.count; i++) men.push(t.dataset.letter.toUpperCase()); });
		out.push(side + ":" + men.sort().join("")); } return out.join(" "); })()`)
}

// poolsOf is pairPools for board k of q, from the interpreter's replay.
func poolsOf(q *interpreter.Pair, k int) string {
	p, pool := q.Boards[k], q.Ruleset().Hands.DropFrom
	var out []string
	for _, c := range []compiler.Color{compiler.White, compiler.Black} {
		men := []rune(strings.ToUpper(p.PoolLetters(c, pool)))
		slices.Sort(men)
		out = append(out, interpreter.SideName(c)+":"+string(men))
	}
	return strings.Join(out, " ")
}

// #54 item 2: a person plays White on board A of bughouse against three engine seats.
// Both boards are drawn side by side, the person's clickable; after each of the
// person's moves, made by clicks, the engine seats answer (A's Black, then B's two seats:
// the schedule of engine/partners by moves made) and both boards change. Board B's Black
// takes a queen left free there: it appears in the person's pocket on A, and the person
// drops it by clicks on the tray and a square. At every step the pair's FEN and the
// trays of both boards are those of interpreter.Pair's replay of the page's moves. On
// main the page played bughouse as one board with its pockets, no partner, no board B.
func TestPageBughouse(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 | 4k3/8/8/3q4/8/8/3Q3K/8[] b - - 0 1"
	pg := servePage(t, "bughouse")
	pg.open("/play/bughouse?fen=" + url.QueryEscape(start))
	pg.until("the match", `document.body.dataset.pair === "A white" && document.body.dataset.ply === "0"`, 15*time.Second)
	if a, b := pg.js(`String(document.querySelectorAll("#board svg rect.square").length)`), pg.js(`String(document.querySelectorAll("#board-other svg rect.square").length)`); a != "64" || b != "64" {
		t.Fatalf("cells drawn: %s on the person's board, %s on the other; want 64 and 64", a, b)
	}
	pg.run("100 ms a move", chromedp.SetValue(chromedp.ID("movetime"), "100"))
	rs, err := interpreter.Open("bughouse")
	if err != nil {
		t.Fatal(err)
	}
	// check replays the page's moves with interpreter.Pair: the FEN shown and the trays of
	// both boards must be the replay's.
	check := func(what string) *interpreter.Pair {
		t.Helper()
		q, err := interpreter.NewPair(rs, start)
		if err != nil {
			t.Fatal(err)
		}
		moves := strings.Fields(pg.js(`game.moves.join(" ")`))
		for _, text := range moves {
			k, m, err := q.ParseMove(text)
			if err != nil {
				t.Fatalf("%s: the page's move %s does not replay: %v", what, text, err)
			}
			if _, err := q.Play(k, m, nil); err != nil {
				t.Fatal(err)
			}
		}
		if fen := pg.js(`document.getElementById("fen").value`); fen != q.FEN() {
			t.Fatalf("%s: the page shows %s; the moves %q replay to %s", what, fen, moves, q.FEN())
		}
		if a, b := pg.pairPools("#board"), pg.pairPools("#board-other"); a != poolsOf(q, 0) || b != poolsOf(q, 1) {
			t.Fatalf("%s: trays drawn A %q, B %q; the replay's pockets A %q, B %q", what, a, b, poolsOf(q, 0), poolsOf(q, 1))
		}
		return q
	}
	other := func() string { return pg.js(`document.querySelector("#board-other .other").dataset.fen`) }
	bBefore := other()
	pg.click(square("e2"))
	pg.click(square("e4"))
	pg.until("the engine seats' answer", `document.body.dataset.ply === "4" && document.getElementById("status").textContent.includes("your move")`, 20*time.Second)
	q := check("after 1.e4")
	if got := pg.js(`game.moves.map(m => m[0]).join("")`); got != "AABB" || other() == bBefore || q.Boards[0].FEN() == strings.Split(start, " | ")[0] {
		t.Fatalf("after 1.e4: moves on boards %q, board B %s (was %s); want A's answer and B's two moves", got, other(), bBefore)
	}
	queen := `#board svg .tray-piece[data-side="white"][data-letter="Q"]`
	if pg.js(`String(!!document.querySelector('`+queen+`'))`) != "true" {
		t.Fatalf("no queen in White's tray on A after %s; trays %s", pg.sans(), pg.pairPools("#board"))
	}
	// The queen dropped from the tray by clicks.
	bBefore = other()
	pg.click(queen + ` rect`)
	if n := pg.js(`String(document.querySelectorAll("#board .mark.dest").length)`); n == "0" {
		t.Fatal("no drop destination marked for the queen in the pocket")
	}
	pg.click(square("d3"))
	pg.until("the drop answered", `document.body.dataset.ply === "8" && document.getElementById("status").textContent.includes("your move")`, 20*time.Second)
	check("after the drop")
	if sans := pg.sans(); !strings.Contains(sans, "Q@d3") || pg.pieceOn("d3") != "Q" || other() == bBefore {
		t.Fatalf("after the drop: moves %q, d3 %q, board B %s (was %s)", sans, pg.pieceOn("d3"), other(), bBefore)
	}
	// One more move by clicks, the first the page offers from a man on the board.
	from, to := pg.js(`game.state.legal.find(m => m.from).from`), pg.js(`game.state.legal.find(m => m.from).to`)
	pg.click(square(from))
	pg.click(square(to))
	// The engine seats answer until the person's seat is to move again or the match is
	// over: three moves (A's answer, B's two), or fewer when a side of board B has no move
	// and waits for a man from its partner (the engine's moves differ from run to run).
	pg.until("the third answer", `+document.body.dataset.ply >= 10 && (document.getElementById("status").textContent.includes("your move") || document.getElementById("status").textContent.startsWith("Match over"))`, 20*time.Second)
	check("after the third move")
}

// #54 item 4: a person plays Yellow in four-player chess (free-for-all) against three
// engine seats. The board has its 160 cells (no 3x3 corner drawn) and is turned so that
// Yellow's edge is at the bottom; chosen in the seat menu, Yellow waits for Red's and
// Blue's engine moves, then moves a pawn by clicks; the engine seats answer (Green, Red,
// Blue) and it is Yellow's move again. Checked on the page's board, independently of the
// server's code: the pawn stands on its target and its origin is empty, exactly the moves
// reported were played (one each seat, in turn order), each engine move's man stands on
// its destination (unless a later move came there); and the FEN shown is the one
// interpreter.Table replays the page's moves to. On main the page refused games of seats.
func TestPageFourPlayer(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	pg := servePage(t, "fourplayer-ffa", "chess")
	pg.open("/play/fourplayer-ffa")
	if n, corner := pg.js(`String(document.querySelectorAll("#board svg rect.square").length)`), pg.js(`String(!!document.querySelector('#board svg rect[id="a1"], #board svg rect[id="n14"], #board svg rect[id="c3"]'))`); n != "160" || corner != "false" {
		t.Fatalf("cells drawn: %s (want 160), a corner cell drawn: %s", n, corner)
	}
	if n := pg.js(`String(document.querySelectorAll("#board svg .piece").length)`); n != "64" {
		t.Fatalf("%s men drawn, want 64", n)
	}
	pg.run("100 ms and level 1 a move", chromedp.SetValue(chromedp.ID("movetime"), "100"), chromedp.SetValue(chromedp.ID("level"), "1"))
	pg.run("choose Yellow", chromedp.SetValue(chromedp.ID("table-seat"), "y")) // SetValue sends the change event
	pg.until("Red's and Blue's engine moves", `document.body.dataset.seat === "y" && document.body.dataset.mover === "y" && document.body.dataset.ply === "2"`, 20*time.Second)
	// Turned: Yellow's king's cell (g14) in the bottom row, Red's (h1) in the top one.
	rowOf := func(sq string) string {
		return pg.js(`(() => { const ys = [...document.querySelectorAll("#board svg rect.square")].map(r => +r.getAttribute("y"));
			const y = +document.querySelector('#board svg rect[id="` + sq + `"]').getAttribute("y");
			return y === Math.max(...ys) ? "bottom" : y === Math.min(...ys) ? "top" : "middle"; })()`)
	}
	if k, r := rowOf("g14"), rowOf("h1"); k != "bottom" || r != "top" {
		t.Fatalf("Yellow's seat: its king's row %s, Red's %s; want bottom and top", k, r)
	}
	if pg.pieceOn("h13") != "yP" || pg.pieceOn("h11") != "" {
		t.Fatalf("before Yellow's move: h13 %q, h11 %q", pg.pieceOn("h13"), pg.pieceOn("h11"))
	}
	pg.click(square("h13"))
	if dests := pg.js(`[...document.querySelectorAll("#board .mark.dest")].map(m => m.dataset.square).sort().join(" ")`); dests != "h11 h12" {
		t.Fatalf("destinations of Yellow's pawn on h13: %q, want h11 h12", dests)
	}
	pg.click(square("h11"))
	pg.until("the engine seats' answer", `document.body.dataset.ply === "6" && document.body.dataset.mover === "y" || document.getElementById("status").textContent.startsWith("Game over")`, 30*time.Second)
	moves := strings.Fields(pg.js(`game.moves.join(" ")`))
	var seats []string
	for _, m := range moves {
		seats = append(seats, m[:1])
	}
	if strings.Join(seats, "") != "rbygrb" || moves[2] != "y:h13h11" {
		t.Fatalf("moves %q: want Red's and Blue's, Yellow's h13h11, then Green's, Red's and Blue's", moves)
	}
	if got, want := pg.js(`document.getElementById("analysis").textContent`), "the engine seats played "+strings.Join(moves[3:], " "); !strings.HasPrefix(got, want) {
		t.Fatalf("the engine's report %q, want %q", got, want)
	}
	if pg.pieceOn("h11") != "yP" || pg.pieceOn("h13") != "" {
		t.Fatalf("after h13h11: h11 %q, h13 %q; want Yellow's pawn on h11 and h13 empty", pg.pieceOn("h11"), pg.pieceOn("h13"))
	}
	squares := regexp.MustCompile(`[a-z][0-9]+`)
	for i, m := range moves {
		sq := squares.FindAllString(m[2:], 2) // "r:e1f3": e1, f3
		later := map[string]bool{}            // the squares the later moves leave or reach
		for _, n := range moves[i+1:] {
			for _, s := range squares.FindAllString(n[2:], 2) {
				later[s] = true
			}
		}
		if !later[sq[1]] && !strings.HasPrefix(pg.pieceOn(sq[1]), m[:1]) {
			t.Errorf("move %s: %q on %s, want a man of its seat", m, pg.pieceOn(sq[1]), sq[1])
		}
		if !later[sq[0]] && pg.pieceOn(sq[0]) != "" {
			t.Errorf("move %s: %q still on %s", m, pg.pieceOn(sq[0]), sq[0])
		}
	}
	if sans := pg.sans(); sans != strings.Join(strings.Fields(pg.js(`game.moves.map(m => m.slice(2)).join(" ")`)), " ") {
		t.Errorf("the move list %q", sans)
	}
	if rows := pg.js(`[...document.querySelectorAll("#seats-panel .seat-row")].map(r => r.dataset.seat + ":" + r.querySelector(".points").dataset.points).join(" ")`); !regexp.MustCompile(`^r:\d+ b:\d+ y:\d+ g:\d+$`).MatchString(rows) {
		t.Errorf("the panel of seats: %q", rows)
	}
	rs, err := interpreter.Open("fourplayer-ffa")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := interpreter.StartTable(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range moves {
		m, err := tb.ParseMove(text)
		if err != nil {
			t.Fatalf("the page's move %s does not replay: %v", text, err)
		}
		if err := tb.Make(m); err != nil {
			t.Fatal(err)
		}
	}
	if fen := pg.js(`document.getElementById("fen").value`); fen != tb.FEN() {
		t.Fatalf("the page shows %s; its moves replay to %s", fen, tb.FEN())
	}
	// The address holds the game and the seat: a reload reopens both.
	pg.reload("6")
	if fen, seat := pg.js(`document.getElementById("fen").value`), pg.js(`document.getElementById("table-seat").value`); fen != tb.FEN() || seat != "y" || pg.pieceOn("h11") != "yP" {
		t.Fatalf("reloaded: %s, seat %q, h11 %q; want %s as Yellow", fen, seat, pg.pieceOn("h11"), tb.FEN())
	}
}
