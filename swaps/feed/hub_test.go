package feed

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

func TestHub(t *testing.T) {
	var h Hub
	a, stopA := h.Subscribe("s1")
	b, stopB := h.Subscribe("s1")
	c, stopC := h.Subscribe("s2")
	defer stopC()
	h.Publish(swapscout.SwapChange{SwapID: "s1", Seq: 2, Status: swapscout.StatusConfirming})
	last := swapscout.SwapChange{SwapID: "s1", Seq: 3, Status: swapscout.StatusExchanging}
	h.SwapChanged(context.Background(), last) // replaces the unread first change
	for _, ch := range []<-chan swapscout.SwapChange{a, b} {
		select {
		case got := <-ch:
			if !cmp.Equal(got, last) {
				t.Errorf("a watcher of s1 heard %+v; want the latest, %+v", got, last)
			}
		case <-time.After(time.Second):
			t.Fatal("a watcher of s1 heard nothing")
		}
		select {
		case <-ch:
			t.Fatal("two changes unread should coalesce into one")
		default:
		}
	}
	select {
	case <-c:
		t.Fatal("a watcher of s2 heard of s1")
	default:
	}
	stopA()
	stopA() // twice is harmless
	stopB()
	if n := h.Watchers(); n != 1 {
		t.Errorf("Watchers() = %d after two stops; want 1", n)
	}
	h.Publish(swapscout.SwapChange{SwapID: "s1"}) // nobody left: no panic, no block
	h.publishAll()
	select {
	case got := <-c:
		if !cmp.Equal(got, swapscout.SwapChange{SwapID: "s2"}) {
			t.Errorf("publishAll told %+v; want a change of s2 of unknown number", got)
		}
	default:
		t.Error("publishAll did not wake the s2 watcher")
	}
}

// TestPayload: a change crosses instances whole; a bare swap id (an
// instance of an earlier version) is a change of unknown number.
func TestPayload(t *testing.T) {
	c := swapscout.SwapChange{SwapID: "abcdefghijklmnopqrstuvwxyz", Seq: 12, Status: swapscout.StatusActionRequired}
	if got := parsePayload(payload(c)); !cmp.Equal(got, c) {
		t.Errorf("parsePayload(payload(%+v)) = %+v", c, got)
	}
	if got := parsePayload("abcdefghijklmnopqrstuvwxyz"); !cmp.Equal(got, swapscout.SwapChange{SwapID: "abcdefghijklmnopqrstuvwxyz"}) {
		t.Errorf("a bare id reads %+v", got)
	}
}
