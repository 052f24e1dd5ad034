package sideshift

import (
	"cmp"
	"net/http"
	"slices"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/catalogue"
	"github.com/swapscout/swapscout/venue/sideshift"
)

// coinJSON is one coin of SideShift's GET /v2/coins, as recorded
// (venue/sideshift/testdata/coins.json): the coin's networks, the contract
// and decimals of each network where it is a token (tokenDetails), the
// networks that need a memo, and the offline flags.
type coinJSON struct {
	Networks         []string                   `json:"networks"`
	Coin             string                     `json:"coin"`
	Mainnet          string                     `json:"mainnet,omitempty"`
	Name             string                     `json:"name"`
	HasMemo          bool                       `json:"hasMemo"`
	FixedOnly        bool                       `json:"fixedOnly"`
	VariableOnly     bool                       `json:"variableOnly"`
	TokenDetails     map[string]tokenDetailJSON `json:"tokenDetails,omitempty"`
	NetworksWithMemo []string                   `json:"networksWithMemo"`
	DepositOffline   bool                       `json:"depositOffline"`
	SettleOffline    bool                       `json:"settleOffline"`
}

type tokenDetailJSON struct {
	ContractAddress string `json:"contractAddress"`
	Decimals        int    `json:"decimals"`
}

// coinsPath is where SideShift publishes its coin list, the path the
// catalogue's refresher reads.
var coinsPath = catalogue.LivePaths["sideshift"]

// coins lists what this simulator quotes, one entry per coin: every asset
// of the adapter's table under its SideShift coin and network id, with
// the catalogue's name, contract, decimals and memo rule for it. So the
// catalogue refreshed from the simulator lists the same assets again.
func coins() []coinJSON {
	byCoin := map[string]*coinJSON{}
	var order []string
	assets := sideshift.Symbols.Assets()
	slices.SortFunc(assets, func(a, b swapscout.Asset) int { return strings.Compare(a.String(), b.String()) })
	for _, a := range assets {
		code := sideshift.Symbols[a]
		c := byCoin[code.Coin]
		if c == nil {
			c = &coinJSON{Coin: code.Coin, Networks: []string{}, NetworksWithMemo: []string{}}
			byCoin[code.Coin] = c
			order = append(order, code.Coin)
		}
		c.Networks = append(c.Networks, code.Network)
		e, _ := swapscout.LookupCatalogue(a)
		if c.Name == "" || e.Contract == "" {
			// A coin's name is its native network's, when it has one.
			c.Name = cmp.Or(e.Name, code.Coin)
		}
		if e.Contract == "" {
			c.Mainnet = code.Network
		} else {
			if c.TokenDetails == nil {
				c.TokenDetails = map[string]tokenDetailJSON{}
			}
			c.TokenDetails[code.Network] = tokenDetailJSON{ContractAddress: e.Contract, Decimals: decimals(a, e)}
		}
		if e.Memo {
			c.HasMemo = true
			c.NetworksWithMemo = append(c.NetworksWithMemo, code.Network)
		}
	}
	out := make([]coinJSON, 0, len(order))
	for _, coin := range order {
		out = append(out, *byCoin[coin])
	}
	return out
}

// decimals are SideShift's own for a (its list's), else the asset's.
func decimals(a swapscout.Asset, e swapscout.CatalogueEntry) int {
	for _, l := range e.Listings {
		if l.Venue == "sideshift" && l.Decimals > 0 {
			return l.Decimals
		}
	}
	return e.Decimals
}

func (s *simAPI) coins(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, 200, s.coinList)
}
