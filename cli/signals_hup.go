// The stop signals where the system has SIGHUP.
//go:build !js

package cli

import (
	"os"
	"syscall"
)

// stopSignals stop a long job after it writes what it finished: Ctrl-C, SIGTERM (a
// cluster pre-empting the job) and SIGHUP (its terminal or ssh session closed).
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
