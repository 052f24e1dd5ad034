package fixedfloat

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// FetchCurrencies reads FixedFloat's currency list, the signed POST
// /api/v2/ccies with body {} (every FixedFloat call is signed, reads
// included, research A2), through cfg, and returns its data array (what
// ParseCurrencies and the catalogue's reader read). Without a key and a
// secret nothing is asked; neither ever appears in an error, even where
// the venue's refusal echoes one.
func FetchCurrencies(ctx context.Context, cfg *venue.Config) ([]byte, error) {
	if cfg.APIKey == "" || cfg.APISecret == "" {
		return nil, swapscout.NewVenueError(swapscout.CodeNotConfigured, "FixedFloat lists its currencies only to a signed request (key and secret)")
	}
	var data json.RawMessage
	c := Client{cfg: *cfg}
	if err := c.call(ctx, "ccies", []byte("{}"), &data); err != nil {
		return nil, venue.WithoutSecret(err, cfg.APIKey, cfg.APISecret)
	}
	if len(data) == 0 || data[0] != '[' {
		return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "FixedFloat's ccies data is not a list")
	}
	return data, nil
}

// ParseCurrencies reads the list: `ccies`' data array, or the whole
// answer in its {"code","msg","data"} envelope (a non-zero code is the
// venue's refusal).
func ParseCurrencies(body []byte) ([]Currency, error) {
	var cur []Currency
	if err := json.Unmarshal(body, &cur); err == nil {
		return cur, nil
	}
	if err := decode(200, body, &cur); err != nil {
		return nil, fmt.Errorf("fixedfloat ccies: %w", err)
	}
	return cur, nil
}

// Open says the currency can be sent or received at all (recv or send).
func (c Currency) Open() bool { return bool(c.Send) || bool(c.Recv) }

// OurNetwork is the swapscout network of a FixedFloat network code, by the
// codes the adapter sends (its table as written: ours, before the
// catalogue's listings join it); ok is false for any other (not guessed).
var OurNetwork = venue.NetworkIndex(ours, func(c Ccy) string { return c.Network }, strings.ToUpper)

// HandAsset is the asset the adapter's own table gives FixedFloat's coin
// on a network (USDT on TRX is Tether's TRC-20 token), if any: `ccies`
// names no contract, so a token is known only where the table names it.
func HandAsset(coin, network string) (swapscout.Asset, bool) {
	a, ok := ours[Ccy{strings.ToUpper(coin), strings.ToUpper(network)}]
	return a, ok
}

// Listing codes are "COIN/NETWORK" in FixedFloat's words (the pair the
// adapter looks the combined code up by), so assets a list adds are quoted
// by the coin and network the list gave.
func init() {
	venue.Listed(Symbols, "fixedfloat", func(code string) (Ccy, bool) {
		c, n, ok := venue.SlashCode(code)
		return Ccy{strings.ToUpper(c), strings.ToUpper(n)}, ok
	})
}
