// Locking an output's temporary file where the system has flock.
//go:build unix

package cli

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes f's lock, or returns errBusy when another process holds it. The system
// lets go of it when the process ends, however it ends.
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errBusy
	}
	return err
}
