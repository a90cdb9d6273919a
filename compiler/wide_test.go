// The drafts in testdata/wide are variants whose boards have more than 64 cells. Until the
// runtime supports them they cannot be compiled; what can be checked now is checked here.
package compiler

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"chimera/defs"
)

// TestWideDrafts: each draft fails to load for its board size alone (it decodes, and
// validates otherwise), and the expressions of its goals compile.
func TestWideDrafts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "wide", "*.yaml"))
	if err != nil || len(files) < 4 {
		t.Fatalf("testdata/wide: %d files, %v", len(files), err)
	}
	for _, f := range files {
		_, err := defs.LoadFile(f)
		var list defs.ErrorList
		if !errors.As(err, &list) || len(list) != 1 || !strings.Contains(list[0].Msg, "cells; at most 64 are supported") {
			t.Errorf("%s: got %v; want only the board-size error", f, err)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Goals []struct{ When string } `yaml:"goals"`
		}
		if err := yaml.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for i, g := range doc.Goals {
			if g.When == "" {
				continue
			}
			if _, err := compileHook(g.When); err != nil {
				t.Errorf("%s: goal #%d: %v", f, i, err)
			}
		}
	}
}
