// Tests of chimera web: the static build written, served as plain files, and played in headless Chromium with the engine in WebAssembly.
package cli

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestWebBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"web"}, "missing --out"},
		{[]string{"web", "--out", t.TempDir(), "extra"}, "unexpected argument"},
		{[]string{"web", "--out", t.TempDir(), "--go", "/nonexistent/go"}, "Go toolchain"},
	} {
		var out, errOut strings.Builder
		code := Main(tc.args, &out, &errOut)
		if code != exitUsage || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut.String(), exitUsage, tc.want)
		}
	}
}

// The static build the page tests share, written once (chimera web takes about 40 s).
var static struct {
	once sync.Once
	dir  string
	err  string
}

// staticBuild is the folder chimera web wrote, for the tests of the static page; the
// test is skipped under -short.
func staticBuild(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the WebAssembly modules (about 40 s the first time)")
	}
	static.once.Do(func() {
		dir, err := os.MkdirTemp("", "chimera-web-")
		if err != nil {
			static.err = err.Error()
			return
		}
		static.dir = dir
		var out, errOut strings.Builder
		if code := Main([]string{"web", "--out", dir}, &out, &errOut); code != exitOK {
			static.err = fmt.Sprintf("chimera web: exit %d: %s", code, errOut.String())
		}
	})
	if static.err != "" {
		t.Fatal(static.err)
	}
	return static.dir
}

// removeStaticBuild removes the static build once the tests are done.
func removeStaticBuild() {
	if static.dir != "" {
		os.RemoveAll(static.dir)
	}
}

