package opt

import (
	"testing"
	"time"
)

func TestOr(t *testing.T) {
	if got := Or(0, 5); got != 5 {
		t.Errorf("Or(0, 5) = %d, want 5", got)
	}
	if got := Or(-time.Second, time.Minute); got != time.Minute {
		t.Errorf("Or(-1s, 1m) = %v, want 1m", got)
	}
	if got := Or(2.5, 1.0); got != 2.5 {
		t.Errorf("Or(2.5, 1) = %v, want 2.5", got)
	}
}
