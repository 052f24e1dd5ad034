// Package cex is the engine shared by the centralised-exchange venues
// (Binance, Kraken, …): each CEX package declares a Spec — its wire format
// and its static tables — and its venue.Descriptor (Descriptor builds it),
// whose Client implements swapscout.Quoter and swapscout.Refresher.
//
// # What a CEX package provides
//
//   - MarketsPath and ParseMarkets: the venue's market list (Binance
//     exchangeInfo, Kraken AssetPairs, …) parsed into []Market, each with the
//     venue's base and quote tickers, the symbol its book is fetched by, and
//     optionally the market's own taker fee and minimum order sizes.
//   - BookPath and Book: one market's order book at a given depth, and
//     where its answer holds it (a book.Shape: top-level sides, an envelope's
//     member, its first element…, and the member whose code says the answer
//     failed), read with the zero-allocation book.Scanner the engine lends
//     it. ParseBook replaces Book for an answer that says more (Coinbase's
//     auction mode).
//   - Symbols: swapscout asset → Code, the venue's ticker and its network for
//     deposits and withdrawals. An asset is quotable only on the networks
//     listed, so usdt@bsc at a venue without BEP-20 is unsupported_pair
//     without a call.
//   - TakerFee, WithdrawFees (per asset and network) and their sources,
//     Bridges (assets a two-leg route may pass through), Depths.
//   - ErrorBody: the one reader of the venue's error envelope, at any
//     status, so that an error sent with HTTP 200 (OKX, Bybit, Kraken, HTX)
//     or a 4xx with an error body is classified by its body — unknown
//     symbol unsupported_pair, rejected key not_configured, in the venue's
//     own words (Error) — rather than reported as a malformed or empty
//     answer; and Statuses, what the venue's HTTP statuses mean when the
//     body says nothing (Binance's 451, Bybit's 403 ban).
//
// Answers are read in one order (ReadMarkets, ReadNetworks, ReadBook): a
// list's error envelope, its status, then its data, so that the list
// parsers only see 200 answers that are no error; a book answer's status,
// then its book, and only a book answer that holds no book, a refusing
// code, no level or malformed JSON is asked of ErrorBody: the quote path
// decodes a good book and nothing else.
//
// # What the Client does
//
// Refresh fetches the market list (the registry calls it at start and every
// RefreshInterval, never on the quote path); until the first success Quote
// answers unavailable ("market list loading", venue.ErrListLoading), and a
// failed refresh keeps the last good list. So does a list whose values are
// absurd (empty, fees nearly all zero, astronomical fees or minimums,
// negative values: the rules are in sanity.go): it is rejected with
// bad_response, and the error makes the registry retry soon rather than
// keep it a whole period.
//
// Quote maps the assets (unmapped asset or network → unsupported_pair, no
// call; fixed rates → unsupported_pair: an exchange fills at the book when
// the deposit lands, it locks no rate), lists the candidate routes with
// book.Routes (the direct market and one route through each of Bridges that
// has both markets), fetches every candidate's books concurrently at
// Depths[0] (cached: see below), prices each with book.Price — each leg with
// its market's taker fee, then the withdrawal fee of the asset received on
// its network — and keeps the best for the request's direction: the most
// received for a Send, the least sent for a Receive, the earliest candidate
// on a tie. So a thin direct market neither beats a deep bridge nor makes
// an amount the bridge fills amount_too_large. When the walk
// runs off a book the venue truncated (it returned as many levels as asked),
// the book is fetched again at the next depth; when it runs off a complete
// book, or the deepest, that route is amount_too_large with Max, the most
// its books take — never a number priced on missing liquidity; when no route
// fills, the answer is the amount_too_large with the largest Max. Both directions
// are supported: Receive walks the books backwards. An order below a market's
// minimum (Market.MinBase, MinQuote) is amount_too_small with Min, the least
// amount every leg accepts.
//
// Books are cached for Spec.BookTTL (1s by default) and concurrent quotes on
// one market share a single fetch, so a burst of quotes costs the venue one
// request per market and TTL: CEX rate limits are per IP (Binance weighs each
// depth call, Kraken allows about one public call per second). After a
// rate-limit answer (429/418 with Retry-After, or the venue's own rate-limit
// error) the venue's venue.Guard refuses every call locally with
// rate_limited until the Retry-After (capped) or a back-off has passed:
// Binance bans IPs that keep calling after a 429.
//
// # Simulator
//
// Each venue's simulator lives beside its adapter, in sim/<venue>, built on
// sim/cexsim from the adapter's Spec: this package links no simulator code.
package cex
