// The files a command writes (--out, --pgn, --html, --log): opened before the work, written whole, one run at a time.

package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"chimera/defs"
)

// output is a file a command writes. It is opened before the work that fills it (a path
// that cannot be written is found at once, not after hours of games), as a temporary
// file beside it, PATH.part, which the run holds locked (a second run given the same path
// refuses to start instead of losing one run's games); it is renamed over PATH once
// written whole (a full disk or a crash leaves what PATH held, or nothing, never a file
// cut mid-line). A path that exists and is not a regular file (/dev/null, /dev/stdout, a
// pipe) is written in place.
type output struct {
	flag, path string   // the flag that names it, and the path as given
	target     string   // the path written: path with its symbolic links resolved
	part       *os.File // the temporary file, locked (nil: written in place)
	inPlace    *os.File // the file written in place
	stream     bool     // written as the work goes, in place (the lock is then on an empty PATH.part)
	done       bool     // committed or abandoned
}

// namedPath is a file named by a flag (or an operand): "--pgn", "games.pgn"; an output
// to stream is written as the work goes (a match's PGN and log), in place, so that it can
// be read meanwhile.
type namedPath struct {
	flag, path string
	stream     bool
}

// partSuffix names the temporary file of an output: PATH.part.
const partSuffix = ".part"

// openOutputs opens the files the command will write, outs (a path "" or "-" is none:
// nothing, or standard output), after checking that none is one of the files it reads,
// inputs, nor named twice. An output may be opened once: writeFile writes it later. It
// returns exitOK or the exit status of the error it reported.
func (c *context) openOutputs(inputs []namedPath, outs ...namedPath) int {
	var seen []namedPath
	for _, o := range outs {
		if o.path == "" || o.path == "-" {
			continue
		}
		for _, in := range inputs {
			if in.path != "" && sameFile(in.path, o.path) {
				return c.usage("%s %s is also %s: writing it would overwrite what the run reads; give %s another file", o.flag, defs.Quote(o.path), in.flag, o.flag)
			}
		}
		for _, s := range seen {
			if sameFile(s.path, o.path) {
				return c.usage("%s and %s both name %s: give each its own file", s.flag, o.flag, defs.Quote(o.path))
			}
		}
		seen = append(seen, o)
	}
	for _, o := range seen {
		if _, err := c.createOutput(o); err != nil {
			return c.outputError(err)
		}
	}
	return exitOK
}

// outputError reports an output that cannot be opened: another run writing it is a usage
// error, as is a path that cannot be created.
func (c *context) outputError(err error) int {
	fmt.Fprintf(c.err, "chimera %s: %v\n", c.cmd.name, err)
	return exitUsage
}

// errBusy is the error of an output another run is writing.
var errBusy = errors.New("busy")

// createOutput opens o and records it among c's outputs.
func (c *context) createOutput(np namedPath) (*output, error) {
	o := &output{flag: np.flag, path: np.path, target: np.path, stream: np.stream}
	if real, err := filepath.EvalSymlinks(np.path); err == nil {
		o.target = real
	}
	st, statErr := os.Stat(o.target)
	switch {
	case statErr == nil && st.IsDir():
		return nil, fmt.Errorf("%s %s is a directory: give a file", o.flag, defs.Quote(o.path))
	case statErr == nil && !st.Mode().IsRegular():
		// A device or a pipe: written in place, with nothing to lock or rename.
		f, err := os.OpenFile(o.target, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", o.flag, err)
		}
		o.inPlace = f
		c.outputs = append(c.outputs, o)
		return o, nil
	}
	part, err := lockedPart(o.target + partSuffix)
	if errors.Is(err, errBusy) {
		return nil, fmt.Errorf("%s %s: another run is writing it (it holds %s): give each run its own file", o.flag, defs.Quote(o.path), defs.Quote(o.target+partSuffix))
	}
	if err != nil {
		return nil, fmt.Errorf("%s %s cannot be written: %v", o.flag, defs.Quote(o.path), err)
	}
	o.part = part
	if statErr == nil {
		part.Chmod(st.Mode().Perm()) // the file keeps its permissions
	}
	if o.stream {
		f, err := os.OpenFile(o.target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
		if err != nil {
			o.abandon()
			return nil, fmt.Errorf("%s: %v", o.flag, err)
		}
		o.inPlace = f
	}
	c.outputs = append(c.outputs, o)
	return o, nil
}

// lockedPart opens and locks the temporary file path, emptied; errBusy when another run
// holds it.
func lockedPart(path string) (*os.File, error) {
	for try := 0; ; try++ {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o666)
		if err != nil {
			return nil, err
		}
		if err := lockFile(f); err != nil {
			f.Close()
			return nil, err
		}
		// The run that held it may have renamed it into place before letting go: the lock
		// is then on the finished file, not on a temporary one.
		held, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			if err := f.Truncate(0); err != nil {
				f.Close()
				return nil, err
			}
			return f, nil
		}
		f.Close()
		if try == 2 {
			return nil, errBusy
		}
	}
}

