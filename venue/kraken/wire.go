package kraken

import (
	"encoding/json"

	"github.com/swapscout/swapscout"
)

// Wire types of Kraken's public REST API, mirroring the docs' examples in
// ../shared/research/exchange-apis.md section B2 ([DOC] Kraken's docs
// page and the JKorf Kraken.Net fixture). Every answer is the envelope
// {"error":[…],"result":{…}}; errors are strings "<E|W><Category>:<Message>"
// and usually come with HTTP 200.

// AssetPairs is the answer of GET /0/public/AssetPairs, keyed by pair name
// ("XXBTZUSD"; newer pairs by their altname, e.g. "SOLUSD").
type AssetPairs struct {
	Error  []string             `json:"error"`
	Result map[string]AssetPair `json:"result"`
}

// AssetPair is one pair. base and quote are Kraken's asset names (XXBT,
// ZUSD, SOL); altname is the short name Depth takes (XBTUSD). Numbers the
// adapter does not read are json.Number, so a change of type there cannot
// fail the whole list.
type AssetPair struct {
	Altname            string               `json:"altname"`
	Wsname             string               `json:"wsname"`
	AclassBase         string               `json:"aclass_base"`
	Base               string               `json:"base"`
	AclassQuote        string               `json:"aclass_quote"`
	Quote              string               `json:"quote"`
	Lot                string               `json:"lot"`
	CostDecimals       json.Number          `json:"cost_decimals"`
	PairDecimals       json.Number          `json:"pair_decimals"`
	LotDecimals        json.Number          `json:"lot_decimals"`
	LotMultiplier      json.Number          `json:"lot_multiplier"`
	LeverageBuy        []json.Number        `json:"leverage_buy"`
	LeverageSell       []json.Number        `json:"leverage_sell"`
	Fees               [][]swapscout.Amount `json:"fees"`       // [[volume, percent],…] taker tiers
	FeesMaker          [][]swapscout.Amount `json:"fees_maker"` // maker tiers
	FeeVolumeCurrency  string               `json:"fee_volume_currency"`
	MarginCall         json.Number          `json:"margin_call"`
	MarginStop         json.Number          `json:"margin_stop"`
	Ordermin           *swapscout.Amount    `json:"ordermin"` // least order, in base (string)
	Costmin            *swapscout.Amount    `json:"costmin"`  // least order, in quote (string)
	TickSize           *swapscout.Amount    `json:"tick_size"`
	Status             string               `json:"status"` // online, cancel_only, post_only, limit_only, reduce_only
	LongPositionLimit  json.Number          `json:"long_position_limit,omitempty"`
	ShortPositionLimit json.Number          `json:"short_position_limit,omitempty"`
}
