// Tests of the bounds of the server's work: requests abandoned by their clients stop their work, queues answer 503 past their bound, work stops at its deadline, slow clients are cut off.
package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// endlessDef is chess without the fifty-move rule and repetition draws, whose goal hook
// runs a loop of 15,000 steps (valid: under the limit of one run) at every move: each
// ply replayed costs milliseconds, and the knights may shuffle for ever.
const endlessDef = `extends: chess
name: endless
rules:
  fifty-move: 0
  repetition: 0
goals:
  - name: never
    when: 'reduce(1..15000, #acc + 1, 0) < 0'
`

// newEndlessServer serves chess and endlessDef.
func newEndlessServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "endless.yaml")
	if err := os.WriteFile(path, []byte(endlessDef), 0o644); err != nil {
		t.Fatal(err)
	}
	return newServer(t, "chess", path)
}

// shuffle is n plies of the knights going out and back.
func shuffle(n int) []string {
	cycle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	out := make([]string, n)
	for i := range out {
		out[i] = cycle[i%4]
	}
	return out
}

// send makes a request that the client abandons after d; it returns at once.
func send(t *testing.T, method, target, body string, d time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	sendWith(t, ctx, cancel, method, target, body)
}

// sendWith sends the request in the background under ctx, and calls cancel once it is
// answered.
func sendWith(t *testing.T, ctx context.Context, cancel context.CancelFunc, method, target, body string) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, method, target, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	go func() {
		defer cancel()
		if resp, err := http.DefaultClient.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}()
}

// answeredWithin gets target and fails unless it is answered 200 within d.
func answeredWithin(t *testing.T, target string, d time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	start := time.Now()
	req, _ := http.NewRequestWithContext(ctx, "GET", target, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s: not answered within %s (%v): the engine is still held", target, d, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("%s: %d %s", target, resp.StatusCode, b)
	}
	t.Logf("%s answered in %s", target, time.Since(start).Round(time.Millisecond))
}

// TestAbandonedEngineWorkFreesTheEngine: a balance report (200 games, minutes of work),
// a search and a test run whose clients go away give the engine back at once: a perft
// asked next is answered within 2 s (on main the balance report held it for minutes).
func TestAbandonedEngineWorkFreesTheEngine(t *testing.T) {
	t.Parallel()
	_, srv := newEndlessServer(t)
	perft := srv.URL + "/api/perft?variant=chess&depth=1"
	for _, tc := range []struct{ method, path, body string }{
		{"GET", "/api/balance?variant=chess&games=200&nodes=2000", ""},
		{"GET", "/api/search?variant=chess&movetime=5000", ""},
		{"POST", "/api/tests", `{"variant":"endless"}`},
	} {
		send(t, tc.method, srv.URL+tc.path, tc.body, 300*time.Millisecond)
		time.Sleep(600 * time.Millisecond)
		answeredWithin(t, perft, 2*time.Second)
	}
}

