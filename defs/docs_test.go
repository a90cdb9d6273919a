// Every YAML example in docs/definitions.md decodes strictly; complete ones also validate.
package defs

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestDocsYAML(t *testing.T) {
	path := filepath.Join("..", "docs", "definitions.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var blocks, fragments int
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```yaml" {
			continue
		}
		start := i + 1
		var b strings.Builder
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			b.WriteString(lines[i] + "\n")
		}
		blocks++
		text := b.String()
		root, bad := parseYAML(path, []byte(text))
		if bad != nil {
			t.Errorf("block at line %d: %v", start, bad)
			continue
		}
		d := newDecoder(path)
		var def Definition
		d.decode(root, reflect.ValueOf(&def).Elem(), "")
		for _, e := range d.errs {
			e.Line += start // the block's first line is line start+1 of the file
			t.Errorf("block at line %d: %v", start, e)
		}
		if def.Name == "" {
			fragments++
			continue
		}
		// A complete definition: it must also pass validation (extends: resolves from docs/).
		if _, err := Parse(filepath.Join("..", "docs", "example.yaml"), []byte(text)); err != nil {
			t.Errorf("block at line %d: %v", start, err)
		}
	}
	if blocks < 15 || fragments < 5 {
		t.Errorf("got %d yaml blocks, %d fragments; want at least 15 and 5", blocks, fragments)
	}
}
