// Tests of the page's fixes of #52 (item by item) in chimera serve's page, in headless Chromium.
package cli

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"chimera/compiler"
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
		pg.until("the new variant", `document.getElementById("variant").value === "`+tc.name+`" && document.body.dataset.ply === "0"`, 10*time.Second)
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
	pg.until("the other variant", `document.getElementById("variant").value === "koopa" && document.body.dataset.ply === "0"`, 5*time.Second)
}
