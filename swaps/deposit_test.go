package swaps_test

import (
	"context"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
)

// depositSwapper is a venue that follows swaps by their deposit: its
// transaction ids are 8 hex digits.
type depositSwapper struct{ fakeSwapper }

func (*depositSwapper) DepositTxID(id string) (string, bool) {
	id = strings.TrimPrefix(id, "0x")
	if len(id) != 8 || strings.Trim(strings.ToLower(id), "0123456789abcdef") != "" {
		return "", false
	}
	return strings.ToUpper(id), true
}

func TestRecordDeposit(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	dep := &depositSwapper{}
	f.svc.Swapper = func(v string) (swapscout.Swapper, bool) {
		switch v {
		case "fast":
			return dep, true
		case "book":
			return f.swapper, true
		}
		return nil, false
	}
	sw, _, err := f.svc.Create(ctx, request("k1"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id, tx string
		want   string // error code; "" for success
	}{
		{sw.ID, "", swapscout.EINVALID},
		{sw.ID, "not-hex!", swapscout.EINVALID},
		{"aaaaaaaaaaaaaaaaaaaaaaaaaa", "0xdeadbeef", swapscout.ENOTFOUND},
		{sw.ID, "0xdeadbeef", ""},
		{sw.ID, "DEADBEEF", ""}, // the same transaction again
		{sw.ID, "cafebabe", swapscout.EDEPOSIT},
	} {
		got, evs, err := f.svc.RecordDeposit(ctx, c.id, c.tx)
		if code := swapscout.ErrorCode(err); code != c.want && !(c.want == "" && err == nil) {
			t.Errorf("RecordDeposit(%s, %q) = %v, want %q", c.id, c.tx, err, c.want)
			continue
		}
		if c.want == "" && (got.DepositTx != "DEADBEEF" || got.Status != swapscout.StatusWaiting || len(evs) != 1) {
			t.Errorf("RecordDeposit(%q) = %+v, %v", c.tx, got, evs)
		}
	}

	// A venue that follows its own orders needs no deposit transaction.
	f.quotes.quote.Offers[1].Venue = "book"
	f.quotes.fresh = f.quotes.quote.Offers[1]
	r := request("k2")
	r.Venue = "book"
	other, _, err := f.svc.Create(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.RecordDeposit(ctx, other.ID, "deadbeef"); swapscout.ErrorCode(err) != swapscout.ESWAPUNSUPPORTED {
		t.Errorf("deposit for an order venue: %v, want swap_unsupported", err)
	}
}
