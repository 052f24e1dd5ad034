//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package sqlstore

import (
	"errors"
	"os"
	"syscall"
)

var errWouldBlock = syscall.EWOULDBLOCK

// openLocked opens (creating) path and takes an exclusive flock on it
// without waiting.
func openLocked(path string) (f *os.File, unlock func() error, err error) {
	f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, nil, err
	}
	fd := int(f.Fd())
	for {
		err = syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, func() error { return syscall.Flock(fd, syscall.LOCK_UN) }, nil
}
