// The committed 64-cell core and dispatch files of interpreter/ are what the generator writes from the 256-cell core now.
package bbgen

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestGeneratedFilesUpToDate(t *testing.T) {
	dir := filepath.Join("..", "..")
	want, err := Generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 5 {
		t.Fatalf("only %d files generated for %s", len(want), dir)
	}
	for name, text := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s: %v (run go generate ./interpreter)", name, err)
			continue
		}
		if !bytes.Equal(got, text) {
			t.Errorf("%s differs from what interpreter/internal/bbgen writes from the 256-cell core: run go generate ./interpreter", name)
		}
	}
	owned, err := Owned(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range owned {
		if _, ok := want[name]; !ok {
			t.Errorf("%s is a generated file without a source: run go generate ./interpreter", name)
		}
	}
}
