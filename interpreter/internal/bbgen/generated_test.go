// The committed 64- and 128-cell core and dispatch files of interpreter/ are what the generator writes from the 256-cell core now.
package bbgen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
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
	cores := map[string]int{}
	for name := range want {
		for _, prefix := range []string{TargetPrefix, MidPrefix} {
			if strings.HasPrefix(name, prefix) {
				cores[prefix]++
			}
		}
	}
	if cores[TargetPrefix] < 5 || cores[MidPrefix] != cores[TargetPrefix] {
		t.Fatalf("generated core files by prefix: %v; want each source file in both cores", cores)
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
		if !bytes.HasPrefix(got, []byte("// ")) {
			t.Errorf("%s does not start with its role comment", name)
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
