// The titles of the built-ins read alone (for menus) against those of the decoded definitions.
package defs

import "testing"

func TestBuiltinTitleIsTheDefinitions(t *testing.T) {
	for _, name := range Builtins() {
		d, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := BuiltinTitle(name); got != d.Title || got == "" {
			t.Errorf("%s: title read alone %q, the definition's %q", name, got, d.Title)
		}
	}
	if got := BuiltinTitle("no-such-variant"); got != "" {
		t.Errorf("the title of no built-in: %q", got)
	}
}
