// Package records reads and writes the JSON lines of sharded runs (chimera selfplay,
// values, tune, match and perft with --shard, and chimera merge --out): a header line
// that describes the run, then one record a line (a game, or a root move's count). One
// reader serves every kind: strict (a key Chimera does not write is an error), each
// record with its line, a line too long for a record refused, and an unfinished last line
// (a run stopped as it wrote it) left out where the caller allows it.
package records

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// File is a records file as read: its header, its records and the line of each.
type File[H, R any] struct {
	Header  H
	Records []R
	Lines   []int // the line of each record, from 1
	// Cut is the line, unfinished, that ended the file (0: none), left out when the
	// format allows it (Format.CutOK).
	Cut int
}

// Format says how one kind of records file is read.
type Format[H any] struct {
	// MaxLine is the longest line read, in bytes: a longer one is no record Chimera
	// writes.
	MaxLine int
	// Header checks the first line as decoded into h (err: the decoder's error, nil when
	// the line read) and returns why it is not the header of this kind of records, or
	// nil. The reason is reported as FILE:1: REASON.
	Header func(h *H, err error) error
	// CutOK: a last line that does not read and does not end the file with a newline (a
	// run stopped as it wrote it: a full disk, a crash) is left out, its number in
	// File.Cut, rather than an error.
	CutOK bool
}

// Read reads the records file at path. Line 1 is the header; blank lines after it are
// passed over. A key the header or a record does not have is an error, with FILE:LINE.
func Read[H, R any](path string, f Format[H]) (*File[H, R], error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	r := &File[H, R]{}
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 0, min(f.MaxLine, 1<<16)), f.MaxLine)
	line := 0
	var bad error // a record that does not read, to be reported unless it is the cut end
	for sc.Scan() {
		line++
		if bad != nil {
			return nil, bad
		}
		if line == 1 {
			if err := f.Header(&r.Header, strict(sc.Bytes(), &r.Header)); err != nil {
				return nil, fmt.Errorf("%s:1: %v", path, err)
			}
			continue
		}
		if len(sc.Bytes()) == 0 {
			continue
		}
		var rec R
		if err := strict(sc.Bytes(), &rec); err != nil {
			bad = fmt.Errorf("%s:%d: %v", path, line, err)
			if !f.CutOK {
				return nil, bad
			}
			continue
		}
		r.Records, r.Lines = append(r.Records, rec), append(r.Lines, line)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s:%d: the line is too long to be a record Chimera writes", path, line+1)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if line == 0 {
		return nil, fmt.Errorf("%s: empty", path)
	}
	if bad != nil {
		if endsLine(file) {
			return nil, bad
		}
		r.Cut = line
	}
	return r, nil
}

// strict decodes one line into v, refusing keys v does not have.
func strict(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// endsLine reports whether the file f ends with a newline.
func endsLine(f *os.File) bool {
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return false
	}
	b := make([]byte, 1)
	_, err = f.ReadAt(b, st.Size()-1)
	return err == nil && b[0] == '\n'
}

// Write writes the header line h, then one line a record.
func Write[H, R any](w io.Writer, h H, recs []R) error {
	enc := json.NewEncoder(w)
	if err := enc.Encode(h); err != nil {
		return err
	}
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}

// Kind reads the command that wrote a records file ("selfplay", "values", "match",
// "perft"), from the "chimera" key of its header line.
func Kind(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	if !sc.Scan() {
		return "", fmt.Errorf("%s: empty", path)
	}
	var h struct {
		Chimera string `json:"chimera"`
	}
	if err := json.Unmarshal(sc.Bytes(), &h); err != nil {
		return "", err
	}
	return h.Chimera, nil
}

// Partial is the note a header carries of a run something stopped early (cause: the
// signal), having done done of total games: "interrupted (interrupt) after 3 of 10 games".
func Partial(cause string, done, total int) string {
	return fmt.Sprintf("interrupted (%s) after %d of %d games", cause, done, total)
}
