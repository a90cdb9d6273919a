// Locking an output's temporary file where the system has no flock.
//go:build !unix

package cli

import "os"

// lockFile takes no lock where the system has no flock: two runs given one output both
// write it (the last one renamed into place wins).
func lockFile(f *os.File) error { return nil }
