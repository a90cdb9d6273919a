// Tests of the variants served lazily: every built-in named and titled at once, each compiled by the first request that needs it.
package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// getJSON gets path and decodes the answer into out; it returns the status.
func getJSON(t *testing.T, srv *httptest.Server, path string, out any) int {
	t.Helper()
	resp, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return resp.StatusCode
}

// The built-ins served lazily: the list names and titles every one of them and compiles
// none; a game of one compiles that one alone; the list then describes it in full, and
// ?variant= describes one on its own (compiling it). A definition of the page may not take
// a built-in's name, compiled or not.
func TestBuiltinsCompiledOnFirstUse(t *testing.T) {
	var compiles atomic.Int32
	var variants []Variant
	for _, v := range Builtins() {
		compile := v.Compile
		v.Compile = func() (*compiler.Ruleset, error) { compiles.Add(1); return compile() }
		variants = append(variants, v)
	}
	s, err := NewLazy(variants, func(p *interpreter.Position, flip bool) string { return "<svg/>" })
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	var list []map[string]any
	// Every built-in, the games of seats too (a person plays a seat of them, /api/seats).
	seatGames := 0
	for _, b := range defs.Builtins() {
		if d, err := defs.Load(b); err == nil && d.Seats != nil {
			seatGames++
		}
	}
	if getJSON(t, srv, "/api/variants", &list); len(list) != len(defs.Builtins()) || seatGames == 0 || compiles.Load() != 0 {
		t.Fatalf("the list: %d variants (want all %d, %d of them games of seats), %d compiled (want none)", len(list), len(defs.Builtins()), seatGames, compiles.Load())
	}
	seats, err := interpreter.Open("fourplayer")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New([]*compiler.Ruleset{seats}, nil); err != nil {
		t.Errorf("a server of a game of seats: %v, want it served", err)
	}
	// The titles listed are those of the definitions, decoded here in full.
	for _, v := range list {
		name, _ := v["name"].(string)
		d, err := defs.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if v["title"] != d.Title || v["setups"] != nil {
			t.Errorf("%s listed as %v; want its title %q and no setups before it is compiled", name, v, d.Title)
		}
	}

	var st struct {
		FEN string `json:"fen"`
	}
	if code := postJSON(t, srv, "/api/game", `{"variant": "xiangqi"}`, &st); code != 200 || !strings.HasPrefix(st.FEN, "rnbakabnr/") || compiles.Load() != 1 {
		t.Fatalf("a game of xiangqi: %d %q, %d variants compiled (want 1)", code, st.FEN, compiles.Load())
	}
	getJSON(t, srv, "/api/variants", &list)
	for _, v := range list {
		if described := v["setups"] != nil; described != (v["name"] == "xiangqi") {
			t.Errorf("after a game of xiangqi, %v is listed described=%v", v["name"], described)
		}
	}
	var one variantJSON
	if code := getJSON(t, srv, "/api/variants?variant=crazyhouse", &one); code != 200 || one.Name != "crazyhouse" || len(one.Pools) == 0 || one.Files != 8 || compiles.Load() != 2 {
		t.Fatalf("crazyhouse described: %d %+v, %d compiled (want 2)", code, one, compiles.Load())
	}
	var bad map[string]string
	if code := getJSON(t, srv, "/api/variants?variant=nosuch", &bad); code != 400 || !strings.Contains(bad["error"], "unknown variant") {
		t.Errorf("an unknown variant described: %d %v", code, bad)
	}
	// A definition named after a built-in not compiled yet is refused, as one named after
	// a compiled one.
	for _, name := range []string{"shogi", "xiangqi"} {
		var out map[string]any
		yaml, _ := defs.BuiltinSource(name)
		if code := postJSON(t, srv, "/api/definition", mustJSON(t, map[string]string{"yaml": string(yaml)}), &out); code != 400 || !strings.Contains(out["error"].(string), "plays already") {
			t.Errorf("a definition named %s: %d %v", name, code, out)
		}
	}
	// Each built-in is compiled once, however many requests ask for it at once.
	done := make(chan bool)
	for range 4 {
		go func() {
			resp, err := http.Post(srv.URL+"/api/game", "application/json", strings.NewReader(`{"variant": "chess"}`))
			if err == nil {
				resp.Body.Close()
			}
			done <- err == nil && resp.StatusCode == 200
		}()
	}
	for range 4 {
		if !<-done {
			t.Error("a game of chess failed")
		}
	}
	if n := compiles.Load(); n != 3 { // xiangqi, crazyhouse, chess
		t.Errorf("%d compiles after xiangqi, crazyhouse and four games of chess at once; want 3", n)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
