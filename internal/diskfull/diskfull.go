//go:build linux

// Package diskfull plays a full disk in tests: while it runs a function, no
// file of the process may grow, as on a disk with no room left.
package diskfull

import (
	"os/signal"
	"syscall"
	"testing"
)

// Run runs fn while no file of this process may grow past one byte: the
// file size limit (RLIMIT_FSIZE) is lowered and the signal a write beyond
// it raises is ignored, so the write fails (EFBIG) as a write to a full
// disk does. The limit is the whole process's: fn must not run beside
// other tests that write files.
func Run(t testing.TB, fn func()) {
	t.Helper()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skipf("no file size limit here: %v", err)
	}
	signal.Ignore(syscall.SIGXFSZ)
	defer signal.Reset(syscall.SIGXFSZ)
	lim := old
	lim.Cur = 1
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skipf("cannot limit file sizes: %v", err)
	}
	defer func() {
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
			t.Fatalf("restoring the file size limit: %v", err)
		}
	}()
	fn()
}
