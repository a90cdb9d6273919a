// USI: the same USI script through Chimera and Fairy-Stockfish (which speaks USI too) gives the same perft move by move, a session plays and resigns as USI says, and chimera usi and ucci skip an over-long line in their error form.
package cli

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"chimera/engine/protocol"
)

func TestUSIScriptPerftMatchesFairyStockfish(t *testing.T) {
	t.Parallel() // touches no process-wide state
	fsf := fairyStockfish(t)
	scripts := []string{
		"usi\nposition startpos moves 7g7f 3c3d 8h2b+\ngo perft 2\nquit\n",
		"usi\nposition sfen lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4 moves 8b2b\ngo perft 2\nquit\n",
		"usi\nposition startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e\ngo perft 2\nquit\n",
		"usi\nsetoption name UCI_Variant value minishogi\nposition startpos moves 5e4d 1a2b\ngo perft 3\nquit\n",
	}
	if testing.Short() {
		scripts = scripts[:2]
	}
	sameScriptPerft(t, fsf, "usi", scripts)
}

func TestUSISession(t *testing.T) {
	script := "usi\nisready\nusinewgame\nposition startpos moves 7g7f 3c3d\ngo byoyomi 200\nd\n" +
		// Checkmated: the side to move resigns.
		"position sfen 4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1\ngo depth 2\nquit\n"
	var out bytes.Buffer
	if code := MainWithInput([]string{"usi"}, strings.NewReader(script), &out, &bytes.Buffer{}); code != exitOK {
		t.Fatalf("chimera usi exited %d", code)
	}
	text := out.String()
	for _, want := range []string{"id name Chimera", "usiok", "readyok", "Sfen: lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", "bestmove resign"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	lines := strings.Split(text, "\n")
	first := ""
	for _, l := range lines {
		if strings.HasPrefix(l, "bestmove") {
			first = l
			break
		}
	}
	// A USI move of Black's: squares as file digit and rank letter (9i..1a), or a drop P*5e.
	if f := strings.Fields(first); len(f) < 2 || len(f[1]) < 4 || f[1][0] < '1' || f[1][0] > '9' && f[1][1] != '*' {
		t.Errorf("first bestmove %q is not a USI move", first)
	}
}

// USI and UCCI skip a long line the same way, in their own error form.
func TestDialectsLongLine(t *testing.T) {
	t.Parallel() // touches no process-wide state
	for command, want := range map[string]string{
		"usi":  "info string error: line too long (",
		"ucci": "info message error: line too long (",
	} {
		code, out, _ := runInput(command+"\n"+strings.Repeat("x", protocol.MaxLineBytes+10)+"\r\nisready\nquit\n", command)
		if code != exitOK || !strings.Contains(out, want+fmt.Sprint(protocol.MaxLineBytes+10)+" bytes") || !strings.HasSuffix(out, "readyok\n"+map[string]string{"usi": "", "ucci": "bye\n"}[command]) {
			t.Errorf("%s: exit %d, output ends %q", command, code, out[max(len(out)-300, 0):])
		}
	}
}
