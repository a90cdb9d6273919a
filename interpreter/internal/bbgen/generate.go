// Generate: every file bbgen writes for a directory (the lowered core files and the dispatch file), and the files it owns there.

package bbgen

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Generate reads the 256-cell core files of dir (core256_*.go, tests included) and returns
// the files to write there: each lowered to core64_*.go and renamed to core128_*.go, and
// the dispatch file.
func Generate(dir string) (map[string][]byte, error) {
	srcs, err := filepath.Glob(filepath.Join(dir, SourcePrefix+"*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(srcs)
	out := map[string][]byte{}
	cores := map[string][]byte{}
	for _, path := range srcs {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		base := filepath.Base(path)
		res, err := Lower(base, src)
		if err != nil {
			return nil, err
		}
		out[TargetPrefix+strings.TrimPrefix(base, SourcePrefix)] = res
		if res, err = Rename(base, src); err != nil {
			return nil, err
		}
		out[MidPrefix+strings.TrimPrefix(base, SourcePrefix)] = res
		if !strings.HasSuffix(base, "_test.go") {
			cores[base] = src
		}
	}
	if len(cores) > 0 {
		d, err := Dispatch(cores)
		if err != nil {
			return nil, err
		}
		out[DispatchFile] = d
	}
	return out, nil
}

// Owned lists the files of dir that bbgen wrote (or would write): the 64- and 128-cell
// core files and the dispatch file, so that a stale one, whose source is gone, is found.
func Owned(dir string) ([]string, error) {
	var out []string
	for _, prefix := range []string{TargetPrefix, MidPrefix} {
		files, err := filepath.Glob(filepath.Join(dir, prefix+"*.go"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			out = append(out, filepath.Base(f))
		}
	}
	if _, err := os.Stat(filepath.Join(dir, DispatchFile)); err == nil {
		out = append(out, DispatchFile)
	}
	sort.Strings(out)
	return out, nil
}
