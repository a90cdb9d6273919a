// Tests of a count's records: root moves' counts read back with their lines, a header of
// another command or a key Chimera does not write refused.
package perft_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chimera/engine/perft"
)

func TestReadRecords(t *testing.T) {
	dir := t.TempDir()
	file := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	head := `{"chimera":"perft","variant":"chess","fen":"8/8/8/8/8/8/8/K6k w - - 0 1","depth":2,"root_moves":3,"shard":"0/2"}` + "\n"
	f, err := perft.ReadRecords(file("a.jsonl", head+`{"move":"a1a2","nodes":5}`+"\n"+`{"move":"a1b1","nodes":4}`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if f.Header.RootMoves != 3 || f.Header.Shard != "0/2" || len(f.Records) != 2 || f.Records[1] != (perft.Record{Move: "a1b1", Nodes: 4}) || f.Lines[1] != 3 {
		t.Fatalf("read %+v", f)
	}
	for name, c := range map[string]struct{ text, want string }{
		"b.jsonl": {`{"chimera":"match","variant":"chess"}` + "\n", "b.jsonl:1: not the header of chimera perft records"},
		"c.jsonl": {head + `{"move":"a1a2","nodes":5,"time":1}` + "\n", `c.jsonl:2: json: unknown field "time"`},
		"d.jsonl": {head + `{"move":"` + strings.Repeat("a", 1<<20) + `"}` + "\n", "d.jsonl:2: the line is too long"},
	} {
		if _, err := perft.ReadRecords(file(name, c.text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}