// TestAbandonedReplaysStop: the replay of a long game with a slow (valid) hook stops
// when its client goes away, for /api/game, /api/play and /api/pgn alike: the process
// works while the client waits, and is idle once it went away (on main
// the replays went on for the whole game, a minute of work). The client goes once the
// process has spent 150 ms of CPU time on the request (or after 10 s), so that a loaded
// machine, which gives the process less of its time, does not make the game look fast.
func TestAbandonedReplaysStop(t *testing.T) {
	_, srv := newEndlessServer(t)
	if cpuTime() < 0 {
		t.Skip("no CPU time on this system")
	}
	moves := shuffle(4000)
	game, _ := json.Marshal(gameRequest{Variant: "endless", Moves: moves})
	play, _ := json.Marshal(gameRequest{Variant: "endless", Moves: moves, Move: "Nf3"})
	pgn, _ := json.Marshal(pgnRequest{Variant: "endless", PGN: strings.Join(moves, " ")})
	for _, tc := range []struct{ path, body string }{{"/api/game", string(game)}, {"/api/play", string(play)}, {"/api/pgn", string(pgn)}} {
		start, began := cpuTime(), time.Now()
		ctx, cancel := context.WithCancel(context.Background())
		sendWith(t, ctx, cancel, "POST", srv.URL+tc.path, tc.body)
		for cpuTime()-start < 150*time.Millisecond && time.Since(began) < 10*time.Second && ctx.Err() == nil {
			time.Sleep(10 * time.Millisecond)
		}
		answered := ctx.Err() != nil
		working, waited := cpuTime()-start, time.Since(began)
		cancel()
		time.Sleep(200 * time.Millisecond) // the server sees the client gone
		gone := cpuTime()
		time.Sleep(800 * time.Millisecond)
		after := cpuTime() - gone
		if working < 100*time.Millisecond || answered {
			t.Errorf("%s: %s of CPU time in the %s of the request (answered: %v): the test's game is not slow enough", tc.path, working, waited.Round(time.Millisecond), answered)
		}
		if after > 120*time.Millisecond {
			t.Errorf("%s: %s of CPU time in the 800 ms after the client went away; want the replay stopped", tc.path, after)
		}
		t.Logf("%s: CPU time %s while the client waited %s, %s in the 800 ms after it went away", tc.path, working.Round(time.Millisecond), waited.Round(time.Millisecond), after.Round(time.Millisecond))
	}
}

// TestReplaysStopAtTheirDeadline: a replay longer than replayTime is answered 400 with
// the limit named, after about that time.
func TestReplaysStopAtTheirDeadline(t *testing.T) {
	t.Parallel()
	s, srv := newEndlessServer(t)
	s.bounds.replayTime = 300 * time.Millisecond
	body, _ := json.Marshal(gameRequest{Variant: "endless", Moves: shuffle(4000)})
	start := time.Now()
	var out map[string]string
	code := postJSON(t, srv, "/api/game", string(body), &out)
	if took := time.Since(start); code != 400 || !strings.Contains(out["error"], "stopped after 300ms") || took > 2*time.Second {
		t.Errorf("a replay past its deadline: %d %q after %s; want 400 naming the limit, within 2 s", code, out["error"], took)
	}
}

// TestTestsStopAtTheirBound: a test whose game runs past the tests' time is reported
// failed and stopped, not passed (on main the game ran on and the test passed).
func TestTestsStopAtTheirBound(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	def := endlessDef + "tests:\n  - name: long game\n    game: " + strings.Join(shuffle(4000), " ") + "\n"
	path := filepath.Join(dir, "endless.yaml")
	if err := os.WriteFile(path, []byte(def), 0o644); err != nil {
		t.Fatal(err)
	}
	s, srv := newServer(t, path)
	s.bounds.toolTime = 500 * time.Millisecond
	start := time.Now()
	var out struct {
		Passed, Failed int
		Tests          []testJSON
	}
	if code := postJSON(t, srv, "/api/tests", `{"variant":"endless"}`, &out); code != 200 {
		t.Fatalf("tests: %d", code)
	}
	took := time.Since(start)
	if out.Passed != 0 || out.Failed != 1 || len(out.Tests) != 1 || out.Tests[0].Pass || !strings.Contains(strings.Join(out.Tests[0].Failures, "\n"), "stopped") || took > 3*time.Second {
		t.Errorf("a test's game past the bound: %+v after %s; want it failed as stopped, within 3 s", out, took)
	}
}

