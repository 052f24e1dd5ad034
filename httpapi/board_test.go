package httpapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

// TestBoard: GET /v1/board answers the board the service computes, with
// the imported boards apart, and the /board page shows both; without a
// swap database it is 503, said.
func TestBoard(t *testing.T) {
	at := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	mine := &swapscout.Board{At: at, Window: 24 * time.Hour, Venues: []swapscout.VenueBoard{{Venue: "changenow", Swaps: 3, Finished: 2, Unverified: 1,
		Timed: 2, MedianTime: time.Minute, P90Time: 2 * time.Minute, OnChain: 1, MedianDelivered: swapscout.MustAmount("0.8"), P10Delivered: swapscout.MustAmount("0.8"), ShortOnChain: 1}},
		Groups: []swapscout.BoardGroup{{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
			Bracket: swapscout.Bracket1k, VenueBoard: swapscout.VenueBoard{Venue: "changenow", Swaps: 5, Finished: 5}}}}
	theirs := api.ImportedBoard{Board: api.Board{Instance: "friend", At: at, WindowSeconds: 3600, Venues: []api.BoardVenue{{Venue: "exolix", Swaps: 7, Finished: 7}}}, PublicKey: "KEY"}
	h := httpapi.NewHandler(httpapi.Deps{Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: inmem.New(inmem.Options{}),
		Venues:         func() []swapscout.VenueInfo { return []swapscout.VenueInfo{{ID: "changenow", Name: "ChangeNOW"}} },
		Board:          func(context.Context) (*swapscout.Board, error) { return mine, nil },
		ImportedBoards: func() []api.ImportedBoard { return []api.ImportedBoard{theirs} }})
	resp := get(h, "/v1/board")
	if resp.Status != 200 {
		t.Fatalf("status %d: %s", resp.Status, resp.Body)
	}
	b, err := api.DecodeBoard(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	l, ok := b.Line("changenow")
	if !ok || l.Swaps != 3 || l.Unverified != 1 || l.MedianDelivered != "0.8" || *l.MedianSeconds != 60 || b.WindowSeconds != 86400 ||
		len(b.Imported) != 1 || b.Imported[0].Instance != "friend" || b.Imported[0].PublicKey != "KEY" {
		t.Errorf("board %s", resp.Body)
	}
	if len(b.Groups) != 1 || b.Groups[0].Bracket != "1k-10k" || b.Groups[0].From.Ticker != "btc" || b.Groups[0].Swaps != 5 ||
		b.Imported[0].Groups == nil {
		t.Errorf("groups %s", resp.Body)
	}
	page := get(h, "/board")
	for _, want := range []string{`id="board-changenow"`, "ChangeNOW", "80", "friend", `id="board-exolix"`, "KEY", "BTC (btc) → ETH (eth), $1k-10k"} {
		if !strings.Contains(string(page.Body), want) {
			t.Errorf("page lacks %q", want)
		}
	}
	h2, _ := newHandler(t)
	if resp := get(h2, "/v1/board"); resp.Status != 503 || !strings.Contains(string(resp.Body), "no swap database") {
		t.Errorf("without a database: %d %s", resp.Status, resp.Body)
	}
}
