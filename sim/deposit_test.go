package sim

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestDepositOrders: an order a venue made for a deposit address and memo
// (a memo venue's inbound address) is found by them and, once paid, by its
// deposit's transaction; POST /_sim/deposit pays it and answers that
// transaction, and a second deposit is 409 with the same one.
func TestDepositOrders(t *testing.T) {
	s, _ := orderServer(t, Config{Seed: 3, SwapStage: time.Second})
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	x := s.Exchange("a")
	spec := orderSpec
	spec.DepositAddress, spec.DepositMemo = "bc1qvault", "=:ETH.ETH:0xabc:0/1/0"
	o, err := x.CreateOrder(spec)
	if err != nil {
		t.Fatal(err)
	}
	if o.DepositAddress != "bc1qvault" || o.DepositMemo != spec.DepositMemo {
		t.Fatalf("order %+v does not keep the venue's deposit address and memo", o)
	}
	if got, err := x.OrderByDeposit("bc1qvault", spec.DepositMemo); err != nil || got.ID != o.ID {
		t.Fatalf("OrderByDeposit = %+v, %v", got, err)
	}
	if _, err := x.OrderByDeposit("bc1qvault", "other"); err != ErrNoOrder {
		t.Errorf("another memo: %v, want ErrNoOrder", err)
	}
	post := func() (int, payJSON) {
		b, _ := json.Marshal(map[string]string{"address": "bc1qvault", "memo": spec.DepositMemo})
		resp, err := http.Post(s.URL()+"/_sim/deposit/a", "application/json", strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var p payJSON
		_ = json.NewDecoder(resp.Body).Decode(&p)
		return resp.StatusCode, p
	}
	st, p := post()
	if st != 200 || p.Order != o.ID || len(p.DepositTx) != 64 {
		t.Fatalf("deposit: %d %+v", st, p)
	}
	if got, err := x.OrderByDepositTx(strings.ToLower(p.DepositTx)); err != nil || got.ID != o.ID || got.Stage != StageConfirming {
		t.Errorf("OrderByDepositTx = %+v, %v", got, err)
	}
	if st, again := post(); st != 409 || again.DepositTx != p.DepositTx {
		t.Errorf("second deposit: %d %+v", st, again)
	}
	http.DefaultClient.CloseIdleConnections()
}
