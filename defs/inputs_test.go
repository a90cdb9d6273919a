// Tests of the inputs a definition may not carry: names, bases outside the file's
// directory, huge texts echoed in errors.
package defs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNamesMayStartWithADigit: variant names such as Fairy-Stockfish's 3check load; a
// name starting with '-' does not, nor one with upper case.
func TestNamesMayStartWithADigit(t *testing.T) {
	for _, name := range []string{"3check", "5check", "960", "chess-2"} {
		def := mustParse(t, strings.Replace(mini, "name: mini", "name: "+name, 1))
		if def.Name != name {
			t.Errorf("got name %q, want %q", def.Name, name)
		}
	}
	def := mustParse(t, strings.Replace(mini, "board:", "zones: {2nd-rank: {ranks: [2]}, 7: {ranks: [1]}}\nboard:", 1))
	if len(def.Zones) != 2 {
		t.Errorf("got zones %v, want 2nd-rank and 7", def.Zones)
	}
	for _, name := range []string{"-x", "Chess", "3 check"} {
		list := parseErrs(t, strings.Replace(mini, "name: mini", "name: "+name, 1))
		if len(list) != 1 || !strings.Contains(list[0].Msg, "use lowercase letters, digits and '-', not starting with '-'") {
			t.Errorf("name %q: got %v, want one error on the name", name, list)
		}
	}
}

// TestExtendsStaysNearby: extends: reads a built-in, or a definition file next to the
// extending file or below its directory; nothing else, with a positioned error.
func TestExtendsStaysNearby(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "variants")
	for _, d := range []string{dir, filepath.Join(dir, "bases")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "base.yaml"), mini)
	write(filepath.Join(dir, "bases", "base.yaml"), mini)
	write(filepath.Join(root, "outside.yaml"), mini)
	write(filepath.Join(dir, "notes.txt"), strings.Repeat("secret text ", 10000))
	if err := os.Symlink(filepath.Join(root, "outside.yaml"), filepath.Join(dir, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	for _, ok := range []string{"base.yaml", "bases/base.yaml", "./base.yaml", "chess"} {
		path := filepath.Join(dir, "derived.yaml")
		write(path, "extends: "+ok+"\nname: derived\n")
		if _, err := LoadFile(path); err != nil {
			t.Errorf("extends: %s: %v", ok, err)
		}
	}
	for _, c := range []struct{ base, want string }{
		{"../outside.yaml", `"../outside.yaml": the base must be a built-in variant or a file next to this one or below its directory`},
		{filepath.Join(root, "outside.yaml"), "the base must be a built-in variant or a file next to this one"},
		{"bases/../../outside.yaml", "the base must be a built-in variant or a file next to this one"},
		{"link.yaml", `"link.yaml": a link to a file outside this file's directory`},
		{"notes.txt", `"notes.txt" is neither a built-in variant (`},
		{"/etc/passwd", `"/etc/passwd" is neither a built-in variant`},
		{"missing.yaml", `"missing.yaml" is neither a built-in variant (`},
	} {
		path := filepath.Join(dir, "derived.yaml")
		write(path, "name: derived\nextends: "+c.base+"\n")
		_, err := LoadFile(path)
		want := path + ":2:10: extends: "
		if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("extends: %s: got %v, want %q", c.base, err, want)
		}
	}
}

// TestInheritedErrorsNameTheBuiltin: an error in what a file inherits from a built-in is
// placed in "built-in chess", not in defs/chess.yaml, a file the user may not have.
func TestInheritedErrorsNameTheBuiltin(t *testing.T) {
	list := parseErrs(t, "extends: chess\nname: small\nboard: {files: 6, ranks: 6}\n")
	if len(list) == 0 {
		t.Fatal("no error; want the base's castling files outside a 6-file board")
	}
	for _, e := range list {
		if e.File != "built-in chess" && e.File != "t.yaml" {
			t.Errorf("error %v names the file %q; want built-in chess", e, e.File)
		}
	}
	if !strings.HasPrefix(list.Error(), "built-in chess:") {
		t.Errorf("got %v, want errors placed in built-in chess", list)
	}
}

// TestEchoedInputIsCapped: an error repeats at most MaxEcho characters of what it quotes.
func TestEchoedInputIsCapped(t *testing.T) {
	huge := strings.Repeat("x", 100000)
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.yaml")
	if err := os.WriteFile(plain, []byte(strings.Repeat("not a definition ", 20000)), 0o644); err != nil {
		t.Fatal(err)
	}
	derived := filepath.Join(dir, "derived.yaml")
	if err := os.WriteFile(derived, []byte("extends: plain.yaml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	errs := map[string]error{}
	_, errs["a text file"] = LoadFile(plain)
	_, errs["a text file extended"] = LoadFile(derived)
	_, errs["a long key"] = Parse("t.yaml", []byte(huge[:1000]+": 1\n")) // yaml.v3 reads keys of up to 1024 characters
	_, errs["a huge name"] = Parse("t.yaml", []byte(strings.Replace(mini, "name: mini", "name: X"+huge, 1)))
	_, errs["a huge letter"] = Parse("t.yaml", []byte(strings.Replace(mini, "letter: K", "letter: "+huge, 1)))
	_, errs["a huge extends"] = Parse("t.yaml", []byte("extends: "+huge+"\n"))
	_, errs["a huge variant name"] = Load(huge)
	for what, err := range errs {
		switch {
		case err == nil:
			t.Errorf("%s: no error", what)
		case len(err.Error()) > 2*MaxEcho+400:
			t.Errorf("%s: an error of %d bytes: %.300s", what, len(err.Error()), err)
		case !strings.Contains(err.Error(), "..."):
			t.Errorf("%s: %v: want the echoed input cut with ...", what, err)
		}
	}
	if got := Clip("short"); got != "short" {
		t.Errorf("Clip(short) = %q", got)
	}
	if got := Clip(strings.Repeat("ж", MaxEcho+1)); got != strings.Repeat("ж", MaxEcho)+"..." {
		t.Errorf("Clip cuts by characters: got %d bytes", len(got))
	}
}
