//go:build !unix

package web

import "time"

// cpuTime is -1: the process's CPU time is read on Unix systems only.
func cpuTime() time.Duration { return -1 }
