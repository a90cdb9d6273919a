// Tests of the records reader and writer: what they write reads back with its lines, and
// each way a file can be wrong is an error naming its file and line.
package records

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

type header struct {
	Chimera string `json:"chimera"`
	Games   int    `json:"games"`
}

type rec struct {
	Index int    `json:"index"`
	Moves string `json:"moves"`
}

// format accepts headers of the command "test".
func format(cutOK bool, maxLine int) Format[header] {
	return Format[header]{MaxLine: maxLine, CutOK: cutOK, Header: func(h *header, err error) error {
		if err != nil || h.Chimera != "test" {
			return errors.New("not a test header")
		}
		return nil
	}}
}

func write(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestWriteReadsBack(t *testing.T) {
	var b bytes.Buffer
	recs := []rec{{0, "e2e4"}, {3, "d2d4 d7d5"}}
	if err := Write(&b, header{"test", 4}, recs); err != nil {
		t.Fatal(err)
	}
	// One line each, the header first, and nothing else.
	want := `{"chimera":"test","games":4}` + "\n" + `{"index":0,"moves":"e2e4"}` + "\n" + `{"index":3,"moves":"d2d4 d7d5"}` + "\n"
	if b.String() != want {
		t.Fatalf("written:\n%s\nwant:\n%s", b.String(), want)
	}
	// A blank line between records is passed over; the lines stay the file's.
	text := strings.Replace(b.String(), "\n{\"index\":3", "\n\n{\"index\":3", 1)
	f, err := Read[header, rec](write(t, text), format(false, 1<<10))
	if err != nil {
		t.Fatal(err)
	}
	if f.Header != (header{"test", 4}) || !reflect.DeepEqual(f.Records, recs) || !reflect.DeepEqual(f.Lines, []int{2, 4}) || f.Cut != 0 {
		t.Fatalf("read back %+v", f)
	}
	if k, err := Kind(write(t, text)); k != "test" || err != nil {
		t.Fatalf("Kind: %q, %v", k, err)
	}
}

func TestReadErrors(t *testing.T) {
	const head = `{"chimera":"test","games":2}` + "\n"
	long := `{"index":1,"moves":"` + strings.Repeat("a", 100) + `"}` + "\n"
	for _, c := range []struct {
		name, text string
		cutOK      bool
		want       string // the error's text after the file's path
	}{
		{"empty", "", false, ": empty"},
		{"another kind", `{"chimera":"other"}` + "\n", false, ":1: not a test header"},
		{"a blank first line", "\n" + head, false, ":1: not a test header"},
		{"a key the header lacks", `{"chimera":"test","extra":1}` + "\n", false, ":1: not a test header"},
		{"a key the record lacks", head + `{"index":0,"moves":"","who":"me"}` + "\n", false, `:2: json: unknown field "who"`},
		{"a line that does not read", head + `{"index":0,"mov` + "\n" + `{"index":1}` + "\n", true, ":2: unexpected EOF"},
		{"a cut last line, not allowed", head + `{"index":0}` + "\n" + `{"index":1,"mo`, false, ":3: unexpected EOF"},
		{"a bad last line that ends the file", head + `{"index":0}` + "\n" + `{"index":1,"mo` + "\n", true, ":3: unexpected EOF"},
		{"a line too long", head + `{"index":0}` + "\n" + long, false, ":3: the line is too long to be a record Chimera writes"},
	} {
		_, err := Read[header, rec](write(t, c.text), format(c.cutOK, 100))
		if err == nil || !strings.HasSuffix(err.Error(), "r.jsonl"+c.want) {
			t.Errorf("%s: error %v, want one ending r.jsonl%s", c.name, err, c.want)
		}
	}
	if _, err := Read[header, rec](filepath.Join(t.TempDir(), "none.jsonl"), format(false, 100)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file that is not there: %v", err)
	}
}

// TestReadCut: a run stopped as it wrote its last line leaves it unfinished; with CutOK
// the complete lines are kept and the cut one's number returned.
func TestReadCut(t *testing.T) {
	text := `{"chimera":"test","games":3}` + "\n" + `{"index":0,"moves":"a"}` + "\n" + `{"index":1,"moves":"b"}` + "\n" + `{"index":2,"mo`
	f, err := Read[header, rec](write(t, text), format(true, 1<<10))
	if err != nil {
		t.Fatal(err)
	}
	if f.Cut != 4 || !reflect.DeepEqual(f.Records, []rec{{0, "a"}, {1, "b"}}) || !reflect.DeepEqual(f.Lines, []int{2, 3}) {
		t.Fatalf("cut %d, records %+v, lines %v", f.Cut, f.Records, f.Lines)
	}
}

func TestPartial(t *testing.T) {
	if got, want := Partial("hangup", 3, 10), "interrupted (hangup) after 3 of 10 games"; got != want {
		t.Fatalf("%q, want %q", got, want)
	}
}
