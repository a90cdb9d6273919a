// Tests of chimera serve: its command line, and its page played in headless Chromium through chromedp.
package cli

import (
	stdctx "context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"chimera/compiler"
	"chimera/engine/web"
	"chimera/interpreter"
)

func TestServeBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "nosuchvariant"}, "nosuchvariant"},
		{[]string{"serve", "chess", "--addr", "not an address"}, "--addr"},
		{[]string{"serve", "chess", "chess"}, "two variants are named"},
		{[]string{"serve", "--port", "1"}, "unknown flag"},
	} {
		var out, errOut strings.Builder
		code := Main(tc.args, &out, &errOut)
		if code != exitUsage || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut.String(), exitUsage, tc.want)
		}
	}
}

// chromium finds the browser, skipping the test without one unless CI=true.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (required with CI=true; .ci/run installs it)")
	}
	t.Skip("chromium is not installed")
	return ""
}

// page drives one tab of headless Chromium on the web app.
type page struct {
	t    *testing.T
	ctx  stdctx.Context
	base string
}

func (pg *page) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	pg.t.Helper()
	if err := chromedp.Do(pg.ctx, actions...); err != nil {
		pg.t.Fatalf("%s: %v", what, err)
	}
}

// open loads a page of the app and waits for its board.
func (pg *page) open(path string) {
	pg.t.Helper()
	pg.run("open "+path, chromedp.Navigate(pg.base+path), chromedp.WaitVisible(chromedp.CSS(`#board svg .square`)))
	pg.until("the board of "+path, `document.body.dataset.ply === "0"`, 10*time.Second)
}

// js evaluates expr and returns its value as a string.
func (pg *page) js(expr string) string {
	pg.t.Helper()
	v, err := chromedp.Run(pg.ctx, chromedp.Evaluate[any](expr))
	if err != nil {
		pg.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return fmt.Sprint(v)
}

// until waits up to timeout for expr to be true.
func (pg *page) until(what, expr string, timeout time.Duration) {
	pg.t.Helper()
	deadline := time.Now().Add(timeout)
	var err error
	for {
		err = chromedp.Do(pg.ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(time.Until(deadline))))
		// Just after a navigation the page's new script context may not be known yet.
		if err == nil || !strings.Contains(err.Error(), "Cannot find context") || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		pg.t.Fatalf("%s: %v (page: ply %s, moves %q, message %q, analysis %q)", what, err, pg.js(`document.body.dataset.ply`), pg.sans(),
			pg.js(`document.getElementById("message").textContent`), pg.js(`document.getElementById("analysis").textContent`))
	}
}

// click clicks the element of the CSS selector sel, as a user does.
func (pg *page) click(sel string) {
	pg.t.Helper()
	pg.run("click "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// square is the selector of a square's cell on the board.
func square(name string) string { return `#board svg rect[id="` + name + `"]` }

// center is the middle of a square's cell, in the viewport's pixels.
func (pg *page) center(sq string) (x, y float64) {
	pg.t.Helper()
	xy := strings.Fields(pg.js(`(() => { const r = document.querySelector('#board svg rect[id="` + sq + `"]').getBoundingClientRect(); return (r.x + r.width / 2) + " " + (r.y + r.height / 2); })()`))
	x, _ = strconv.ParseFloat(xy[0], 64)
	y, _ = strconv.ParseFloat(xy[1], 64)
	return x, y
}

// drag presses the mouse on one square, moves it over in steps, and lets go on another.
func (pg *page) drag(from, to string) {
	pg.t.Helper()
	x1, y1 := pg.center(from)
	x2, y2 := pg.center(to)
	steps := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1))}
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x1+(x2-x1)*f, y1+(y2-y1)*f, chromedp.ButtonLeft))
	}
	steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, x2, y2, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	pg.run("drag "+from+" to "+to, steps...)
}

// sans is the move list as shown.
func (pg *page) sans() string {
	return pg.js(`[...document.querySelectorAll("#moves li[data-ply]")].map(li => li.textContent).join(" ")`)
}

// agree answers yes to the page's questions (keepGame's confirm: the tests that load
// another game over one mean it), until the next page is opened.
func (pg *page) agree() {
	pg.t.Helper()
	pg.js(`(window.confirm = () => true, true)`)
}

// pieceOn is the FEN letter of the piece drawn on a square, or "".
func (pg *page) pieceOn(sq string) string {
	return pg.js(`(document.querySelector('#board svg .piece[data-square="` + sq + `"]') || {dataset: {piece: ""}}).dataset.piece`)
}

// browsers holds one headless Chromium per executable path, started on first use and
// shared by the page tests (each in a browser context of its own: no cookies, storage or
// cache shared); TestMain stops them.
var browsers struct {
	sync.Mutex
	byPath map[string]stdctx.Context
	stop   []func()
}

// browser is the shared Chromium at path, started on first use under no deadline (a
// deadline would stop it).
func browser(t *testing.T, path string) stdctx.Context {
	browsers.Lock()
	defer browsers.Unlock()
	if ctx, ok := browsers.byPath[path]; ok {
		return ctx
	}
	dir, err := os.MkdirTemp("", "chimera-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(stdctx.Background(),
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.NoFirstRun, chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(dir), chromedp.WindowSize(1280, 1100))
	ctx, cancel := chromedp.NewContext(alloc)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		cancel()
		cancelAlloc()
		os.RemoveAll(dir)
		t.Fatalf("starting chromium: %v", err)
	}
	if browsers.byPath == nil {
		browsers.byPath = map[string]stdctx.Context{}
	}
	browsers.byPath[path] = ctx
	browsers.stop = append(browsers.stop, func() { cancel(); cancelAlloc(); os.RemoveAll(dir) })
	return ctx
}

