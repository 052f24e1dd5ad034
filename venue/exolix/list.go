package exolix

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// CurrenciesPath is Exolix's currency list, GET /api/v2/currencies, paged
// by page (from 1) and size, with each coin's networks when
// withNetworks=true ([CODE]: Exolix's v2 documentation as public clients
// read it: {"data":[{code,name,icon,notes,networks:[{network,name,
// shortName,notes,addressRegex,isDefault,blockExplorer,memoNeeded,
// memoName,memoRegex,precision,decimal,contract,icon}]}],"count"}; the
// clients ask 100 at a time until they hold count items or a short page).
const CurrenciesPath = "/api/v2/currencies"

// PageSize is how many currencies the clients ask per page.
const PageSize = 100

// MaxPages bounds one reading of the list: 100 pages of PageSize are
// many times what Exolix lists, so a venue that never ends its list ends
// the reading with an error instead of a loop.
const MaxPages = 100

// pageBody caps one page's answer: 100 coins with their networks' regexes,
// notes and icons' URLs are well under a megabyte.
const pageBody = 4 << 20

// Currency is one coin of GET /api/v2/currencies?withNetworks=true.
type Currency struct {
	Code     string    `json:"code"`
	Name     string    `json:"name"`
	Icon     string    `json:"icon"`
	Notes    string    `json:"notes"`
	Networks []Network `json:"networks"`
}

// Network is one network a coin travels on, with the fields the catalogue
// reads (the list gives more: see CurrenciesPath): a token names its
// contract (the native coin of an EVM chain the placeholder 0xeee…e, as the
// recorded transaction shows for ETH); memoNeeded says the network takes a
// memo.
type Network struct {
	Network    string  `json:"network"`
	Name       string  `json:"name"`
	MemoNeeded bool    `json:"memoNeeded"`
	Precision  int     `json:"precision"`
	Contract   *string `json:"contract"`
}

// currenciesPage is one page of the list.
type currenciesPage struct {
	Data  []json.RawMessage `json:"data"`
	Count *int              `json:"count"`
}

// FetchCurrencies reads GET /api/v2/currencies page by page through cfg
// (the key, when one is configured, in the Authorization header as the
// adapter sends it; the list answers without one), until it holds count
// coins or a page comes back short, and returns the coins as one JSON
// array (what ParseCurrencies and the catalogue's reader read). A page
// over size, a count that changes between pages, or more than MaxPages
// pages is an error; the key never appears in one.
func FetchCurrencies(ctx context.Context, cfg *venue.Config) ([]byte, error) {
	return fetchCurrencies(ctx, cfg, PageSize)
}

func fetchCurrencies(ctx context.Context, cfg *venue.Config, size int) ([]byte, error) {
	hdr := []venue.Field{{Key: "Accept", Value: "application/json"}}
	if cfg.APIKey != "" {
		hdr = append(hdr, venue.Field{Key: "Authorization", Value: cfg.APIKey})
	}
	out := []byte{'['}
	got, count := 0, -1
	for page := 1; ; page++ {
		if page > MaxPages {
			return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "Exolix's currency list goes on past %d pages", MaxPages)
		}
		url := cfg.BaseURL + CurrenciesPath + "?page=" + strconv.Itoa(page) + "&size=" + strconv.Itoa(size) + "&withNetworks=true"
		var p currenciesPage
		err := venue.Fetch(ctx, cfg, venue.Request{URL: url, Header: hdr, MaxBody: pageBody}, func(status int, body []byte) error {
			if err := venue.ReadStatus("Exolix", status, body, 200); err != nil {
				return err
			}
			if err := json.Unmarshal(body, &p); err != nil || p.Data == nil || p.Count == nil {
				return swapscout.NewVenueError(swapscout.CodeBadResponse, "Exolix's currency page %d is not {data, count}", page)
			}
			return nil
		})
		if err != nil {
			return nil, venue.WithoutSecret(err, cfg.APIKey)
		}
		switch {
		case len(p.Data) > size:
			return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "Exolix answered %d currencies to a page of %d", len(p.Data), size)
		case count >= 0 && *p.Count != count:
			return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "Exolix's currency count changed from %d to %d while paging", count, *p.Count)
		}
		count = *p.Count
		for _, it := range p.Data {
			if len(out) > 1 {
				out = append(out, ',')
			}
			out = append(out, it...)
		}
		got += len(p.Data)
		if got >= count || len(p.Data) < size {
			return append(out, ']'), nil
		}
	}
}

// ParseCurrencies reads the list: the coins as one array (FetchCurrencies'
// answer), or one page of it ({"data":[…],"count"}).
func ParseCurrencies(body []byte) ([]Currency, error) {
	return venue.ParseList[Currency](body, "data", "exolix currencies")
}

// OurNetwork is the swapscout network of an Exolix network code, by the
// codes the adapter sends (its Symbols: BTC, ETH, TRX, BSC, MATIC, …,
// OPTIMISM for OP Mainnet); ok is false for any other (not guessed).
var OurNetwork = venue.NetworkIndex(Symbols.Reverse(), func(c Code) string { return c.Network }, strings.ToUpper)

// Listing codes are "COIN/NETWORK" in Exolix's words, so assets a list
// adds are quoted with the codes the list gave.
func init() {
	venue.Listed(Symbols, "exolix", func(code string) (Code, bool) {
		c, n, ok := venue.SlashCode(code)
		return Code{strings.ToUpper(c), strings.ToUpper(n)}, ok
	})
}
