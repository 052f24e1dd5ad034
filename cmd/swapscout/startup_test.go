package main

import (
	"context"
	"errors"
	"net"
	"sync"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// TestServeStartsWhileVenuesHang: with every venue hanging (connections
// accepted, never answered), the serving stack is ready at once, venues with
// lists answer unavailable "market list loading" meanwhile, and closing it
// does not wait for the hung refreshes.
func TestServeStartsWhileVenuesHang(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var conns []net.Conn
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c) // held open, never answered
			mu.Unlock()
		}
	})
	defer func() {
		ln.Close()
		wg.Wait()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	}()

	// Every venue hangs until this test ends: newStack returning at all
	// shows it did not wait for them.
	st, err := newStack(context.Background(), stackOptions{listenAtOnce: true, simURL: "http://" + ln.Addr().String(), getenv: noEnv})
	if err != nil {
		t.Fatal(err)
	}
	v, ok := st.registry.Lookup("binance")
	if !ok {
		t.Fatal("no binance venue")
	}
	_, err = v.Quoter.Quote(context.Background(), swapscout.QuoteRequest{
		From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		Amount: swapscout.MustAmount("0.1"),
	})
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeUnavailable || !errors.Is(err, venue.ErrListLoading) {
		t.Errorf("quote while the list loads: %v, want unavailable \"market list loading\"", err)
	}
	st.Close() // returns only once the hung refreshes were cancelled: the venues still hang
}
