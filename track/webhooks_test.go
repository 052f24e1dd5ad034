package track_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river/riverdriver/riversqlite"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/sqldb"
	"github.com/swapscout/swapscout/track"
	"github.com/swapscout/swapscout/webhook"
)

// receiver is a webhook receiver that verifies each delivery and fails
// the ones fail says to.
type receiver struct {
	t      *testing.T
	secret []byte
	mu     sync.Mutex
	got    []string // status of each accepted delivery, in arrival order
	seqs   []string
	calls  int
	fail   func(call int, delivery string) bool
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if err := webhook.Verify(rc.secret, r.Header.Get(webhook.SignatureHeader), body, time.Now(), time.Minute); err != nil {
		rc.t.Errorf("delivery does not verify: %v", err)
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.calls++
	if rc.fail != nil && rc.fail(rc.calls, r.Header.Get(webhook.DeliveryHeader)) {
		w.WriteHeader(503)
		return
	}
	var v struct {
		Status  swapscout.SwapStatus
		History []json.RawMessage
	}
	if err := json.Unmarshal(body, &v); err != nil {
		rc.t.Errorf("delivery body %s: %v", body, err)
	}
	rc.got = append(rc.got, string(v.Status))
	rc.seqs = append(rc.seqs, r.Header.Get(webhook.DeliveryHeader))
}

func (rc *receiver) statuses() []string {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]string(nil), rc.got...)
}

func webhookTracker(t *testing.T, db *sqldb.DB, v swapscout.Swapper, rc *receiver, giveUp time.Duration) *track.Tracker[sqlTx] {
	t.Helper()
	ctx := context.Background()
	drv := riversqlite.New(db.SQL())
	if err := track.Migrate(ctx, drv); err != nil {
		t.Fatal(err)
	}
	sender := &webhook.Sender{Secret: rc.secret, Client: webhook.Client(2*time.Second, true)}
	tr, err := track.New(drv, track.Config{Store: db, Swapper: func(string) (swapscout.Swapper, bool) { return v, true },
		Schedule: fast, Logger: quiet, FetchInterval: 20 * time.Millisecond,
		Webhooks: &track.Webhooks{Callbacks: db, Send: sender.Send, Encode: api.AppendSwap, GiveUpAfter: giveUp,
			Backoff: func(time.Duration) time.Duration { return 10 * time.Millisecond }}})
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Stop(context.Background()) })
	return tr
}

func waitDeliveries(t *testing.T, rc *receiver, n int) []string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		got := rc.statuses()
		if len(got) >= n {
			time.Sleep(100 * time.Millisecond) // any extra delivery would show now
			return rc.statuses()
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d deliveries (%v); want %d", len(got), got, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestWebhooksInOrder: each change after creation reaches the callback URL
// once, signed, in order, even when the receiver fails some attempts.
func TestWebhooksInOrder(t *testing.T) {
	db := sqliteDB(t)
	rc := &receiver{t: t, secret: []byte("whsec"), fail: func(call int, _ string) bool { return call%2 == 1 }}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	v := &venue{steps: progress, calls: map[string]int{}}
	tr := webhookTracker(t, db, v, rc, time.Hour)
	sw := createSwap(t, db)
	sw.CallbackURL = srv.URL + "/hook"
	if err := tr.Follow(context.Background(), sw); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, db, sw.ID, swapscout.StatusFinished)
	got := waitDeliveries(t, rc, 4)
	want := []string{"confirming", "exchanging", "sending", "finished"}
	if len(got) != len(want) {
		t.Fatalf("delivered %v; want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] || rc.seqs[i] != sw.ID+"."+itoa(i+2) {
			t.Errorf("delivery %d: %s (%s); want %s (%s.%d)", i, got[i], rc.seqs[i], want[i], sw.ID, i+2)
		}
	}
}

// TestWebhooksGiveUp: a change that cannot be delivered within GiveUpAfter
// is given up, and the later ones still go.
func TestWebhooksGiveUp(t *testing.T) {
	db := sqliteDB(t)
	var bad string
	rc := &receiver{t: t, secret: []byte("whsec")}
	rc.fail = func(_ int, d string) bool { return d == bad }
	srv := httptest.NewServer(rc)
	defer srv.Close()
	v := &venue{steps: progress, calls: map[string]int{}}
	tr := webhookTracker(t, db, v, rc, 50*time.Millisecond)
	sw := createSwap(t, db)
	bad = sw.ID + ".2" // confirming never gets through
	sw.CallbackURL = srv.URL
	if err := tr.Follow(context.Background(), sw); err != nil {
		t.Fatal(err)
	}
	got := waitDeliveries(t, rc, 3)
	if len(got) != 3 || got[0] != "exchanging" || got[2] != "finished" {
		t.Errorf("delivered %v; want exchanging, sending, finished", got)
	}
}
