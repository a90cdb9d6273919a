// The import command's --name: a section named as one of Chimera's own built-ins.
package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A section named as a built-in of Chimera's own (which Fairy-Stockfish does not have, so
// loads the section) is refused under that name with the step that imports it, and
// imported under the name --name gives: the same game as the section under any other
// name. --name over a Fairy-Stockfish built-in's name (which it refuses too), with
// another built-in's name, or with several sections is an error.
func TestImportName(t *testing.T) {
	dir := t.TempDir()
	ini := filepath.Join(dir, "v.ini")
	text := "[wildebeest:chess]\nmaxFile = 9\nstartFen = rnbqkbnrr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRR w - - 0 1\ncastling = false\n" +
		"[other:chess]\nmaxFile = 9\nstartFen = rnbqkbnrr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRR w - - 0 1\ncastling = false\n" +
		"[chess]\nmaxFile = 9\n"
	if err := os.WriteFile(ini, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := run("import", ini, "wildebeest", "-o", dir)
	if code != 2 || !strings.Contains(errs, "v.ini:1: [wildebeest]: Chimera has a built-in variant of this name") || !strings.Contains(errs, "wildebeest --name NAME") {
		t.Fatalf("under its own name: exit %d, %s", code, errs)
	}
	code, out, errs := run("import", ini, "wildebeest", "--name", "wb-ini", "-o", dir)
	if code != 0 || strings.TrimSpace(out) != filepath.Join(dir, "wb-ini.yaml") {
		t.Fatalf("--name wb-ini: exit %d, %s%s", code, out, errs)
	}
	got, err := os.ReadFile(filepath.Join(dir, "wb-ini.yaml"))
	if err != nil || !strings.Contains(string(got), "\nname: wb-ini\n") {
		t.Fatalf("wb-ini.yaml: %v\n%s", err, got)
	}
	_, a, _ := run("perft", filepath.Join(dir, "wb-ini.yaml"), "3", "--divide", "--quiet")
	_, b, _ := run("perft", ini+":other", "3", "--divide", "--quiet")
	if cut := func(s string) string { return s[:strings.Index(s, "\n\n")] }; !strings.Contains(a, "\n\n") || cut(a) != cut(b) {
		t.Errorf("the renamed section plays another game than the same keys under another name:\n%s\n%s", a, b)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"import", ini, "chess", "--name", "chess-ini"}, "Variant 'chess' already exists"},
		{[]string{"import", ini, "wildebeest", "--name", "shogi"}, `the name "shogi" is the built-in variant "shogi"'s`},
		{[]string{"import", ini, "wildebeest", "--name", "Wb"}, "a variant name is lowercase letters"},
		{[]string{"import", ini, "wildebeest", "other", "--name", "wb"}, "--name names one section"},
		{[]string{"import", ini, "--name", "wb"}, "--name names one section"},
	} {
		if code, _, errs := run(append(c.args, "-o", dir)...); code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, %s; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}