// TestQueuesAnswer503: past its queue's bound a request is answered 503 at once, for
// the engine and for the replays alike, and is served again once the queue empties.
func TestQueuesAnswer503(t *testing.T) {
	t.Parallel()
	s, srv := newEndlessServer(t)
	s.engine = newGate(1, 2)
	s.replays = newGate(1, 1)
	search := srv.URL + "/api/search?variant=chess&movetime=2000"
	for range 3 { // one searching, two waiting
		send(t, "GET", search, "", 1500*time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	resp, err := http.Get(search)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]string
	json.NewDecoder(resp.Body).Decode(&out)
	resp.Body.Close()
	if resp.StatusCode != 503 || !strings.Contains(out["error"], "busy") || time.Since(start) > time.Second {
		t.Errorf("a fourth search: %d %q after %s; want 503 at once", resp.StatusCode, out["error"], time.Since(start))
	}
	body, _ := json.Marshal(gameRequest{Variant: "endless", Moves: shuffle(4000)})
	for range 2 { // one replaying, one waiting
		send(t, "POST", srv.URL+"/api/game", string(body), 1200*time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	for _, path := range []string{"/api/game", "/api/setup", "/api/pgn", "/api/definition"} {
		if code := postJSON(t, srv, path, `{}`, &out); code != 503 {
			t.Errorf("%s past the replays' queue: %d %q, want 503", path, code, out["error"])
		}
	}
	time.Sleep(time.Second) // every client gone
	var st stateJSON
	if code := postJSON(t, srv, "/api/game", `{"variant":"chess","moves":["e4"]}`, &st); code != 200 {
		t.Errorf("a game once the queue is empty: %d", code)
	}
	answeredWithin(t, srv.URL+"/api/perft?variant=chess&depth=1", time.Second)
}

// TestSlowClientsAreCutOff: the server serve runs (HTTPServer) closes a connection whose
// body is trickled past ReadTimeout and one left idle past IdleTimeout, while a search
// longer than both is answered in full. (The timeouts are shortened here; their values
// are checked first.)
func TestSlowClientsAreCutOff(t *testing.T) {
	t.Parallel()
	s, _ := newServer(t, "chess")
	hs := HTTPServer(s.Handler())
	if hs.ReadHeaderTimeout <= 0 || hs.ReadTimeout <= 0 || hs.IdleTimeout <= 0 || hs.WriteTimeout != 0 {
		t.Fatalf("timeouts: header %s, read %s, idle %s, write %s; want the first three set, no write timeout", hs.ReadHeaderTimeout, hs.ReadTimeout, hs.IdleTimeout, hs.WriteTimeout)
	}
	srv := httptest.NewUnstartedServer(hs.Handler)
	srv.Config = hs
	hs.ReadTimeout, hs.IdleTimeout = 300*time.Millisecond, 300*time.Millisecond
	srv.Start()
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")

	// A body trickled a byte at a time.
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/game HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{", host)
	start := time.Now()
	for time.Since(start) < 3*time.Second {
		if _, err := conn.Write([]byte(" ")); err != nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	conn.SetReadDeadline(time.Now().Add(time.Second))
	if _, err := io.ReadAll(conn); err != nil || time.Since(start) > 3*time.Second {
		t.Errorf("a trickled body: the connection is still open after %s (%v)", time.Since(start), err)
	}

	// An idle connection, after one request.
	idle, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	fmt.Fprintf(idle, "GET /api/variants HTTP/1.1\r\nHost: %s\r\n\r\n", host)
	start = time.Now()
	idle.SetReadDeadline(time.Now().Add(3 * time.Second))
	br := bufio.NewReader(idle)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if _, err := br.ReadByte(); err != io.EOF || time.Since(start) > 2*time.Second {
		t.Errorf("an idle connection: %v after %s; want it closed by the server", err, time.Since(start))
	}

	// A search of 1 s, three times the timeouts, streams to its end.
	q := url.Values{"variant": {"chess"}, "movetime": {"1000"}}
	resp, err = http.Get(srv.URL + "/api/search?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	evs := events(t, resp.Body)
	if len(evs) == 0 || evs[len(evs)-1][0] != "bestmove" {
		t.Errorf("a search longer than the read and idle timeouts: events %q, want it to end with the best move", evs)
	}
}
