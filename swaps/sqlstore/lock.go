package sqlstore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LockFile is the lock's name in a data directory.
const LockFile = "swapscout.lock"

// ErrDirLocked is the error of LockDir when another process holds the
// directory.
var ErrDirLocked = errors.New("the data directory is in use by another swapscout server")

// DirLock is a data directory held by this process.
type DirLock struct {
	f      *os.File
	unlock func() error
}

// LockDir takes dir's lock for this process (creating dir if needed): an
// advisory lock (flock) on LockFile in it, which the system drops when the
// process ends, however it ends, so a killed server leaves no stale lock.
// One server owns a SQLite data directory: it runs the jobs of every swap
// in it and, at start, takes over the ones a killed process left running,
// which a second server on the same directory would be running too. When
// another process holds the lock the error wraps ErrDirLocked and names
// its process id. (The lock is local: a directory on a network file system
// may not honour it. On Windows the lock file is held open without sharing
// instead.)
func LockDir(dir string) (*DirLock, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, LockFile)
	f, unlock, err := openLocked(path)
	if err != nil {
		if !errors.Is(err, errWouldBlock) {
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		holder := ""
		if b, rerr := os.ReadFile(path); rerr == nil {
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil && pid > 0 {
				holder = fmt.Sprintf(" (pid %d)", pid)
			}
		}
		return nil, fmt.Errorf("%s: %w%s: stop it, or give this one another --data-dir", dir, ErrDirLocked, holder)
	}
	// Say who holds it, for the message of the next one to try.
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &DirLock{f: f, unlock: unlock}, nil
}

// Release gives the directory up; it may be called on a nil lock.
func (l *DirLock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.unlock()
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}
