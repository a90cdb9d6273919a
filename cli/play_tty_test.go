// A game of chimera play as a user plays it: in a terminal, through tmux. The test binary
// itself is the chimera program there (see TestMain).
package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain runs the command line instead of the tests when CHIMERA_CLI_MAIN=1, so that a
// test can start this binary as chimera in a terminal.
func TestMain(m *testing.M) {
	if os.Getenv("CHIMERA_CLI_MAIN") == "1" {
		os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	code := m.Run()
	stopBrowsers()
	removeStaticBuild()
	os.Exit(code)
}

// tmuxSession is a program running in a terminal of a private tmux server.
type tmuxSession struct {
	t      *testing.T
	socket string
}

// startTmux runs chimera with args in a new 100×50 terminal, with env set in its
// environment ("NAME=value", or "-u NAME" to unset it). The pane stays open after the
// program ends and shows its exit status as "EXITED n".
func startTmux(t *testing.T, env []string, args ...string) *tmuxSession {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s := &tmuxSession{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
	command := "env " + strings.Join(env, " ") + " CHIMERA_CLI_MAIN=1 TERM=xterm " + shellQuote(exe)
	for _, a := range args {
		command += " " + shellQuote(a)
	}
	command += "; echo EXITED $?; sleep 600"
	s.tmux("new-session", "-d", "-x", "100", "-y", "50", "-s", "play", "sh", "-c", command)
	t.Cleanup(func() { exec.Command("tmux", "-S", s.socket, "kill-server").Run() })
	return s
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func (s *tmuxSession) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", s.socket}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// screen is the pane's text with its history; with escapes, its colours as escapes.
func (s *tmuxSession) screen(escapes bool) string {
	args := []string{"capture-pane", "-p", "-J", "-S", "-", "-t", "play"}
	if escapes {
		args = append(args, "-e")
	}
	return s.tmux(args...)
}

// send types keys: text, then Enter unless the last key is a special one.
func (s *tmuxSession) send(keys ...string) {
	s.tmux(append([]string{"send-keys", "-t", "play"}, keys...)...)
}

// waitFor waits until the pane shows text count times, and returns the pane's text.
func (s *tmuxSession) waitFor(text string, count int) string {
	s.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		screen := s.screen(false)
		if strings.Count(screen, text) >= count {
			return screen
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("waited in vain for %d× %q; the terminal shows:\n%s", count, text, screen)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestPlayInTerminal(t *testing.T) {
	s := startTmux(t, []string{"-u", "NO_COLOR"}, "play", "chess", "--depth", "2")
	s.waitFor("white> ", 1)
	s.send("e2e5", "Enter")
	s.waitFor(`Illegal move "e2e5" in this position (white to move)`, 1)
	s.send("e4", "Enter")
	s.waitFor("white> ", 3)
	s.send("moves", "Enter")
	s.waitFor("legal moves for white:", 1)
	s.send("undo", "Enter")
	screen := s.waitFor("white> ", 5)
	for _, want := range []string{
		"Chess (chess). You play White.",
		"white> e4\nwhite: 1. e4\nblack (engine): 1... ",
		"Took back 2 moves.",
		"  2  P  P  P  P  P  P  P  P\n  1  R  N  B  Q  K  B  N  R\n     a  b  c  d  e  f  g  h",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q in the terminal:\n%s", want, screen)
		}
	}
	if coloured := s.screen(true); !strings.Contains(coloured, "\x1b[") {
		t.Errorf("no colour in a terminal without NO_COLOR:\n%q", coloured)
	}
	s.send("quit", "Enter")
	s.waitFor("EXITED 0", 1)
}

func TestPlayInTerminalNoColour(t *testing.T) {
	s := startTmux(t, []string{"NO_COLOR=1"}, "play", "koopa", "--human", "both")
	s.waitFor("white> ", 1)
	if coloured := s.screen(true); strings.Contains(coloured, "\x1b[") {
		t.Errorf("colour with NO_COLOR set:\n%q", coloured)
	}
	s.send("Nf3", "Enter")
	s.waitFor("black> ", 1)
	s.send("C-d") // the end of the input ends the game
	s.waitFor("EXITED 0", 1)
}
