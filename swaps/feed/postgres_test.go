package feed_test

import (
	"context"
	"github.com/swapscout/swapscout/internal/tier"
	"log/slog"
	"os"
	"testing"
	"time"

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
	want := swapscout.SwapChange{SwapID: "swap1", Seq: 3, Status: swapscout.StatusExchanging}
	a.SwapChanged(ctx, want)
	for name, ch := range map[string]<-chan swapscout.SwapChange{"publisher": onA, "other instance": onB} {
		select {
		case got := <-ch:
			if got != want {
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
