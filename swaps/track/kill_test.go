package track_test

import (
	"bufio"
	"context"
	"fmt"
	"github.com/swapscout/swapscout/internal/tier"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river/riverdriver/riversqlite"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/track"
)

const killEnv = "SWAPSCOUT_TRACK_KILL_DB"

// slowVenue answers "waiting" after a while, so polls are in flight when
// the process dies; it prints each poll for the parent test.
type slowVenue struct{ took time.Duration }

func (v slowVenue) CreateSwap(context.Context, swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	panic("not used")
}

func (v slowVenue) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	id := ref.ID
	fmt.Printf("polled %s\n", id)
	time.Sleep(v.took)
	return swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "wait"}, nil
}

// firstPolls records when each order is first polled.
type firstPolls struct {
	mu    sync.Mutex
	first map[string]time.Time
}

func (f *firstPolls) CreateSwap(context.Context, swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	panic("not used")
}

func (f *firstPolls) SwapStatus(_ context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	id := ref.ID
	f.mu.Lock()
	if _, ok := f.first[id]; !ok {
		f.first[id] = time.Now()
	}
	f.mu.Unlock()
	return swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "wait"}, nil
}

const killInterval = time.Second

func every(time.Duration) time.Duration { return killInterval }

// TestKill9Child is the tracking instance TestKill9 kills.
func TestKill9Child(t *testing.T) {
	path := os.Getenv(killEnv)
	if path == "" {
		t.Skip("run by TestKill9")
	}
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := track.New(riversqlite.New(db.SQL()), track.Config{Swaps: service(db, slowVenue{300 * time.Millisecond}, every),
		Logger: quiet, FetchInterval: 50 * time.Millisecond, Workers: 10, SoleInstance: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Start(ctx); err != nil {
		t.Fatal(err)
	}
	select {} // until killed
}

// TestKill9: a tracking process killed with SIGKILL in the middle of its
// polls; the instance started after it polls every swap again within one
// interval of the kill, those whose poll was cut included.
func TestKill9(t *testing.T) {
	tier.E2E(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "s.db")
	db, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	drv := riversqlite.New(db.SQL())
	if err := track.Migrate(ctx, drv); err != nil {
		t.Fatal(err)
	}
	seen := &firstPolls{first: map[string]time.Time{}}
	cfg := track.Config{Swaps: service(db, seen, func(time.Duration) time.Duration { return 0 }),
		Logger: quiet, FetchInterval: 50 * time.Millisecond, SoleInstance: true}
	inserter, err := track.New(drv, cfg)
	if err != nil {
		t.Fatal(err)
	}
	const n = 30
	var orders []string
	for range n {
		sw := createSwap(t, db)
		if _, err := inserter.Track(ctx, sw.ID); err != nil {
			t.Fatal(err)
		}
		orders = append(orders, sw.VenueOrder.ID)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestKill9Child$")
	cmd.Env = append(os.Environ(), killEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	polled := map[string]bool{}
	sc := bufio.NewScanner(out)
	deadline := time.Now().Add(30 * time.Second)
	for len(polled) < n && sc.Scan() {
		if id, ok := strings.CutPrefix(sc.Text(), "polled "); ok {
			polled[id] = true
		}
		if time.Now().After(deadline) {
			t.Fatalf("the child polled %d of %d swaps in 30 s", len(polled), n)
		}
	}
	// Polls take 300 ms with 10 workers: some are in flight now.
	cmd.Process.Kill() // SIGKILL
	killed := time.Now()
	cmd.Wait()

	cfg.Swaps = service(db, seen, every)
	tr, err := track.New(drv, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer tr.Stop(ctx)
	// One interval, and two seconds for the new instance to start and
	// fetch (a loaded CI box under -race); without the sole-instance reset
	// the cut polls would wait 30 s or more.
	limit := killed.Add(killInterval + 2*time.Second)
	for time.Now().Before(limit.Add(2 * time.Second)) {
		seen.mu.Lock()
		got := len(seen.first)
		seen.mu.Unlock()
		if got == n {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	seen.mu.Lock()
	defer seen.mu.Unlock()
	var worst time.Duration
	for _, o := range orders {
		at, ok := seen.first[o]
		if !ok {
			t.Errorf("order %s not polled again %v after the kill", o, time.Since(killed))
			continue
		}
		worst = max(worst, at.Sub(killed))
	}
	if worst > limit.Sub(killed) {
		t.Errorf("the last swap was polled again %v after the kill; want within %v", worst, limit.Sub(killed))
	}
	t.Logf("every swap polled again within %v of the kill (interval %v)", worst, killInterval)
}
