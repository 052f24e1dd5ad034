package feed

import (
	"testing"
	"time"
)

func TestHub(t *testing.T) {
	var h Hub
	a, stopA := h.Subscribe("s1")
	b, stopB := h.Subscribe("s1")
	c, stopC := h.Subscribe("s2")
	defer stopC()
	h.Publish("s1")
	h.Publish("s1") // coalesces with the unread first notice
	for _, ch := range []<-chan struct{}{a, b} {
		select {
		case <-ch:
		case <-time.After(time.Second):
			t.Fatal("a watcher of s1 heard nothing")
		}
		select {
		case <-ch:
			t.Fatal("two notices unread should coalesce into one")
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
	h.Publish("s1") // nobody left: no panic, no block
	h.publishAll()
	select {
	case <-c:
	default:
		t.Error("publishAll did not wake the s2 watcher")
	}
}
