//go:build windows

package sqlstore

import (
	"os"
	"syscall"
)

// errWouldBlock is ERROR_SHARING_VIOLATION: another process holds the file
// open for writing and shares it for reading only.
var errWouldBlock error = syscall.Errno(32)

// openLocked opens (creating) path for writing and shares it for reading
// only: another process's open for writing fails until this one closes it
// or ends; the holder's pid stays readable.
func openLocked(path string) (f *os.File, unlock func() error, err error) {
	p, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return nil, nil, err
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ|syscall.GENERIC_WRITE, syscall.FILE_SHARE_READ, nil,
		syscall.OPEN_ALWAYS, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return nil, nil, err
	}
	return os.NewFile(uintptr(h), path), func() error { return nil }, nil
}
