package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chimera/engine/partners"
	"chimera/interpreter"
)

// TestSelfplayPartners: selfplay of a variant played by four on boards apart plays
// matches whose JSON records replay by the rules (partners.Verify), writes one PGN game
// per board with its Board tag, and refuses the options of two-player runs.
func TestSelfplayPartners(t *testing.T) {
	t.Parallel() // touches no process-wide state
	dir := t.TempDir()
	pgn := filepath.Join(dir, "m.pgn")
	code, out, errs := run("selfplay", "bughouse", "-n", "2", "--nodes", "200", "--max-plies", "120", "--random-plies", "2", "--json", "--pgn", pgn, "-q")
	if code != 0 {
		t.Fatalf("selfplay: exit %d, %s", code, errs)
	}
	var games []partners.Game
	if err := json.Unmarshal([]byte(out), &games); err != nil {
		t.Fatalf("JSON: %v\n%s", err, out)
	}
	rs, err := interpreter.Open("bughouse")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d matches, want 2", len(games))
	}
	for i, g := range games {
		if err := partners.Verify(rs, g, 120); err != nil {
			t.Errorf("match %d does not replay: %v", i, err)
		}
	}
	data, _ := os.ReadFile(pgn)
	if strings.Count(string(data), `[Board "A"]`) != 2 || strings.Count(string(data), `[Board "B"]`) != 2 {
		t.Errorf("PGN file:\n%.800s", data)
	}
	code, _, errs = run("selfplay", "bughouse", "-n", "2", "--html", filepath.Join(dir, "x.html"))
	if code != 2 || !strings.Contains(errs, "played by four on boards apart") {
		t.Errorf("selfplay --html of bughouse: exit %d, %s", code, errs)
	}
	code, out, _ = run("selfplay", "bughouse", "-n", "1", "--nodes", "200", "-q")
	if code != 0 || !strings.Contains(out, "team 1 (White on A, Black on B) won") {
		t.Errorf("selfplay report: exit %d\n%s", code, out)
	}
}
