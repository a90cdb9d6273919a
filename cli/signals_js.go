// The stop signals in the browser's build, which has no SIGHUP.
//go:build js

package cli

import (
	"os"
	"syscall"
)

// stopSignals stop a long job after it writes what it finished.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}
