package catalogue

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
)

// TestNetworkTokenMaps replays ChangeNOW's, LetsExchange's and ChangeHero's
// recorded lists (Edge's network-grouped form) and checks the mapping:
// every entry is counted; the same contract is one asset across venues;
// the same ticker with another contract never merges; a network we do not
// carry is counted as unmapped, not guessed.
func TestNetworkTokenMaps(t *testing.T) {
	lists, err := Load(os.DirFS("testdata"))
	if err != nil {
		t.Fatal(err)
	}
	edge := map[string]List{}
	for _, l := range lists {
		switch l.Venue {
		case "changenow", "letsexchange", "changehero":
			edge[l.Venue] = l
		}
	}
	files := map[string]string{"changenow": "changenow_currencies_edge.json", "letsexchange": "letsexchange_coins_edge.json",
		"changehero": "changehero_currencies_edge.json"}
	for venue, file := range files {
		l, ok := edge[venue]
		if !ok {
			t.Fatalf("no %s list among the sources", venue)
		}
		b, err := os.ReadFile("testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		var groups [][2]json.RawMessage
		if err := json.Unmarshal(b, &groups); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, g := range groups {
			var toks []json.RawMessage
			_ = json.Unmarshal(g[1], &toks)
			n += len(toks)
		}
		listed, mapped, unmapped := l.Stats()
		if listed != n || listed != mapped+unmapped || mapped == 0 {
			t.Errorf("%s: %d entries in the file; listed %d, mapped %d, unmapped %d", venue, n, listed, mapped, unmapped)
		}
	}

	assets := Merge(lists)
	byID := map[string]swapscout.SnapshotAsset{}
	for _, a := range assets {
		byID[a.ID] = a
	}
	// Same contract → same asset: USDT on Tron, listed by all three and
	// by SideShift, KuCoin and NEAR Intents.
	usdt := byID["tron:728126428/trc20:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"]
	for _, v := range []string{"changenow", "letsexchange", "changehero", "sideshift"} {
		found := false
		for _, l := range usdt.Listings {
			found = found || l.Venue == v
		}
		if !found {
			t.Errorf("USDT on Tron = %+v, want it listed by %s", usdt, v)
		}
	}
	// Same ticker, other contract → not merged.
	contracts := map[string]map[string]bool{} // symbol@network → contracts
	for _, l := range edge {
		for _, e := range l.Entries {
			k := strings.ToLower(e.Symbol) + "@" + e.Network
			if contracts[k] == nil {
				contracts[k] = map[string]bool{}
			}
			contracts[k][strings.ToLower(e.Contract)] = true
		}
	}
	split := 0
	for k, cs := range contracts {
		if len(cs) < 2 {
			continue
		}
		split++
		network := k[strings.LastIndex(k, "@")+1:]
		for c := range cs {
			if _, ok := byID[swapscout.AssetID(network, c)]; !ok {
				t.Errorf("%s with contract %q is not an asset of its own", k, c)
			}
		}
	}
	if split == 0 {
		t.Error("no ticker with two contracts on one network in the lists: the not-merged rule went untested")
	}
	// Unknown network → counted: ChangeNOW's bnb (BEP2), LetsExchange's BEP2.
	for venue, net := range map[string]string{"changenow": "bnb", "letsexchange": "BEP2"} {
		n := 0
		for _, u := range edge[venue].Unmapped {
			if strings.HasSuffix(u.Code, "/"+net) && strings.Contains(u.Why, "unknown network") {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: no entry on %s counted as unmapped", venue, net)
		}
	}
}

func TestParseNetworkTokenMap(t *testing.T) {
	parse := ParseNetworkTokenMap("changenow", changenowNetworks)
	l, err := parse([]byte(`[["eth",[{"contractAddress":null,"tokenCode":"eth"},{"contractAddress":"0xdAC17F958D2ee523a2206206994597C13D831ec7","tokenCode":"usdt"},{"contractAddress":null,"tokenCode":"zzz"}]],["mars",[{"contractAddress":null,"tokenCode":"mrs"}]]]`))
	if err != nil {
		t.Fatal(err)
	}
	if listed, mapped, unmapped := l.Stats(); listed != 4 || mapped != 2 || unmapped != 2 {
		t.Fatalf("stats = %d/%d/%d, want 4 listed, 2 mapped (eth, usdt), 2 unmapped (a token without contract, an unknown network)", listed, mapped, unmapped)
	}
	if e := l.Entries[1]; e.Code != "usdt/eth" || e.Contract != "0xdac17f958d2ee523a2206206994597c13d831ec7" {
		t.Errorf("USDT entry = %+v", e)
	}
	for _, bad := range []string{`{}`, `[["eth",{"tokenCode":"eth"}]]`, `[[1,[]]]`, `<html>`} {
		if _, err := parse([]byte(bad)); err == nil {
			t.Errorf("parse(%s) accepted", bad)
		}
	}
}
