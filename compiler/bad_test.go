// The compiler's broken-definition suite: every file in testdata/bad is valid for defs but
// rejected by Compile, with its expected errors written next to the offending lines.
package compiler

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"chimera/defs"
)

// wantRE matches `# want: LINE:COL: message`.
var wantRE = regexp.MustCompile(`#\s*want:\s*(\d+):(\d+):\s*(.+?)\s*$`)

type wantError struct {
	line, col int
	msg       string
}

func readWantErrors(t *testing.T, path string) []wantError {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ws []wantError
	for _, line := range strings.Split(string(data), "\n") {
		m := wantRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		w := wantError{msg: m[3]}
		w.line, _ = strconv.Atoi(m[1])
		w.col, _ = strconv.Atoi(m[2])
		ws = append(ws, w)
	}
	return ws
}

func TestBadDefinitions(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "bad", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 4 {
		t.Fatalf("got %d files in testdata/bad want at least 4", len(files))
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ws := readWantErrors(t, path)
			if len(ws) == 0 {
				t.Fatalf("%s has no `# want:` annotation", path)
			}
			def, err := defs.LoadFile(path)
			if err != nil {
				t.Fatalf("%s must pass defs: %v", path, err)
			}
			_, err = Compile(def)
			var list defs.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("%s: got %T %v want a defs.ErrorList", path, err, err)
			}
			used := make([]bool, len(list))
			for i, w := range ws {
				found := false
				for j, e := range list {
					if !used[j] && e.Line == w.line && e.Col == w.col && strings.Contains(e.Msg, w.msg) {
						used[j], found = true, true
						break
					}
				}
				if !found {
					t.Errorf("#%d got no error %d:%d: %q; got:\n%v", i, w.line, w.col, w.msg, err)
				}
			}
			for j, e := range list {
				if !used[j] {
					t.Errorf("unexpected error %v", e)
				}
				if e.File != path {
					t.Errorf("error %v names file %q want %q", e, e.File, path)
				}
				if j > 0 && (list[j-1].Line > e.Line || list[j-1].Line == e.Line && list[j-1].Col > e.Col) {
					t.Errorf("errors not sorted: %v before %v", list[j-1], e)
				}
			}
		})
	}
}
