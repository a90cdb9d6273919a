// The same UCI script run through Chimera and Fairy-Stockfish gives the same perft counts move by move.
package cli

import (
	"bytes"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// fairyStockfish finds Fairy-Stockfish on PATH or in /usr/games; the test is skipped when
// it is missing, unless CI is "true" (CI installs it).
func fairyStockfish(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"fairy-stockfish", "/usr/games/fairy-stockfish"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("fairy-stockfish is needed for this cross-check and CI=true")
	}
	t.Skip("fairy-stockfish not found (Debian installs it in /usr/games)")
	return ""
}

// perftLines keeps the "move: count" lines and the total of a UCI perft output, sorted.
func perftLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		f := strings.Fields(l)
		if strings.HasPrefix(l, "Nodes searched") || len(f) == 2 && strings.HasSuffix(f[0], ":") {
			lines = append(lines, l)
		}
	}
	sort.Strings(lines)
	return lines
}

func TestUCIScriptPerftMatchesFairyStockfish(t *testing.T) {
	fsf := fairyStockfish(t)
	scripts := []string{
		"uci\nsetoption name UCI_Variant value crazyhouse\nposition startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5\ngo perft 3\nquit\n",
		"uci\nsetoption name UCI_Variant value crazyhouse\nposition fen r1bqkbnr/ppp2ppp/2n5/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 0 4 moves e4d5 d8d5 b1c3 d5a5 P@b4\ngo perft 3\nquit\n",
		"uci\nsetoption name UCI_Variant value capablanca\nposition startpos moves e2e4 e7e5\ngo perft 3\nquit\n",
		"uci\nposition startpos moves e2e4 c7c5 g1f3\ngo perft 4\nquit\n",
	}
	if testing.Short() {
		scripts = scripts[:1]
	}
	sameScriptPerft(t, fsf, "uci", scripts)
}

// sameScriptPerft runs each script through Fairy-Stockfish (fsf) and through chimera
// command (uci or usi, which Fairy-Stockfish also speaks) and compares their perft lines.
func sameScriptPerft(t *testing.T, fsf, command string, scripts []string) {
	t.Helper()
	for _, script := range scripts {
		cmd := exec.Command(fsf)
		cmd.Stdin = strings.NewReader(script)
		want, err := cmd.Output()
		if err != nil {
			t.Fatalf("fairy-stockfish: %v", err)
		}
		var got bytes.Buffer
		if code := MainWithInput([]string{command}, strings.NewReader(script), &got, &bytes.Buffer{}); code != exitOK {
			t.Fatalf("chimera %s exited %d", command, code)
		}
		w, g := perftLines(string(want)), perftLines(got.String())
		if len(w) < 2 || strings.Join(w, "\n") != strings.Join(g, "\n") {
			t.Errorf("script %q:\nChimera:\n%s\nFairy-Stockfish:\n%s", script, strings.Join(g, "\n"), strings.Join(w, "\n"))
		}
	}
}