// stopBrowsers stops the shared browsers (from TestMain, after the tests).
func stopBrowsers() {
	browsers.Lock()
	defer browsers.Unlock()
	for _, stop := range browsers.stop {
		stop()
	}
	browsers.byPath, browsers.stop = nil, nil
}

// newPage opens a tab of the shared headless Chromium (at path), in a fresh browser
// context with the network features that reach outside turned off, on base; the tab
// closes when the test ends.
func newPage(t *testing.T, path, base string) *page {
	tab, cancelTab := chromedp.NewContext(browser(t, path), chromedp.WithNewBrowserContext())
	t.Cleanup(cancelTab)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 1100)); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancel := stdctx.WithTimeout(tab, 90*time.Second)
	t.Cleanup(cancel)
	return &page{t: t, ctx: ctx, base: base}
}

func TestServeInBrowser(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	path := chromium(t)
	var rulesets []*compiler.Ruleset
	seeds := []string{"prisonbreak", "claustrophobia", "prisonersescape", "koopa", "hostage"}
	for _, name := range append([]string{"chess", "crazyhouse", "xiangqi"}, seeds...) {
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
	defer srv.Close()

	pg := newPage(t, path, srv.URL)

	t.Run("chess", func(t *testing.T) {
		pg.t = t
		pg.open("/play/chess")
		if n := pg.js(`document.querySelectorAll("#board svg rect.square").length`); n != "64" {
			t.Fatalf("%s squares drawn, want 64", n)
		}
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		pg.click(square("e2"))
		dests := pg.js(`[...document.querySelectorAll("#board .mark.dest")].map(m => m.dataset.square).sort().join(" ")`)
		if dests != "e3 e4" {
			t.Fatalf("destinations of e2 highlighted: %q, want \"e3 e4\"", dests)
		}
		pg.click(square("e4"))
		pg.until("e4 in the move list", `document.body.dataset.ply === "1"`, 10*time.Second)
		if got := pg.sans(); got != "e4" {
			t.Fatalf("move list %q after e2-e4, want \"e4\"", got)
		}
		if pg.pieceOn("e4") != "P" || pg.pieceOn("e2") != "" {
			t.Fatalf("after e2-e4: e4 holds %q, e2 %q; want P and nothing", pg.pieceOn("e4"), pg.pieceOn("e2"))
		}
		// An illegal move is refused: the knight g8 cannot go to g5.
		pg.click(square("g8"))
		pg.click(square("g5"))
		pg.until("the refusal", `document.getElementById("message").textContent.includes("Illegal")`, 5*time.Second)
		if got, fen := pg.sans(), pg.js(`document.body.dataset.fen`); got != "e4" || pg.pieceOn("g8") != "n" || !strings.Contains(fen, " b ") {
			t.Fatalf("after an illegal move: moves %q, g8 %q, FEN %s", got, pg.pieceOn("g8"), fen)
		}
		// The engine answers, its analysis shown.
		pg.run("movetime", chromedp.SetValue(chromedp.ID("movetime"), "300"), chromedp.SetValue(chromedp.ID("multipv"), "2"))
		pg.click(`#engine-move`)
		pg.until("the engine's move", `document.body.dataset.ply === "2"`, 15*time.Second)
		if a := pg.js(`document.getElementById("analysis").textContent`); !strings.Contains(a, "depth") || !strings.Contains(a, "best move") || !strings.Contains(a, "\n2. ") {
			t.Fatalf("analysis pane %q: want depths, two lines and the best move", a)
		}
		if n := len(strings.Fields(pg.sans())); n != 2 {
			t.Fatalf("move list %q: want 2 moves after the engine's reply", pg.sans())
		}
		// Back one move, then forward again.
		pg.click(`#back`)
		pg.until("back", `document.body.dataset.ply === "1"`, 5*time.Second)
		if pg.pieceOn("e4") != "P" || !strings.Contains(pg.js(`document.getElementById("fen").value`), " b ") {
			t.Fatalf("back to ply 1: e4 %q, FEN %s", pg.pieceOn("e4"), pg.js(`document.getElementById("fen").value`))
		}
		pg.click(`#forward`)
		pg.until("forward", `document.body.dataset.ply === "2"`, 5*time.Second)
		// The link to the position reopens it.
		link := pg.js(`document.getElementById("link").value`)
		fen := pg.js(`document.body.dataset.fen`)
		pg.run("open the link", chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS(`#board svg .square`)))
		pg.until("the linked position", `document.body.dataset.ply === "2"`, 5*time.Second)
		if got := pg.js(`document.body.dataset.fen`); got != fen || len(strings.Fields(pg.sans())) != 2 {
			t.Fatalf("the link %s opens %s with moves %q, want %s", link, got, pg.sans(), fen)
		}
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		// Flipped, a1 is at the top.
		top := `+document.querySelector('#board svg rect[id="a1"]').getAttribute("y") < +document.querySelector('#board svg rect[id="a8"]').getAttribute("y")`
		if pg.js(top) != "false" {
			t.Fatal("a1 above a8 before flipping")
		}
		pg.click(`#flip`)
		pg.until("the flipped board", top, 5*time.Second)
	})

	t.Run("drag", func(t *testing.T) {
		pg.t = t
		pg.open("/play/chess")
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		// Let go where the knight cannot go: nothing is played, the knight is back.
		pg.drag("g1", "g3")
		if pg.js(`document.body.dataset.ply`) != "0" || pg.pieceOn("g1") != "N" || pg.js(`document.querySelector('#board svg .piece[data-square="g1"]').hasAttribute("transform")`) != "false" {
			t.Fatalf("after dragging the knight to g3: ply %s, g1 %q", pg.js(`document.body.dataset.ply`), pg.pieceOn("g1"))
		}
		pg.drag("g1", "f3")
		pg.until("Nf3 by dragging", `document.body.dataset.ply === "1"`, 5*time.Second)
		if got := pg.sans(); got != "Nf3" || pg.pieceOn("f3") != "N" {
			t.Fatalf("after dragging g1 to f3: moves %q, f3 %q", got, pg.pieceOn("f3"))
		}
	})

	t.Run("position editor", func(t *testing.T) {
		pg.t = t
		pg.open("/play/chess")
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		pg.click(`#edit-position`)
		pg.click(`#palette .pal[data-piece="N"]`)
		pg.click(square("e4"))
		pg.until("a knight on e4", `document.body.dataset.fen.startsWith("rnbqkbnr/pppppppp/8/8/4N3/")`, 5*time.Second)
		pg.click(`#palette .pal[data-piece=""]`)
		pg.click(square("h1"))
		pg.until("h1 emptied", `document.body.dataset.fen === "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1"`, 5*time.Second)
		pg.click(`#side-to-move`)
		pg.until("Black to move", `document.body.dataset.fen.includes(" b Qkq")`, 5*time.Second)
		if pg.pieceOn("e4") != "N" || pg.pieceOn("h1") != "" {
			t.Fatalf("edited board: e4 %q, h1 %q", pg.pieceOn("e4"), pg.pieceOn("h1"))
		}
		pg.click(`#edit-done`)
		pg.click(square("d7"))
		pg.click(square("d5"))
		pg.until("a move from the edited position", `document.body.dataset.ply === "1"`, 5*time.Second)
		if got := pg.sans(); got != "d5" {
			t.Fatalf("move list %q", got)
		}
	})

	t.Run("promotion", func(t *testing.T) {
		pg.t = t
		pg.open("/play/chess")
		pg.agree()
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		pg.run("FEN", chromedp.SetValue(chromedp.ID("fen"), "7k/P7/8/8/8/8/8/4K3 w - - 0 1"))
		pg.click(`#load-fen`)
		pg.until("the FEN loaded", `document.body.dataset.fen === "7k/P7/8/8/8/8/8/4K3 w - - 0 1"`, 5*time.Second)
		pg.click(square("a7"))
		pg.click(square("a8"))
		pg.until("the picker", `!document.getElementById("picker").hidden`, 5*time.Second)
		if got := pg.js(`[...document.querySelectorAll("#picker .choice")].map(b => b.textContent).join(" ")`); got != "a8=Q+ a8=R+ a8=B a8=N" {
			t.Fatalf("picker offers %q", got)
		}
		pg.click(`#picker .choice[data-coord="a7a8n"]`)
		pg.until("the promotion played", `document.body.dataset.ply === "1"`, 5*time.Second)
		if got := pg.sans(); got != "a8=N" || pg.pieceOn("a8") != "N" {
			t.Fatalf("after promoting to a knight: moves %q, a8 %q", got, pg.pieceOn("a8"))
		}
		// A game in PGN loads: its moves listed, its last position shown.
		pg.run("PGN", chromedp.SetValue(chromedp.ID("pgn"), "[Variant \"chess\"]\n\n1. d4 d5 2. c4 *"))
		pg.click(`#load-pgn`)
		pg.until("the PGN loaded", `document.body.dataset.ply === "3"`, 5*time.Second)
		if got := pg.sans(); got != "d4 d5 c4" || pg.pieceOn("c4") != "P" {
			t.Fatalf("after loading 1. d4 d5 2. c4: moves %q, c4 %q", got, pg.pieceOn("c4"))
		}
		if pgn := pg.js(`document.getElementById("pgn").value`); !strings.Contains(pgn, "1. d4 d5 2. c4 *") {
			t.Fatalf("PGN box %q", pgn)
		}
		// Castling by clicking the king, then the rook (Chess960's way) or its destination.
		for _, to := range []string{"h1", "c1"} {
			pg.run("FEN", chromedp.SetValue(chromedp.ID("fen"), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"))
			pg.click(`#load-fen`)
			pg.until("the FEN loaded", `document.body.dataset.fen === "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"`, 5*time.Second)
			pg.click(square("e1"))
			pg.click(square(to))
			pg.until("castling", `document.body.dataset.ply === "1"`, 5*time.Second)
			if got, want := pg.sans(), map[string]string{"h1": "O-O", "c1": "O-O-O"}[to]; got != want {
				t.Fatalf("e1 then %s: %q, want %s", to, got, want)
			}
		}
		// A bad FEN is refused with the interpreter's message.
		pg.run("bad FEN", chromedp.SetValue(chromedp.ID("fen"), "8/8/8 w - - 0 1"))
		pg.click(`#load-fen`)
		pg.until("the FEN error", `document.getElementById("message").textContent.includes("FEN")`, 5*time.Second)
	})

	t.Run("crazyhouse drop", func(t *testing.T) {
		pg.t = t
		pg.open("/play/crazyhouse?fen=" + strings.ReplaceAll("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3", " ", "%20"))
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		tray := `#board svg .tray-piece[data-side="white"][data-letter="P"]`
		pg.click(tray + ` rect`)
		if n := pg.js(`document.querySelectorAll("#board .mark.dest").length`); n == "0" {
			t.Fatal("no drop destination highlighted for the pawn in hand")
		}
		pg.click(square("e4"))
		pg.until("the drop", `document.body.dataset.ply === "1"`, 5*time.Second)
		if got := pg.sans(); !strings.HasPrefix(got, "P@e4") || pg.pieceOn("e4") != "P" {
			t.Fatalf("after the drop: moves %q, e4 %q", got, pg.pieceOn("e4"))
		}
		if n := pg.js(`document.querySelectorAll('` + tray + `').length`); n != "0" {
			t.Fatalf("White's tray still shows a pawn after dropping its only one")
		}
	})

	// Each seed variant loads with its cells drawn, and a move made by two clicks is played.
	for i, name := range seeds {
		rs := rulesets[3+i]
		t.Run(name, func(t *testing.T) {
			pg.t = t
			pg.open("/play/" + name)
			if n, want := pg.js(`document.querySelectorAll("#board svg rect.square").length`), fmt.Sprint(rs.Squares.Count()); n != want {
				t.Fatalf("%s squares drawn, want %s", n, want)
			}
			pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
			// The first legal move on the board that no other move shares its squares with.
			move := pg.js(`(() => { const l = game.state.legal; const m = l.find(m => m.from && l.filter(o => o.from === m.from && o.to === m.to).length === 1); return m.from + " " + m.to + " " + m.san; })()`)
			f := strings.Fields(move)
			pg.click(square(f[0]))
			pg.click(square(f[1]))
			pg.until(move+" played", `document.body.dataset.ply === "1"`, 5*time.Second)
			if got := pg.sans(); got != f[2] {
				t.Fatalf("move list %q after clicking %s, want %s", got, move, f[2])
			}
		})
	}

	t.Run("koopa bounce", func(t *testing.T) {
		pg.t = t
		pg.open("/play/koopa")
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		for i, mv := range [][2]string{{"e2", "e4"}, {"d7", "d5"}, {"e4", "d5"}} {
			pg.click(square(mv[0]))
			pg.click(square(mv[1]))
			pg.until(mv[0]+mv[1]+" played", fmt.Sprintf(`document.body.dataset.ply === "%d"`, i+1), 5*time.Second)
		}
		// The capturer bounced on to c6; the pawn captured on d5 stands stunned, its counter shown.
		if pg.pieceOn("c6") != "P" || pg.pieceOn("d5") != "p" {
			t.Fatalf("after exd5: c6 %q, d5 %q; want the bounced P and the stunned p", pg.pieceOn("c6"), pg.pieceOn("d5"))
		}
		if got := pg.js(`[...document.querySelectorAll("#board svg .status text")].map(t => t.textContent).join(" ")`); got != "4" {
			t.Fatalf("stun counters shown: %q, want one 4", got)
		}
		// A stunned piece cannot move: clicking it marks no destination.
		pg.click(square("d5"))
		if n := pg.js(`document.querySelectorAll("#board .mark.dest").length`); n != "0" {
			t.Fatalf("%s destinations for the stunned pawn", n)
		}
	})

	t.Run("hostage exchange", func(t *testing.T) {
		pg.t = t
		pg.open("/play/hostage?fen=" + strings.ReplaceAll("2b1k2r/ppp2p1p/2n5/3p4/3P4/2N5/PPP2PP1/R3K2R[QBPrnp][NBPqbp] w KQk - 0 1", " ", "%20"))
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		// White's bishop held in Black's prison, rescued by giving a man from White's prison.
		pg.click(`#board svg .tray-piece[data-side="black"][data-pool="prison"][data-letter="B"] rect`)
		pg.click(square("e3"))
		pg.until("the picker", `!document.getElementById("picker").hidden`, 5*time.Second)
		if got := pg.js(`[...document.querySelectorAll("#picker .choice")].map(b => b.textContent).sort().join(" ")`); got != "(N-B)B@e3 (R-B)B@e3" {
			t.Fatalf("picker offers %q, want the two exchanges", got)
		}
		pg.click(`#picker .choice[data-coord="N-B@e3"]`)
		pg.until("the exchange played", `document.body.dataset.ply === "1"`, 5*time.Second)
		if pg.pieceOn("e3") != "B" || !strings.Contains(pg.js(`document.body.dataset.fen`), "[QPrp][BNPqbnp] b") {
			t.Fatalf("after (N-B)B@e3: e3 %q, FEN %s", pg.pieceOn("e3"), pg.js(`document.body.dataset.fen`))
		}
		if n := pg.js(`document.querySelectorAll('#board svg .tray-piece[data-side="black"][data-pool="airfield"][data-letter="N"]').length`); n != "1" {
			t.Fatal("the knight given is not in Black's airfield tray")
		}
	})

	t.Run("definition editor", func(t *testing.T) {
		pg.t = t
		pg.open("/play/chess")
		pg.agree()
		pg.click(`#edit-def`)
		pg.until("chess's definition in the editor", `document.getElementById("yaml").value.includes("name: chess")`, 5*time.Second)
		// An error appears at its line; clicking it selects the line.
		pg.run("a bad definition", chromedp.SetValue(chromedp.ID("yaml"), "extends: chess\nname: tiny\nboard: {files: 5, ranks: 5, colour: red}\n"))
		pg.click(`#load-def`)
		pg.until("the error", `document.querySelectorAll("#def-errors li").length > 0`, 5*time.Second)
		if e := pg.js(`document.querySelector("#def-errors li").textContent`); !strings.HasPrefix(e, "line 3:") || !strings.Contains(e, "colour") {
			t.Fatalf("error shown %q: want it at line 3, about colour", e)
		}
		pg.click(`#def-errors li`)
		if sel := pg.js(`(() => { const b = document.getElementById("yaml"); return b.value.slice(b.selectionStart, b.selectionEnd); })()`); !strings.HasPrefix(sel, "board:") {
			t.Fatalf("clicking the error selects %q, want line 3", sel)
		}
		// Fixed, it is played at once: a 5x5 board with no setup of its own is refused, so
		// it keeps chess's board and takes a new title.
		pg.run("a good definition", chromedp.SetValue(chromedp.ID("yaml"), "extends: chess\nname: retitled\ntitle: Chess retitled\n"))
		pg.click(`#load-def`)
		pg.until("the new variant", `document.body.dataset.variant === "retitled" && document.body.dataset.ply === "0"`, 5*time.Second)
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		if title := pg.js(`document.querySelector("#board svg title").textContent`); !strings.HasPrefix(title, "Chess retitled") {
			t.Fatalf("board title %q", title)
		}
		pg.click(square("g1"))
		pg.click(square("f3"))
		pg.until("Nf3 in the new variant", `document.body.dataset.ply === "1"`, 5*time.Second)
		if got := pg.sans(); got != "Nf3" {
			t.Fatalf("move list %q", got)
		}
		if link := pg.js(`document.getElementById("link").value`); !strings.Contains(link, "?variant=retitled&") || !strings.Contains(link, "#def=") {
			t.Fatalf("link %q: want the variant and its definition", link)
		}
		// Its tests (inherited ones are not: a definition's tests describe it alone) and perft.
		pg.click(`#run-tests`)
		pg.until("the tests run", `document.getElementById("tool-out").textContent.includes("passed")`, 10*time.Second)
		if out := pg.js(`document.getElementById("tool-out").textContent`); !strings.HasPrefix(out, "0 passed, 0 failed") {
			t.Fatalf("tests of a definition without tests: %q", out)
		}
		pg.run("perft depth", chromedp.SetValue(chromedp.ID("perft-depth"), "2"))
		pg.click(`#perft`)
		pg.until("perft", `document.getElementById("tool-out").textContent.startsWith("perft 2: ")`, 10*time.Second)
		// After 1.Nf3, Black has 20 moves and White then about 21 each: 440 leaves at depth 2.
		if out := pg.js(`document.getElementById("tool-out").textContent`); !strings.HasPrefix(out, "perft 2: 440 nodes") {
			t.Fatalf("perft 2 after 1.Nf3: %q", out)
		}
		// The balance report of a few engine games.
		pg.run("games", chromedp.SetValue(chromedp.ID("balance-games"), "2"))
		pg.click(`#balance`)
		pg.until("the report", `!!document.getElementById("balance-link")`, 30*time.Second)
		report, err := chromedp.Run(pg.ctx, chromedp.Evaluate[string](`(async () => await (await fetch(document.getElementById("balance-link").href)).text())()`, chromedp.EvalAwaitPromise))
		if err != nil || !strings.Contains(report, "Chess retitled") || !strings.Contains(report, "<svg") {
			t.Fatalf("the balance report: %v %.300q", err, report)
		}
		// A definition too large for a link says so.
		rnd := rand.New(rand.NewPCG(1, 2))
		var desc strings.Builder
		for range 30000 {
			desc.WriteByte(byte('a' + rnd.IntN(26)))
		}
		pg.run("a large definition", chromedp.SetValue(chromedp.ID("yaml"), "extends: chess\nname: large\ndescription: "+desc.String()+"\n"))
		pg.click(`#load-def`)
		pg.until("the large variant", `document.body.dataset.variant === "large" && document.body.dataset.ply === "0"`, 5*time.Second)
		pg.until("the link refused", `document.getElementById("link").value.startsWith("The definition is too large for a link")`, 5*time.Second)
	})

	t.Run("xiangqi", func(t *testing.T) {
		pg.t = t
		pg.open("/play/xiangqi")
		if n := pg.js(`document.querySelectorAll("#board svg rect.square").length`); n != "90" {
			t.Fatalf("%s squares drawn, want 90", n)
		}
		// The destinations of a clicked piece come from the legal moves the page already
		// has: marked within 50 ms (here, the time the click's handler takes).
		ms := pg.js(`(() => { const t = performance.now(); document.querySelector('#board svg rect[id="b3"]').dispatchEvent(new MouseEvent("click", {bubbles: true})); return performance.now() - t; })()`)
		if d, err := strconv.ParseFloat(ms, 64); err != nil || d > 50 || pg.js(`document.querySelectorAll("#board .mark.dest").length`) == "0" {
			t.Fatalf("destinations of the cannon on b3: %s ms, %s marked", ms, pg.js(`document.querySelectorAll("#board .mark.dest").length`))
		}
		pg.run("engine plays Black at level 1", chromedp.SetValue(chromedp.ID("engine-side"), "black"), chromedp.SetValue(chromedp.ID("movetime"), "300"), chromedp.SetValue(chromedp.ID("level"), "1"))
		pg.click(square("h3"))
		if n := pg.js(`document.querySelectorAll("#board .mark.dest").length`); n == "0" {
			t.Fatalf("no destination highlighted for the cannon on h3 (%s)", pg.js(`document.elementFromPoint(100,100) && document.body.innerHTML.length`))
		}
		pg.click(square("e3"))
		pg.until("the move and the engine's reply", `document.body.dataset.ply === "2"`, 15*time.Second)
		if got := strings.Fields(pg.sans()); len(got) != 2 || got[0] != "Che3" {
			t.Fatalf("move list %q: want Che3 and the engine's reply", got)
		}
		if pg.pieceOn("e3") != "C" {
			t.Fatalf("e3 holds %q after h3-e3, want the cannon C", pg.pieceOn("e3"))
		}
		// Level 1 searches to depth 1 (search.levels).
		pg.until("the engine's answer", `document.getElementById("analysis").textContent.includes("best move")`, 15*time.Second)
		if out := pg.js(`document.getElementById("analysis").textContent`); !strings.Contains(out, "  depth 1  ") {
			t.Errorf("the engine at level 1 answered %q: want a search of depth 1", out)
		}
	})
}

// #53 F6: serve answers for localhost, addresses and the name --addr gives (the machine's
// name when it listens on every address), and no other name.
func TestServeHosts(t *testing.T) {
	hostname, _ := os.Hostname()
	for addr, want := range map[string]string{"127.0.0.1:8080": "", "[::1]:0": "", "box.lan:8080": "box.lan", ":8080": hostname, "0.0.0.0:80": hostname} {
		if got := strings.Join(serveHosts(addr), " "); got != want {
			t.Errorf("serveHosts(%q) = %q, want %q", addr, got, want)
		}
	}
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	h, err := web.App([]*compiler.Ruleset{rs}, serveHosts("box.lan:8080")...)
	if err != nil {
		t.Fatal(err)
	}
	for host, code := range map[string]int{"box.lan:8080": 200, "localhost:8080": 200, "192.168.1.9:8080": 200, "rebound.example:8080": 403} {
		req := httptest.NewRequest("GET", "/api/variants", nil)
		req.Host = host
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != code {
			t.Errorf("Host %s: %d, want %d", host, rec.Code, code)
		}
	}
}

// TestServeWallsInBrowser: a turn of a variant with walls made on the page in two steps,
// the man's move (clicks or a drag), then a click on one of the cells marked for its wall;
// Escape or a click elsewhere takes the move back. The walls are drawn, the move list
// writes them, the engine's turns place theirs, and the link reopens the position. In
// amazons only the cells the amazon reaches from its landing take the arrow.
func TestServeWallsInBrowser(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	path := chromium(t)
	var rulesets []*compiler.Ruleset
	for _, name := range []string{"duck", "amazons"} {
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
	defer srv.Close()
	pg := newPage(t, path, srv.URL)
	walling := `(document.body.dataset.walling || "")`
	wallMarks := `[...document.querySelectorAll("#board .mark.wall")].map(m => m.dataset.square).sort().join(" ")`
	// fenAfter is the FEN after the turns from the start of rs's default setup.
	fenAfter := func(rs *compiler.Ruleset, turns ...string) string {
		t.Helper()
		fen, _, err := interpreter.SetupFEN(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range turns {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
		return p.FEN()
	}

	t.Run("duck", func(t *testing.T) {
		pg.t = t
		rs := rulesets[0]
		pg.open("/play/duck")
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		if n := pg.js(`document.querySelectorAll("#board svg #legend .wall").length`); n != "1" {
			t.Errorf("%s walls in the legend, want 1", n)
		}
		// The man's move: the pawn shown on e4, the 32 empty cells marked for the duck.
		pg.click(square("e2"))
		pg.click(square("e4"))
		if w, marks := pg.js(walling), pg.js(wallMarks); w != "e2e4" || len(strings.Fields(marks)) != 32 || strings.Contains(marks, "e4") || !strings.Contains(marks, "e2") {
			t.Fatalf("after e2 then e4: walling %q, cells marked for the wall %q; want e2e4 and the 32 empty cells", w, marks)
		}
		if pg.js(`document.querySelector('#board svg .piece[data-square="e2"]').hasAttribute("transform")`) != "true" || pg.js(`document.body.dataset.ply`) != "0" {
			t.Fatal("the pawn is not shown moved while its wall is chosen, or the move was played without its wall")
		}
		// Escape takes it back.
		pg.run("Escape", chromedp.KeyEvent("\u001b"))
		pg.until("the move taken back", walling+` === "" && document.querySelectorAll("#board .mark.wall").length === 0`, 5*time.Second)
		if pg.pieceOn("e2") != "P" || pg.js(`document.querySelector('#board svg .piece[data-square="e2"]').hasAttribute("transform")`) != "false" {
			t.Fatal("after Escape the pawn is not back on e2")
		}
		// The turn made: the move, then the duck on d5.
		pg.click(square("e2"))
		pg.click(square("e4"))
		pg.click(square("d5"))
		pg.until("e4,d5 played", `document.body.dataset.ply === "1"`, 5*time.Second)
		if got, want := pg.js(`document.body.dataset.fen`), fenAfter(rs, "e2e4,e4d5"); got != want || pg.sans() != "e4,d5" {
			t.Fatalf("after e4,d5: FEN %s, moves %q; want %s and e4,d5", got, pg.sans(), want)
		}
		if n := pg.js(`document.querySelectorAll('#board svg #walls .wall[data-square="d5"]').length`); n != "1" {
			t.Fatal("no wall drawn on d5")
		}
		// A click on a cell not marked takes the move back: the knight's move from g8.
		pg.click(square("g8"))
		pg.click(square("f6"))
		if pg.js(walling) != "g8f6" {
			t.Fatalf("walling %q after g8 then f6", pg.js(walling))
		}
		pg.click(square("a8"))
		pg.until("the knight's move taken back", walling+` === ""`, 5*time.Second)
		if pg.js(`document.body.dataset.ply`) != "1" || pg.pieceOn("g8") != "n" {
			t.Fatalf("after a click on a8: ply %s, g8 %q", pg.js(`document.body.dataset.ply`), pg.pieceOn("g8"))
		}
		// Dragged, then its wall: the duck moves from d5 to h5 (the wall on d5 is not offered again).
		pg.drag("g8", "f6")
		pg.until("the wall's cells for Nf6", walling+` === "g8f6"`, 5*time.Second)
		if marks := pg.js(wallMarks); strings.Contains(" "+marks+" ", " d5 ") || !strings.Contains(marks, "h5") {
			t.Fatalf("cells marked for the duck after Nf6: %q (not d5, where it stands)", marks)
		}
		pg.click(square("h5"))
		pg.until("Nf6,h5 played", `document.body.dataset.ply === "2"`, 5*time.Second)
		if got, want := pg.js(`document.body.dataset.fen`), fenAfter(rs, "e2e4,e4d5", "g8f6,f6h5"); got != want || pg.sans() != "e4,d5 Nf6,h5" {
			t.Fatalf("after Nf6,h5: FEN %s, moves %q; want %s", got, pg.sans(), want)
		}
		// The engine's turn places its duck too.
		pg.run("engine plays White", chromedp.SetValue(chromedp.ID("movetime"), "200"), chromedp.SetValue(chromedp.ID("level"), "1"))
		pg.click(`#engine-move`)
		pg.until("the engine's turn", `document.body.dataset.ply === "3"`, 15*time.Second)
		fen := pg.js(`document.body.dataset.fen`)
		sans := strings.Fields(pg.sans())
		if len(sans) != 3 || !strings.Contains(sans[2], ",") || strings.Count(strings.Fields(fen)[0], "*") != 1 || pg.js(`document.querySelectorAll("#board svg #walls .wall").length`) != "1" {
			t.Fatalf("after the engine's turn: moves %q, FEN %s; want a turn with its wall, and one duck", sans, fen)
		}
		// Its squares marked as the last move's, its wall's cell too.
		coord := pg.js(`game.moves[2]`)
		wall := coord[len(coord)-2:]
		if last := pg.js(`[...document.querySelectorAll("#board .mark.last")].map(m => m.dataset.square).join(" ")`); last != coord[:2]+" "+coord[2:4]+" "+wall {
			t.Errorf("the engine's turn %s marked as the last on %q", coord, last)
		}
		// The link reopens the position, the turns' commas kept.
		link := pg.js(`document.getElementById("link").value`)
		pg.run("open the link", chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS(`#board svg .square`)))
		pg.until("the linked position", `document.body.dataset.ply === "3"`, 10*time.Second)
		if got := pg.js(`document.body.dataset.fen`); got != fen || len(strings.Fields(pg.sans())) != 3 {
			t.Fatalf("the link %s opens %s with moves %q, want %s", link, got, pg.sans(), fen)
		}
		// A promotion: the picker offers the moves without their walls, then the wall.
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		pg.agree()
		pg.run("FEN", chromedp.SetValue(chromedp.ID("fen"), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"))
		pg.click(`#load-fen`)
		pg.until("the FEN loaded", `document.body.dataset.fen === "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"`, 5*time.Second)
		pg.click(square("a7"))
		pg.click(square("a8"))
		pg.until("the picker", `!document.getElementById("picker").hidden`, 5*time.Second)
		if got := pg.js(`[...document.querySelectorAll("#picker .choice")].map(b => b.textContent).join(" ")`); got != "a8=Q a8=R a8=B a8=N" {
			t.Fatalf("picker offers %q", got)
		}
		pg.click(`#picker .choice[data-coord="a7a8n"]`)
		pg.until("the knight's wall cells", walling+` === "a7a8n"`, 5*time.Second)
		pg.click(square("d5"))
		pg.until("the promotion played", `document.body.dataset.ply === "1"`, 5*time.Second)
		if got := pg.js(`document.body.dataset.fen`); got != "N3k3/8/8/3*4/8/8/8/4K3 b - - 0 1" || pg.sans() != "a8=N,d5" {
			t.Fatalf("after a8=N,d5: FEN %s, moves %q", got, pg.sans())
		}
		// The position editor moves the duck.
		pg.click(`#edit-position`)
		pg.click(`#palette .pal[data-piece="*"]`)
		pg.click(square("h1"))
		pg.until("a wall put on h1", `document.body.dataset.fen === "N3k3/8/8/3*4/8/8/8/4K2* b - - 0 1"`, 5*time.Second)
		pg.click(`#palette .pal[data-piece=""]`)
		pg.click(square("d5"))
		pg.until("the wall on d5 taken off", `document.body.dataset.fen === "N3k3/8/8/8/8/8/8/4K2* b - - 0 1"`, 5*time.Second)
		pg.click(`#edit-done`)
	})

	t.Run("amazons", func(t *testing.T) {
		pg.t = t
		rs := rulesets[1]
		pg.open("/play/amazons")
		pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
		// The cells the interpreter lets the arrow take after d1-d5: those the amazon
		// reaches from d5, fewer than the empty cells.
		fen, _, _ := interpreter.SetupFEN(rs, "")
		p, _ := interpreter.FromFEN(rs, fen)
		var want []string
		for _, m := range p.LegalMoves(nil) {
			if strings.HasPrefix(p.Coord(m), "d1d5,") {
				want = append(want, rs.SquareName(m.Wall()))
			}
		}
		slices.Sort(want)
		if len(want) == 0 || len(want) >= 100-8 {
			t.Fatalf("%d cells for the arrow after d1-d5", len(want))
		}
		pg.click(square("d1"))
		pg.click(square("d5"))
		if marks := pg.js(wallMarks); marks != strings.Join(want, " ") {
			t.Fatalf("cells marked for the arrow after d1-d5:\n%s\nwant\n%s", marks, strings.Join(want, " "))
		}
		// j2 is out of the amazon's reach: the click takes the move back.
		pg.click(square("j2"))
		pg.until("the move taken back", walling+` === ""`, 5*time.Second)
		if pg.js(`document.body.dataset.ply`) != "0" || pg.pieceOn("d1") != "Q" {
			t.Fatalf("after a click on j2: ply %s, d1 %q", pg.js(`document.body.dataset.ply`), pg.pieceOn("d1"))
		}
		// The arrow shot back where the amazon came from.
		pg.click(square("d1"))
		pg.click(square("d5"))
		pg.click(square("d1"))
		pg.until("d1d5,d5d1 played", `document.body.dataset.ply === "1"`, 5*time.Second)
		if got, want := pg.js(`document.body.dataset.fen`), fenAfter(rs, "d1d5,d5d1"); got != want || pg.sans() != "Qd5,d1" {
			t.Fatalf("after Qd5,d1: FEN %s, moves %q; want %s and Qd5,d1", got, pg.sans(), want)
		}
		if pg.pieceOn("d5") != "Q" || pg.js(`document.querySelectorAll('#board svg #walls .wall[data-square="d1"]').length`) != "1" {
			t.Fatalf("after Qd5,d1: d5 %q, no wall drawn on d1", pg.pieceOn("d5"))
		}
	})
}

// Walls placed instead of a move, in the page: a man's move is played at once (no wall to
// choose), a click on an empty cell a wall may take walls it, and a click on the side's
// man on the lowest cell selects that man's moves only.
func TestServeWallsInsteadInBrowser(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	path := chromium(t)
	ini := filepath.Join(t.TempDir(), "w.ini")
	if err := os.WriteFile(ini, []byte("[edgewalls:chess]\nwallingRule = edge\nwallOrMove = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := interpreter.Open(ini + ":edgewalls")
	if err != nil {
		t.Fatal(err)
	}
	h, err := web.App([]*compiler.Ruleset{rs})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	pg := newPage(t, path, srv.URL)
	pg.open("/play/edgewalls")
	pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	pg.click(square("e2"))
	pg.click(square("e4"))
	pg.until("e4 played", `document.body.dataset.ply === "1"`, 5*time.Second)
	// Black's man on the lowest cell, a7: its own moves, no wall turn among them.
	pg.click(square("a7"))
	if marks := pg.js(`[...document.querySelectorAll("#board .mark")].map(m => m.dataset.square).sort().join(" ")`); strings.Contains(marks, "h3") {
		t.Errorf("cells marked after a click on a7: %q (a wall cell among them)", marks)
	}
	pg.click(square("a7")) // deselect
	pg.click(square("d4")) // no wall may go there: nothing happens
	pg.click(square("h4"))
	pg.until("the wall on h4", `document.body.dataset.ply === "2"`, 5*time.Second)
	p, _ := interpreter.Start(rs, "")
	for _, s := range []string{"e2e4", "pass,h4"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	if got := pg.js(`document.body.dataset.fen`); got != p.FEN() || pg.sans() != "e4 pass,h4" {
		t.Fatalf("after e4 and a click on h4: FEN %s, moves %q; want %s", got, pg.sans(), p.FEN())
	}
}
