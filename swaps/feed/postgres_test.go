package feed_test

import (
	"context"
	"github.com/swapscout/swapscout/internal/tier"
	"log/slog"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps/feed"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

// TestPostgresAcrossInstances: a change published by one instance reaches
// the watchers of another through NOTIFY, whole, and its own at once.
func TestPostgresAcrossInstances(t *testing.T) {
	tier.E2E(t)
	url := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	quiet := slog.New(slog.DiscardHandler)
	a, err := feed.NewPostgres(ctx, url, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := feed.NewPostgres(ctx, url, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	onA, stopA := a.Subscribe("swap1")
	defer stopA()
	onB, stopB := b.Subscribe("swap1")
	defer stopB()
	other, stopO := b.Subscribe("swap2")
	defer stopO()
	bare := swapscout.SwapChange{SwapID: "swap1", Seq: 3, Status: swapscout.StatusExchanging}
	shown := bare
	shown.Shown, shown.History = &swapscout.Swap{ID: "swap1"}, []swapscout.SwapEvent{{Status: swapscout.StatusExchanging}}
	a.SwapChanged(ctx, shown)
	// The publisher's watchers get the swap it carries; the other
	// instance's the change alone.
	for name, ch := range map[string]<-chan swapscout.SwapChange{"publisher": onA, "other instance": onB} {
		want := bare
		if name == "publisher" {
			want = shown
		}
		select {
		case got := <-ch:
			if !cmp.Equal(got, want) {
				t.Errorf("the %s's watcher heard %+v; want %+v", name, got, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("the %s's watcher heard nothing", name)
		}
	}
	select {
	case <-other:
		t.Error("a watcher of swap2 heard of swap1")
	case <-time.After(100 * time.Millisecond):
	}
}

// TestPostgresBatchAndEcho: 100 changes told at once by one instance reach
// the other's watchers of each swap (sent in batches, not one NOTIFY each),
// and the publisher's watcher hears its own change once: the notice that
// comes back to its instance is skipped, so the next it hears is the other
// instance's.
func TestPostgresBatchAndEcho(t *testing.T) {
	tier.E2E(t)
	url := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	quiet := slog.New(slog.DiscardHandler)
	a, err := feed.NewPostgres(ctx, url, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := feed.NewPostgres(ctx, url, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	const n = 100
	subs := make([]<-chan swapscout.SwapChange, n)
	for i := range n {
		ch, stop := b.Subscribe("swap" + strconv.Itoa(i))
		defer stop()
		subs[i] = ch
	}
	for i := range n {
		a.SwapChanged(ctx, swapscout.SwapChange{SwapID: "swap" + strconv.Itoa(i), Seq: 2, Status: swapscout.StatusConfirming})
	}
	for i, ch := range subs {
		select {
		case got := <-ch:
			if want := (swapscout.SwapChange{SwapID: "swap" + strconv.Itoa(i), Seq: 2, Status: swapscout.StatusConfirming}); !cmp.Equal(got, want) {
				t.Errorf("swap%d's watcher on the other instance heard %+v; want %+v", i, got, want)
			}
		case <-ctx.Done():
			t.Fatalf("swap%d's watcher on the other instance heard nothing", i)
		}
	}

	onA, stopA := a.Subscribe("x")
	defer stopA()
	onB, stopB := b.Subscribe("x")
	defer stopB()
	mine := swapscout.SwapChange{SwapID: "x", Seq: 1, Status: swapscout.StatusWaiting}
	a.SwapChanged(ctx, mine)
	for _, ch := range []<-chan swapscout.SwapChange{onA, onB} {
		if got := <-ch; !cmp.Equal(got, mine) {
			t.Fatalf("heard %+v; want %+v", got, mine)
		}
	}
	// a's own notice was delivered to a before b's next one.
	theirs := swapscout.SwapChange{SwapID: "x", Seq: 2, Status: swapscout.StatusConfirming}
	b.SwapChanged(ctx, theirs)
	select {
	case got := <-onA:
		if !cmp.Equal(got, theirs) {
			t.Errorf("the publisher's watcher heard %+v next; want the other instance's %+v (its own notice came back)", got, theirs)
		}
	case <-ctx.Done():
		t.Fatal("the publisher's watcher never heard the other instance's change")
	}
}
