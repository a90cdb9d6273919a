// Failed writes: every command reports a write to standard output or to a file that fails (a full disk, a closed pipe) and exits non-zero.
package cli

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

// fullWriter takes room bytes, then fails as a full disk does.
type fullWriter struct{ room int }

func (w *fullWriter) Write(b []byte) (int, error) {
	if len(b) > w.room {
		n := w.room
		w.room = 0
		return n, errors.New("no space left on device")
	}
	w.room -= len(b)
	return len(b), nil
}

// TestWriteErrorsReported: before, `chimera perft chess 3 > /dev/full` and the like
// exited 0 (#23).
func TestWriteErrorsReported(t *testing.T) {
	t.Parallel() // touches no process-wide state
	game := writeDef(t, "game.pgn", "1. e4 e5 2. Nf3 *\n")
	for _, args := range [][]string{
		{"perft", "chess", "3"}, {"list"}, {"show", "chess"}, {"moves", "chess"},
		{"validate", "gardner"}, {"search", "chess", "--depth", "2"}, {"version"}, {"help"},
		{"help", "perft"}, {"replay", "chess", game},
		{"selfplay", "gardner", "-n", "2", "--nodes", "100", "-j", "1", "--max-plies", "20", "-q"},
	} {
		for _, room := range []int{0, 10} {
			var errb bytes.Buffer
			code := Main(args, &fullWriter{room: room}, &errb)
			if code == 0 || !strings.Contains(errb.String(), "writing standard output: no space left on device") {
				t.Errorf("%v with %d bytes of room: exit %d, stderr %q; want a report and a non-zero status", args, room, code, errb.String())
			}
		}
	}
	// Files named by flags: the PGN of a selfplay run on a full disk.
	if _, err := os.Stat("/dev/full"); err == nil {
		code, _, errs := run("selfplay", "gardner", "-n", "2", "--nodes", "100", "-j", "1", "--max-plies", "20", "-q", "--pgn", "/dev/full")
		if code == 0 || !strings.Contains(errs, "no space left on device") {
			t.Errorf("selfplay --pgn /dev/full: exit %d, stderr %q", code, errs)
		}
	}
}

// TestMatchPGNWriteErrorReported: before, `match --pgn` on a full disk dropped its write
// errors and exited 0 (#23).
func TestMatchPGNWriteErrorReported(t *testing.T) {
	t.Parallel() // touches no process-wide state
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	bin := fakeEngine(t)
	code, out, errs := run("match", "koopa", "--engine", bin+" -name A", "--engine", bin+" -name B",
		"-n", "2", "--tc", "2+0.05", "--max-plies", "20", "--pgn", "/dev/full")
	if code == 0 || !strings.Contains(errs, "writing /dev/full") || !strings.Contains(errs, "no space left on device") {
		t.Errorf("match --pgn /dev/full: exit %d\nstdout %s\nstderr %s", code, out, errs)
	}
}
