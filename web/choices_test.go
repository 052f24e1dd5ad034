package web

import (
	"strings"
	"testing"
)

// TestChoicesNameNetworks: the asset selects list the whole catalogue, one
// option a ticker naming its network (or how many networks it is on, which
// the network select then asks), and the page carries a search box per
// select that only the script shows: without JS the plain selects stay.
func TestChoicesNameNetworks(t *testing.T) {
	c := NewChoices()
	labels := map[string]string{}
	for _, ch := range c.Tickers {
		labels[ch.Value] = ch.Label
	}
	for ticker, want := range map[string]string{
		"xmr":   "XMR — Monero (Monero)",
		"pepe2": "PEPE2 — Pepe 2.0 (Ethereum)",
	} {
		if labels[ticker] != want {
			t.Errorf("%s: %q, want %q", ticker, labels[ticker], want)
		}
	}
	if l := labels["usdt"]; !strings.HasPrefix(l, "USDT — ") || !strings.HasSuffix(l, " networks)") {
		t.Errorf("usdt: %q, want its network count", l)
	}
	if len(c.Tickers) < 400 {
		t.Errorf("%d tickers, want the catalogue's hundreds", len(c.Tickers))
	}
	b, err := Render("quote", QuotePage{Choices: c})
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"from", "to"} {
		if !strings.Contains(string(b), `<input type="search" id="`+side+`_search"`) ||
			!strings.Contains(string(b), `aria-controls="`+side+`" autocomplete="off" hidden>`) {
			t.Errorf("no hidden search box for %s", side)
		}
	}
	if !strings.Contains(string(b), `<option value="pepe2" data-network="Ethereum">PEPE2 — Pepe 2.0 (Ethereum)</option>`) {
		t.Error("the select lacks a catalogue asset")
	}
}
