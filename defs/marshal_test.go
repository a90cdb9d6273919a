// Marshal's round trip: every built-in written as YAML reads back to the same definition.
package defs

import (
	"testing"
)

func TestMarshalRoundTrip(t *testing.T) {
	for _, name := range Builtins() {
		def, err := Load(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out, err := Marshal(def)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		back, err := Parse(name+".marshalled.yaml", out)
		if err != nil {
			t.Errorf("%s: written out, it does not read back: %v\n%s", name, err, out)
			continue
		}
		again, _ := Marshal(back)
		if string(again) != string(out) {
			t.Errorf("%s: written out and read back, it differs:\n%s\n---\n%s", name, out, again)
		}
	}
}
