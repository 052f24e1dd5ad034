package main

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout/venue/all"
)

// TestVenuesColumns: `swapscout venues` shows each venue's kind, custody,
// whether it can swap here and its networks (--json: TestVenuesJSON).
func TestVenuesColumns(t *testing.T) {
	rows := func(getenv func(string) string) map[string]string {
		out, _, err := runOut(t, getenv, "venues")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out, "\n")
		if !strings.HasPrefix(lines[0], "ID ") || !strings.Contains(lines[0], "CUSTODY") || !strings.Contains(lines[0], "SWAPS") || !strings.HasSuffix(lines[0], "NETWORKS") {
			t.Fatalf("header %q", lines[0])
		}
		m := map[string]string{}
		for _, l := range lines[1:] {
			if id, _, ok := strings.Cut(l, " "); ok {
				m[id] = strings.Join(strings.Fields(l), " ")
			}
		}
		return m
	}
	r := rows(nil)
	for id, want := range map[string]string{
		"thorchain": "thorchain THORChain liquidity network non-custodial A yes -",
		"chainflip": "chainflip Chainflip protocol non-custodial A with key SWAPSCOUT_CHAINFLIP_API_KEY no",
		"changenow": "changenow ChangeNOW instant swap custodial C with key SWAPSCOUT_CHANGENOW_API_KEY no",
		"binance":   "binance Binance order book custodial D no -",
	} {
		if !strings.HasPrefix(r[id], want) {
			t.Errorf("%s: %q, want it to start %q", id, r[id], want)
		}
	}
	for _, d := range all.Descriptors {
		if !strings.HasSuffix(r[d.ID], " "+strings.Join(d.Networks, ",")) {
			t.Errorf("%s: %q does not end with its networks", d.ID, r[d.ID])
		}
	}
	keyed := func(k string) string {
		if k == "SWAPSCOUT_CHANGENOW_API_KEY" {
			return "k"
		}
		return ""
	}
	if got := rows(keyed)["changenow"]; !strings.Contains(got, "custodial C yes SWAPSCOUT_CHANGENOW_API_KEY yes") {
		t.Errorf("changenow with its key: %q", got)
	}
}
