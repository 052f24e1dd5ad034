package web

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
)

// TestSteps: the tracker marks the steps before a swap's status done and its
// own current; a swap that left the path keeps the steps its history reached.
func TestSteps(t *testing.T) {
	ev := func(ss ...swapscout.SwapStatus) (h []swapscout.SwapEvent) {
		for _, s := range ss {
			h = append(h, swapscout.SwapEvent{Status: s})
		}
		return h
	}
	for _, tc := range []struct {
		status  swapscout.SwapStatus
		history []swapscout.SwapEvent
		want    string
	}{
		{swapscout.StatusWaiting, nil, "current todo todo todo todo"},
		{swapscout.StatusExchanging, nil, "done done current todo todo"},
		{swapscout.StatusFinished, nil, "done done done done done"},
		{swapscout.StatusExpired, ev(swapscout.StatusWaiting, swapscout.StatusExpired), "done todo todo todo todo"},
		{swapscout.StatusRefunded, ev(swapscout.StatusWaiting, swapscout.StatusConfirming, swapscout.StatusRefunded), "done done todo todo todo"},
		{swapscout.StatusHeld, ev(swapscout.StatusWaiting, swapscout.StatusConfirming, swapscout.StatusExchanging, swapscout.StatusHeld), "done done done todo todo"},
		{swapscout.StatusFailed, nil, "todo todo todo todo todo"},
	} {
		var got []string
		for _, s := range Steps(tc.status, tc.history) {
			got = append(got, s.State)
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s: %s, want %s", tc.status, g, tc.want)
		}
	}
}