// staticServer serves a folder as plain files, as any static host does.
type staticServer struct {
	*httptest.Server
	apiHits atomic.Int32 // requests for /api/: the static page must make none
	sent    atomic.Int64 // the bytes of the files sent
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (w countingWriter) Write(b []byte) (int, error) {
	w.n.Add(int64(len(b)))
	return w.ResponseWriter.Write(b)
}

func serveStatic(t *testing.T, dir string) *staticServer {
	files := http.FileServer(http.Dir(dir))
	s := &staticServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			s.apiHits.Add(1)
		}
		files.ServeHTTP(countingWriter{w, &s.sent}, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func TestStaticBuildInBrowser(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	dir := staticBuild(t)
	path := chromium(t)
	for _, name := range []string{"index.html", "app.js", "style.css", "worker.js", "chimera.js", "chimera-api.wasm", "wasm_exec.js", "chimera.wasm", "chimera.wasm.gz"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Fatalf("the static build lacks %s", name)
		}
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if strings.Contains(string(index), "/static/") || !strings.Contains(string(index), "CHIMERA_STATIC = true") {
		t.Fatalf("index.html is not the static page:\n%s", index)
	}
	// A plain file server: no API behind it. Any request for /api/ would fail.
	srv := serveStatic(t, dir)

	pg := newPage(t, path, srv.URL)
	opened := time.Now()
	pg.run("open the static page", chromedp.Navigate(srv.URL+"/index.html?variant=koopa"))
	pg.until("the board, from the WebAssembly worker", `document.body.dataset.ply === "0"`, 30*time.Second)
	t.Logf("the first board in %.1f s", time.Since(opened).Seconds())
	// #52 item 8: the page downloads at most half of chimera.wasm before its first board
	// (on main, all of it: the worker fetched chimera.wasm).
	wasm, err := os.Stat(filepath.Join(dir, "chimera.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if sent := srv.sent.Load(); sent > wasm.Size()/2 {
		t.Fatalf("%.1f MB downloaded before the first board, chimera.wasm is %.1f MB: want at most half", float64(sent)/1e6, float64(wasm.Size())/1e6)
	} else {
		t.Logf("%.2f MB downloaded before the first board (chimera.wasm: %.2f MB)", float64(sent)/1e6, float64(wasm.Size())/1e6)
	}
	if n := pg.js(`document.querySelectorAll("#board svg rect.square").length`); n != "64" {
		t.Fatalf("%s squares drawn, want 64", n)
	}
	if v := pg.js(`document.getElementById("variant").value`); v != "koopa" {
		t.Fatalf("variant %q, want koopa from ?variant=", v)
	}
	pg.run("engine time", chromedp.SetValue(chromedp.ID("movetime"), "500"))
	pg.click(square("e2"))
	if n := pg.js(`document.querySelectorAll("#board .mark.dest").length`); n != "2" {
		t.Fatalf("%s destinations for e2, want 2", n)
	}
	pg.click(square("e4"))
	pg.until("the move and the engine's reply in the page", `document.body.dataset.ply === "2"`, 20*time.Second)
	if got := strings.Fields(pg.sans()); len(got) != 2 || got[0] != "e4" {
		t.Fatalf("move list %q: want e4 and the engine's reply", got)
	}
	if a := pg.js(`document.getElementById("analysis").textContent`); !strings.Contains(a, "best move") {
		t.Fatalf("analysis pane %q: want the engine's best move", a)
	}
	// The link to the position reopens it in the static build, variant included.
	link, fen := pg.js(`document.getElementById("link").value`), pg.js(`document.body.dataset.fen`)
	if !strings.Contains(link, "variant=koopa") {
		t.Fatalf("link %s does not name the variant", link)
	}
	pg.run("open the link", chromedp.Navigate(link),
		chromedp.Poll[chromedp.Void](`document.body.dataset.ply === "2"`, chromedp.WithPollingTimeout(30*time.Second)))
	if got := pg.js(`document.body.dataset.fen`); got != fen || pg.js(`document.getElementById("variant").value`) != "koopa" {
		t.Fatalf("the link %s opens %s, want %s", link, got, fen)
	}
	// A definition written in the page, played, and shared by a link that carries it: the
	// link opens it in a fresh page (a new worker, which never saw it).
	pg.run("a definition", chromedp.SetValue(chromedp.ID("engine-side"), ""),
		chromedp.SetValue(chromedp.ID("yaml"), "extends: chess\nname: linked\ntitle: Linked chess\n"))
	pg.agree()
	pg.click(`#load-def`)
	pg.until("the new variant", `document.body.dataset.variant === "linked" && document.body.dataset.ply === "0"`, 10*time.Second)
	pg.run("no engine", chromedp.SetValue(chromedp.ID("engine-side"), ""))
	pg.click(square("d2"))
	pg.click(square("d4"))
	pg.until("d4", `document.body.dataset.ply === "1" && document.getElementById("link").value.includes("moves=d2d4#def=")`, 10*time.Second)
	link = pg.js(`document.getElementById("link").value`)
	pg.run("open the link", chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	pg.until("the linked position", `document.body.dataset.ply === "1"`, 45*time.Second)
	if v, title := pg.js(`document.getElementById("variant").value`), pg.js(`document.querySelector("#board svg title").textContent`); v != "linked" || !strings.HasPrefix(title, "Linked chess") || pg.sans() != "d4" {
		t.Fatalf("the link %s opens %s (%s) with moves %q", link, v, title, pg.sans())
	}
	// #52 item 2: a reload keeps the game and the definition (on main the address held
	// ?variant=linked alone, and the reloaded worker did not know it).
	pg.click(square("d7"))
	pg.click(square("d5"))
	pg.until("d5", `document.body.dataset.ply === "2" && location.search.includes("d7d5")`, 10*time.Second)
	pg.reload("2")
	if v, msg := pg.js(`document.getElementById("variant").value`), pg.js(`document.getElementById("message").textContent`); v != "linked" || pg.sans() != "d4 d5" || msg != "" {
		t.Fatalf("reloaded: variant %s, moves %q, message %q", v, pg.sans(), msg)
	}
	// #52 item 6 on the WebAssembly engine: an arrow for the best move found, the engine
	// playing both sides until Stop, and a clock's flag ending a game.
	pg.run("the engine's time", chromedp.SetValue(chromedp.ID("engine-side"), ""), chromedp.SetValue(chromedp.ID("movetime"), "300"))
	pg.click(`#analyse`)
	pg.until("the best move's arrow", `!!document.querySelector('#board svg .best-arrow[data-from]:not([data-from=""])')`, 20*time.Second)
	pg.click(`#autoplay`)
	pg.until("the engine's moves for both sides", `+document.body.dataset.ply >= 4`, 30*time.Second)
	pg.click(`#stop`)
	time.Sleep(700 * time.Millisecond) // a move under way may land
	ply := pg.js(`document.body.dataset.ply`)
	time.Sleep(1500 * time.Millisecond)
	if now := pg.js(`document.body.dataset.ply`); now != ply {
		t.Fatalf("after Stop the engines played on from ply %s to %s", ply, now)
	}
	pg.agree()
	pg.setClock("0.02", "0")
	pg.click(`#new-game`)
	pg.until("the new game", `document.body.dataset.ply === "0"`, 10*time.Second)
	pg.click(square("e2"))
	pg.click(square("e4"))
	pg.until("Black's flag", `document.body.dataset.flagged === "black"`, 10*time.Second)
	if s := pg.js(`document.getElementById("status").textContent`); s != "Game over: 1-0 (Black's time is up)" {
		t.Fatalf("status %q after Black's time ran out", s)
	}
	// #54 part 3 in the static build: a game of fogofwar against the WebAssembly engine,
	// White's view alone (the worker seals the moves as the server does).
	pg.setClock("0", "0")
	pg.run("open fogofwar", chromedp.Navigate(srv.URL+"/index.html?variant=fogofwar"))
	pg.until("White's view", `document.body.dataset.ply === "0" && document.body.dataset.fog === "white"`, 30*time.Second)
	if n := pg.noPieceInTheFog(); n != 32 {
		t.Fatalf("%d cells veiled at the start of fogofwar; want 32", n)
	}
	pg.run("the engine's time", chromedp.SetValue(chromedp.ID("movetime"), "300"))
	pg.click(square("e2"))
	pg.click(square("e4"))
	pg.until("the engine's answer in the fog", `document.body.dataset.ply === "2" && document.body.dataset.fog === "white"`, 30*time.Second)
	pg.noPieceInTheFog()
	if got := pg.sans(); got != "e4 ?" {
		t.Fatalf("the moves under fog: %q, want e4 and the engine's hidden", got)
	}
	// #54 item 1 in the static build: a seat of fourplayer-ffa against three engine seats
	// in the WebAssembly worker.
	pg.run("open fourplayer-ffa", chromedp.Navigate(srv.URL+"/index.html?variant=fourplayer-ffa"))
	pg.until("the board of 160 cells", `document.querySelectorAll("#board svg rect.square").length === 160 && document.body.dataset.seat === "r"`, 30*time.Second)
	pg.run("100 ms and level 1 a move", chromedp.SetValue(chromedp.ID("movetime"), "100"), chromedp.SetValue(chromedp.ID("level"), "1"))
	pg.click(square("h2"))
	pg.click(square("h4"))
	pg.until("the engine seats' answer", `document.body.dataset.ply === "4" && document.body.dataset.mover === "r"`, 60*time.Second)
	if moves := strings.Fields(pg.js(`game.moves.join(" ")`)); len(moves) != 4 || moves[0] != "r:h2h4" || moves[1][0] != 'b' || moves[2][0] != 'y' || moves[3][0] != 'g' {
		t.Fatalf("moves %q: want Red's h2h4, then Blue's, Yellow's and Green's", moves)
	}
	if pg.pieceOn("h4") != "rP" || pg.pieceOn("h2") != "" {
		t.Fatalf("after h2h4: h4 %q, h2 %q", pg.pieceOn("h4"), pg.pieceOn("h2"))
	}
	if n := srv.apiHits.Load(); n != 0 {
		t.Fatalf("the static page asked the server for its API %d times", n)
	}
}

// jsAPITest drives chimera.js under Node: every function of the API (chimera-api.wasm),
// each checked; then the page's module (chimera.wasm), which loadChimera refuses, and a
// search of the worker's API (chimeraRequest) cancelled by chimeraCancel.
const jsAPITest = `
const dir = process.argv[2];
const { loadChimera } = require(dir + "/chimera.js");
function check(what, got, want) {
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(what + ": got " + JSON.stringify(got) + ", want " + JSON.stringify(want));
}
(async () => {
  const c = await loadChimera(dir + "/chimera-api.wasm");
  check("variants", c.variants().split(" ").includes("xiangqi"), true);
  const b = new c.Board("chess");
  check("fen", b.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  check("legalMoves", b.legalMoves().split(" ").length, 20);
  check("legalMovesSan", b.legalMovesSan().split(" ").includes("Nf3"), true);
  check("turn", b.turn(), true);
  check("push", b.push("e2e4"), true);
  check("push illegal", b.push("e2e4"), false);
  check("pushSan", [b.pushSan("e5"), b.pushSan("Qh5"), b.pushSan("Nc6"), b.pushSan("Bc4"), b.pushSan("Nf6")], [true, true, true, true, true]);
  check("sanMove", b.sanMove("h5f7"), "Qxf7#");
  check("pushSan with its mark", b.pushSan("Qxf7#"), true);
  check("game over", [b.isCheck(), b.isGameOver(), b.result()], [true, true, "1-0"]);
  check("moveStack", b.moveStack(), "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7");
  check("pop", [b.pop(), b.isGameOver(), b.turn()], ["h5f7", false, true]);
  check("pgn", b.pgn().includes("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *"), true);
  check("perft", new c.Board("chess").perft(3), 8902);
  const z = new c.Board("crazyhouse", "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3");
  check("pockets", [z.pocket(true), z.pocket(false)], ["p", "p"]); // lower case, as ffish.js writes them
  check("a drop", [z.pushSan("P@e4"), z.pocket(true)], [true, ""]);
  z.setFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] b KQkq - 0 1");
  check("setFen", [z.turn(), z.moveStack()], [false, ""]);
  let err = null;
  try { z.setFen("8/8/8 w - - 0 1"); } catch (e) { err = e.message; }
  check("a bad FEN throws", err !== null && err.includes("FEN"), true);
  check("the board is kept", z.turn(), false);
  err = null;
  try { c.loadVariant("extends: chess\nname: x\nfoo: 1\n"); } catch (e) { err = e.errors; }
  check("positioned errors", [err[0].line, err[0].col], [3, 1]);
  check("loadVariant", c.loadVariant("extends: chess\nname: mine\n"), "mine");
  check("a board of it", new c.Board("mine").legalMoves().split(" ").length, 20);
  check("its YAML", c.variantYAML("mine"), "extends: chess\nname: mine\n");
  // The page's module is not the API's: loadChimera says so (it sets the worker's
  // functions all the same, tested below).
  err = null;
  try { await loadChimera(dir + "/chimera.wasm"); } catch (e) { err = e.message; }
  check("the page's module refused", err !== null && err.includes("load chimera-api.wasm"), true);
  // A request Go cannot make (a bad method) is answered 400, and the module lives on (it
  // exited when httptest panicked).
  const bad = globalThis.chimeraCall("G ET", "/api/variants", "");
  check("a bad request", [bad.status, JSON.parse(bad.body).error.includes("invalid method")], [400, true]);
  check("after it", globalThis.chimeraCall("GET", "/api/variants", "").status, 200);
  // A search of 20 s cancelled after 500 ms (the page's Stop), once the module is warm:
  // the cancel gets in while the engine thinks, and the search ends at once, freeing the
  // module's one thread (on main the cancel could not get in before the 20 s were up).
  // Timed in the process's CPU time, which a loaded machine does not stretch as it
  // stretches the wall clock's; and the search must end well before its 20 s.
  await new Promise((resolve) => globalThis.chimeraRequest("GET", "/api/search?variant=chess&movetime=200", "", () => {}, resolve, 6));
  const c0 = process.cpuUsage(), cpu = () => { const u = process.cpuUsage(c0); return (u.user + u.system) / 1000; };
  const t0 = Date.now();
  let cancelled = 0;
  const [ended, wall] = await new Promise((resolve) => {
    setTimeout(() => { cancelled = cpu(); globalThis.chimeraCancel(7); }, 500);
    globalThis.chimeraRequest("GET", "/api/search?variant=chess&movetime=20000", "", () => {}, () => resolve([cpu(), Date.now() - t0]), 7);
  });
  check("a search cancelled after 500 ms: the cancel came in within 1.5 s of CPU, the search ended within 3 s of CPU and 15 s", [cancelled > 0 && cancelled < 1500, ended < 3000, wall < 15000], [true, true, true]);
  console.log("all checks passed");
  process.exit(0);
})().catch((e) => { console.error(e.message); process.exit(1); });
`

func TestJSAPIUnderNode(t *testing.T) {
	dir := staticBuild(t)
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed (required with CI=true; .ci/run installs it)")
		}
		t.Skip("node is not installed")
	}
	script := filepath.Join(t.TempDir(), "api_test.js")
	if err := os.WriteFile(script, []byte(jsAPITest), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := exec.Command(node, script, dir).CombinedOutput()
	if err != nil || !strings.Contains(string(res), "all checks passed") {
		t.Fatalf("node: %v\n%s", err, res)
	}
}

// #52 item 1: Stop stops the engine of the static build, a search or a perft: a move
// played after it is answered at once. (On main Stop did not reach a perft, which held
// the module's one thread: the move was not played within 20 s.)
func TestStaticStop(t *testing.T) {
	t.Parallel() // each page test has its own server and browser
	dir := staticBuild(t)
	srv := serveStatic(t, dir)
	pg := newPage(t, chromium(t), srv.URL)
	pg.run("open the static page", chromedp.Navigate(srv.URL+"/index.html?variant=koopa"))
	pg.until("the board", `document.body.dataset.ply === "0"`, 30*time.Second)
	pg.run("no engine, a long search", chromedp.SetValue(chromedp.ID("engine-side"), ""), chromedp.SetValue(chromedp.ID("movetime"), "20000"),
		chromedp.SetValue(chromedp.ID("perft-depth"), "7"))
	for i, start := range []string{"#analyse", "#perft"} {
		pg.click(start)
		if start == "#analyse" {
			// The analysis shows the last depth only, so on a fast page or a slow poll
			// "depth 3" may come and go unseen: any depth from 3 on will do.
			pg.until("the search under way", `Number((document.getElementById("analysis").textContent.match(/depth (\d+)/) || [0, 0])[1]) >= 3`, 20*time.Second)
		} else {
			time.Sleep(500 * time.Millisecond)
		}
		pg.click("#stop")
		t0 := time.Now()
		from, to := [][2]string{{"e2", "e4"}, {"e7", "e5"}}[i][0], [][2]string{{"e2", "e4"}, {"e7", "e5"}}[i][1]
		pg.click(square(from))
		pg.click(square(to))
		pg.until("the move after Stop", fmt.Sprintf(`document.body.dataset.ply === "%d"`, i+1), 20*time.Second)
		t.Logf("%s, Stop, a move: %.2f s", start, time.Since(t0).Seconds())
		if wait := time.Since(t0); wait > 2*time.Second {
			t.Errorf("after %s then Stop, a move took %.1f s", start, wait.Seconds())
		}
	}
}
