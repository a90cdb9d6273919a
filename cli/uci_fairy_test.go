// The same UCI script run through Chimera and Fairy-Stockfish gives the same perft counts move by move.
package cli

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
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
		got, code := runScript(t, command, script)
		if code != exitOK {
			t.Fatalf("chimera %s exited %d", command, code)
		}
		w, g := perftLines(string(want)), perftLines(got)
		if len(w) < 2 || strings.Join(w, "\n") != strings.Join(g, "\n") {
			t.Errorf("script %q:\nChimera:\n%s\nFairy-Stockfish:\n%s", script, strings.Join(g, "\n"), strings.Join(w, "\n"))
		}
	}
}

// runScript runs script through chimera command as a GUI drives an engine: after each
// "go perft" it waits for the count's "Nodes searched" line before it sends the next
// line, since stop and quit end a count early (Fairy-Stockfish finishes it).
func runScript(t *testing.T, command, script string) (string, int) {
	t.Helper()
	inR, inW := io.Pipe()
	var out syncBuffer
	done := make(chan int, 1)
	go func() {
		code := MainWithInput([]string{command}, inR, &out, io.Discard)
		inR.Close() // lines after quit are not read
		done <- code
	}()
	counts := 0
	for _, l := range strings.SplitAfter(script, "\n") {
		if _, err := io.WriteString(inW, l); err != nil {
			break
		}
		if f := strings.Fields(l); len(f) > 1 && f[0] == "go" && f[1] == "perft" {
			counts++
			deadline := time.Now().Add(time.Minute)
			for strings.Count(out.String(), "Nodes searched") < counts {
				if time.Now().After(deadline) {
					t.Fatalf("chimera %s: no count within a minute after %q:\n%s", command, l, out.String())
				}
				time.Sleep(2 * time.Millisecond)
			}
		}
	}
	inW.Close()
	return out.String(), <-done
}

// syncBuffer is an output buffer that a test may read while a session writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