// output returns the output opened for path, or nil.
func (c *context) output(path string) *output {
	for _, o := range c.outputs {
		if o.path == path && !o.done {
			return o
		}
	}
	return nil
}

// commit writes the whole file with write, then puts it in place.
func (o *output) commit(write func(io.Writer) error) error {
	o.done = true
	if o.inPlace != nil && o.part == nil {
		bw := bufio.NewWriter(o.inPlace)
		err := write(bw)
		if ferr := bw.Flush(); err == nil {
			err = ferr
		}
		if cerr := o.inPlace.Close(); err == nil {
			err = cerr
		}
		return err
	}
	bw := bufio.NewWriter(wrapOutput(o.part))
	err := write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = o.part.Sync() // a full disk may only say so now
	}
	if err == nil {
		err = os.Rename(o.part.Name(), o.target)
	}
	if err != nil {
		os.Remove(o.part.Name())
	}
	o.part.Close() // lets go of the lock
	return err
}

// wrapOutput is the writer an output's temporary file is written through (a test hook: a
// writer that fails as a full disk does).
var wrapOutput = func(f *os.File) io.Writer { return f }

// finish closes a stream: its file stays as written; the lock goes.
func (o *output) finish() error {
	o.done = true
	err := o.inPlace.Close()
	if o.part != nil {
		os.Remove(o.part.Name())
		o.part.Close()
	}
	return err
}

// abandon removes the temporary file of an output not written (the run failed or wrote
// nothing there) and lets go of the lock.
func (o *output) abandon() {
	if o.done {
		return
	}
	o.done = true
	if o.inPlace != nil {
		o.inPlace.Close()
	}
	if o.part != nil {
		os.Remove(o.part.Name())
		o.part.Close()
	}
}

// closeOutputs abandons the outputs not written.
func (c *context) closeOutputs() {
	for _, o := range c.outputs {
		o.abandon()
	}
	c.outputs = nil
}

// writeFile writes path whole with write (through the output opened for it, or one
// opened now), reporting a failure: exitFail.
func (c *context) writeFile(path string, write func(io.Writer) error) int {
	o := c.output(path)
	if o == nil {
		var err error
		if o, err = c.createOutput(namedPath{flag: "the file", path: path}); err != nil {
			return c.outputError(err)
		}
	}
	if err := o.commit(write); err != nil {
		fmt.Fprintf(c.err, "chimera %s: writing %s: %v\n", c.cmd.name, o.path, err)
		return exitFail
	}
	return exitOK
}

// writeOut writes to path, or to standard output for "" or "-" (its failure is reported
// by Main).
func (c *context) writeOut(path string, write func(io.Writer) error) int {
	if path != "" && path != "-" {
		return c.writeFile(path, write)
	}
	bw := bufio.NewWriter(c.out)
	err := write(bw)
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		if !writeFailed(c.out) {
			fmt.Fprintf(c.err, "chimera %s: %v\n", c.cmd.name, err)
		}
		return exitFail
	}
	return exitOK
}

// sameFile reports whether two paths name one regular file (an existing one, or one to
// be created): devices such as /dev/null may be named twice.
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	switch {
	case errA == nil && errB == nil:
		return sa.Mode().IsRegular() && os.SameFile(sa, sb)
	case errA == nil || errB == nil:
		return false
	}
	absA, err1 := filepath.Abs(a)
	absB, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && absA == absB
}

// variantPath is the file a variant argument reads (a definition, or the .ini of
// FILE.ini:SECTION), to keep outputs off it; "" for a built-in name.
func variantPath(def string, args []string) string {
	name := def
	if name == "" && len(args) > 0 {
		name = args[0]
	}
	if defs.IsINISpec(name) {
		return name[:strings.LastIndex(name, ".ini:")+4]
	}
	if _, ok := defs.BuiltinSource(name); ok {
		return ""
	}
	return name
}
