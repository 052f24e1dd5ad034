package api

import (
	"encoding/json"
	"fmt"

	"github.com/swapscout/swapscout"
)

// Asset is one asset-network pair of GET /v1/assets.
type Asset struct {
	ID       string `json:"id"`     // CAIP-19
	Ticker   string `json:"ticker"` // short code, with network: ticker@network
	Network  string `json:"network"`
	Code     string `json:"code"` // "ticker@network"
	Symbol   string `json:"symbol"`
	Name     string `json:"name"`
	Contract string `json:"contract,omitempty"`
	Decimals int    `json:"decimals"`
	Memo     bool   `json:"memo"`
	// NetworkName and Family say which network and address family.
	NetworkName string `json:"network_name"`
	Family      string `json:"family"`
	// Swappable is false for a network without address rules: listed, but
	// no swap is created on it (Why says so).
	Swappable bool     `json:"swappable"`
	Why       string   `json:"why,omitempty"`
	Venues    []string `json:"venues"`
}

// Assets is GET /v1/assets's answer: one page, and the query of the next.
type Assets struct {
	Assets []Asset `json:"assets"`
	Total  int     `json:"total"`
	Next   string  `json:"next,omitempty"` // path and query of the next page
	// Generated is the date of the embedded catalogue snapshot.
	Generated string `json:"generated"`
}

// NewAsset describes e; swappable says whether its network has address rules.
func NewAsset(e swapscout.CatalogueEntry, swappable bool) Asset {
	a := Asset{ID: e.ID, Ticker: e.Ticker, Network: e.Network, Code: e.String(), Symbol: e.Symbol, Name: e.Name,
		Contract: e.Contract, Decimals: e.Decimals, Memo: e.Memo, Swappable: swappable, Venues: []string{}}
	if n, ok := swapscout.LookupNetwork(e.Network); ok {
		a.NetworkName, a.Family = n.Name, n.Family
	}
	if !swappable {
		a.Why = "swapscout has no address rules for " + a.NetworkName + " yet: listed, not swappable"
	}
	for _, l := range e.Listings {
		a.Venues = append(a.Venues, l.Venue)
	}
	return a
}

// AppendAssets appends the JSON of an Assets page.
func AppendAssets(dst []byte, p Assets) ([]byte, error) {
	if p.Assets == nil {
		p.Assets = []Asset{}
	}
	b, err := json.Marshal(p)
	if err != nil {
		return dst, err
	}
	return append(append(dst, b...), '\n'), nil
}

// DecodeAssets reads GET /v1/assets's answer.
func DecodeAssets(body []byte) (Assets, error) {
	var p Assets
	if err := json.Unmarshal(body, &p); err != nil {
		return Assets{}, fmt.Errorf("decode assets: %w", err)
	}
	return p, nil
}
