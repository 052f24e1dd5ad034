package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/address"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/swaps"
)

// The Trocador-compatible API: Trocador's published routes and shapes
// (https://trocador.app/en/docs/; the recorded answers Cake Wallet keeps,
// cake-tech/cake_wallet test/exchange/fixtures/trocador/) answered by our
// quote and swap services, so a wallet that speaks Trocador moves to
// swapscout by changing its base URL to https://HOST/trocador/. All GET,
// with the API-Key header (or Trocador's older api_key parameter). What
// maps how:
//
//   - new_rate's trade_id is our quote id, each quotes.quotes entry one of
//     its offers that can become a swap here, provider our venue id, and
//     kycrating the venue's KYC letter; markup is never added (markup:
//     false), min_kycrating selects venues as kyc= does;
//   - new_trade takes trade_id (id) and provider and creates the swap
//     (swaps.Service.Create, all its checks); its trade_id is our swap id;
//     webhook becomes the swap's callback URL (our webhook body, signed, when
//     webhooks are configured);
//   - trade answers a list of one trade, [] for an unknown id;
//   - statuses are Trocador's words for ours (trocadorStatus);
//   - refusals are {"error": …} (new_trade adds "message") with Trocador's
//     statuses: 400, 401, 404, 429.
type trocadorAction func(d *deps, r *Request) (any, error)

// trocadorError is a refusal in Trocador's shape.
type trocadorError struct {
	status  int
	msg     string
	message string // new_trade's second field
}

func (e *trocadorError) Error() string { return e.msg }

// trocador wraps a Trocador route: the key (required), its rate, then the
// answer or the refusal in Trocador's shapes.
func trocador(d *deps, a trocadorAction) Action {
	return func(r *Request) (Response, error) {
		resp, err := trocadorServe(d, r, a)
		if err == nil {
			return resp, nil
		}
		if re, ok := err.(*retryError); ok {
			b, _ := json.Marshal(map[string]string{"error": re.msg})
			resp := JSON(re.status, b)
			resp.Headers = []Field{MakeField("Retry-After", itoa(re.seconds()))}
			return resp, nil
		}
		te, ok := err.(*trocadorError)
		if !ok {
			te = &trocadorError{status: statusOf(err), msg: swapscout.ErrorMessage(err)}
			if te.status >= 500 && swapscout.ErrorCode(err) == swapscout.EINTERNAL {
				d.Logger.Error("trocador route", "path", string(r.Path), "request_id", string(r.ID), "err", err)
			}
		}
		body := map[string]string{"error": te.msg}
		if te.message != "" {
			body["message"] = te.message
		}
		b, _ := json.Marshal(body)
		return JSON(te.status, b), nil
	}
}

func trocadorServe(d *deps, r *Request, a trocadorAction) (Response, error) {
	if d.TrocadorKeys == nil {
		return Response{}, &trocadorError{status: 404, msg: "the Trocador-compatible API is not enabled on this server"}
	}
	tok := presentedKey(r)
	if len(tok) == 0 {
		tok = r.Query("api_key")
	}
	if len(tok) == 0 {
		return Response{}, &trocadorError{status: 401, msg: "API key is missing: send it in the API-Key header"}
	}
	k := d.TrocadorKeys.lookup(tok)
	if k == nil {
		return Response{}, &trocadorError{status: 401, msg: "Invalid API key"}
	}
	now := r.Now
	if now.IsZero() {
		now = d.Now()
	}
	if err := k.allow(now); err != nil {
		return Response{}, err
	}
	if len(r.ID) > 0 {
		r.Ctx = WithRequestID(r.Ctx, string(r.ID))
	}
	v, err := a(d, r)
	if err != nil {
		return Response{}, err
	}
	return jsonOK(json.Marshal(v))
}

func statusOf(err error) int {
	if s, ok := statuses[swapscout.ErrorCode(err)]; ok {
		return s
	}
	return 500
}

func itoa(n int) string { return string(appendInt(nil, n)) }

func appendInt(b []byte, n int) []byte {
	if n >= 10 {
		b = appendInt(b, n/10)
	}
	return append(b, byte('0'+n%10))
}

// num writes a decimal as a JSON number, as Trocador writes its top-level
// amounts.
type num string

func (n num) MarshalJSON() ([]byte, error) {
	if n == "" {
		return []byte("0"), nil
	}
	return []byte(n), nil
}

func numOf(a swapscout.Amount) num {
	if !a.Valid() {
		return "0"
	}
	return num(a.String())
}

// pyBool is a boolean written as Trocador writes it inside quotes: "True"
// or "False".
func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// trocadorNetworks are Trocador's network words for tokens' and layer-2
// assets' networks ([REC] Cake's coin.json: Mainnet, BEP20, SOL, Optimism;
// [CODE] Cake's provider: ERC20, TRC20, MATIC, Arbitrum).
var trocadorNetworks = map[string]string{
	"eth": "ERC20", "bsc": "BEP20", "trx": "TRC20", "sol": "SOL", "matic": "MATIC", "arbitrum": "Arbitrum",
	"op": "Optimism", "base": "Base", "avaxc": "AVAXC", "ton": "TON",
}

// trocadorNetwork is Trocador's network word for a: "Mainnet" for a chain's
// own coin (ETH and BNB go by ERC20 and BEP20, as Trocador lists them).
func trocadorNetwork(a swapscout.Asset) string {
	if a.Ticker == "eth" && a.Network == "eth" {
		return "ERC20"
	}
	if a.Ticker == "bnb" && a.Network == "bsc" {
		return "BEP20"
	}
	if def, err := swapscout.ResolveAsset(a.Ticker, ""); err == nil && def.Network == a.Network && firstOn(a.Network) == a.Ticker {
		return "Mainnet"
	}
	if w, ok := trocadorNetworks[a.Network]; ok {
		return w
	}
	return a.Network
}

// firstOn is the first asset the catalogue lists on network: its own coin.
func firstOn(network string) string {
	for _, a := range swapscout.Assets {
		if a.Network == network {
			return a.Ticker
		}
	}
	return ""
}

// trocadorAsset reads a ticker and Trocador's network word.
func trocadorAsset(ticker, network []byte) (swapscout.AssetInfo, error) {
	t := strings.ToLower(strings.TrimSpace(string(ticker)))
	n := strings.ToLower(strings.TrimSpace(string(network)))
	if n == "" || n == "mainnet" {
		return swapscout.ResolveAsset(t, "")
	}
	for ours, w := range trocadorNetworks {
		if strings.EqualFold(w, n) {
			if info, err := swapscout.ResolveAsset(t, ours); err == nil {
				return info, nil
			}
		}
	}
	if n == "polygon" {
		n = "matic"
	}
	return swapscout.ResolveAsset(t, n)
}

func bad(msg string) error { return &trocadorError{status: 400, msg: msg} }

// trocadorHead is what a rate and a trade both begin with.
type trocadorHead struct {
	TradeID     string `json:"trade_id"`
	Date        string `json:"date"`
	TickerFrom  string `json:"ticker_from"`
	TickerTo    string `json:"ticker_to"`
	CoinFrom    string `json:"coin_from"`
	CoinTo      string `json:"coin_to"`
	NetworkFrom string `json:"network_from"`
	NetworkTo   string `json:"network_to"`
	AmountFrom  num    `json:"amount_from"`
	AmountTo    num    `json:"amount_to"`
	Provider    string `json:"provider"`
	Fixed       bool   `json:"fixed"`
	Payment     bool   `json:"payment"`
	Status      string `json:"status"`
}

// head fills the coins' part of a head.
func head(id string, at time.Time, from, to swapscout.Asset) trocadorHead {
	fi, _ := swapscout.LookupAsset(from)
	ti, _ := swapscout.LookupAsset(to)
	return trocadorHead{TradeID: id, Date: at.UTC().Format("2006-01-02T15:04:05.000000Z"), TickerFrom: from.Ticker, TickerTo: to.Ticker,
		CoinFrom: fi.Name, CoinTo: ti.Name, NetworkFrom: trocadorNetwork(from), NetworkTo: trocadorNetwork(to)}
}

// trocadorRate is new_rate's answer (venue/trocador's newRateResponse, as
// the recorded new_rate.json has it).
type trocadorRate struct {
	trocadorHead
	Quotes trocadorQuotes `json:"quotes"`
}

type trocadorQuotes struct {
	Markup        bool            `json:"markup"`
	Quotes        []trocadorQuote `json:"quotes"`
	KYCList       []string        `json:"kyc_list"`
	BestOnly      bool            `json:"best_only"`
	MaxDeposit    num             `json:"max_deposit"`
	MinDeposit    num             `json:"min_deposit"`
	LogPolicyList []string        `json:"logpolicy_list"`
}

type trocadorQuote struct {
	ETA          num    `json:"eta"`
	Fixed        string `json:"fixed"`
	Waste        string `json:"waste"`
	Provider     string `json:"provider"`
	AmountFrom   string `json:"amount_from"`
	AmountTo     string `json:"amount_to"`
	Insurance    num    `json:"insurance"`
	KYCRating    string `json:"kycrating"`
	ProviderLogo string `json:"provider_logo"`
}

func handleTrocadorRate(d *deps, r *Request) (any, error) {
	from, err := trocadorAsset(r.Query("ticker_from"), r.Query("network_from"))
	if err != nil {
		return nil, bad("ticker_from/network_from: " + swapscout.ErrorMessage(err))
	}
	to, err := trocadorAsset(r.Query("ticker_to"), r.Query("network_to"))
	if err != nil {
		return nil, bad("ticker_to/network_to: " + swapscout.ErrorMessage(err))
	}
	if from.Asset == to.Asset {
		return nil, bad("ticker_from and ticker_to are the same coin")
	}
	payment := truthy(r.Query("payment"))
	req := quotes.Request{Deadline: d.DefaultDeadline}
	req.From, req.To = from.Asset, to.Asset
	field := "amount_from"
	if payment {
		// A payment fixes what arrives: a fixed-rate quote by the amount
		// to receive.
		req.Direction, req.RateType, field = swapscout.Receive, swapscout.Fixed, "amount_to"
	} else if truthy(r.Query("fixed")) {
		req.RateType = swapscout.Fixed
	}
	amt, err := swapscout.ParseAmountBytes(bytes.TrimSpace(r.Query(field)))
	if err != nil || amt.Sign() <= 0 {
		return nil, bad(field + " must be a positive amount")
	}
	req.Amount = amt
	req.Selection.Swappable = true // every Trocador quote can be traded
	if v := r.Query("min_kycrating"); len(v) == 1 && (v[0]|0x20) >= 'a' && (v[0]|0x20) <= 'd' {
		req.Selection.MaxKYC = swapscout.KYCRating(v[0] &^ 0x20)
	}
	if err := d.quotes.Normalize(&req); err != nil {
		return nil, bad(swapscout.ErrorMessage(err))
	}
	ans, err := d.quotes.Quote(r.Ctx, req)
	if err != nil {
		return nil, err
	}
	q, err := ans.Quote()
	if err != nil {
		return nil, err
	}
	if len(q.Offers) == 0 {
		return nil, noRate(q)
	}
	out := trocadorRate{trocadorHead: head(q.ID, q.CreatedAt, from.Asset, to.Asset)}
	out.Fixed, out.Payment, out.Status = req.RateType == swapscout.Fixed, payment, "new"
	out.Quotes.KYCList, out.Quotes.LogPolicyList = []string{}, []string{}
	out.Quotes.BestOnly = truthy(r.Query("best_only"))
	var min, max swapscout.Amount
	kyc := map[string]bool{}
	for i := range q.Offers {
		o := &q.Offers[i]
		letter := ""
		if o.KYC != 0 {
			letter = string(rune(o.KYC))
			if !kyc[letter] {
				kyc[letter] = true
				out.Quotes.KYCList = append(out.Quotes.KYCList, letter)
			}
		}
		tq := trocadorQuote{Fixed: pyBool(o.RateType == swapscout.Fixed), Waste: "0", Provider: o.Venue,
			AmountFrom: o.AmountIn.String(), AmountTo: o.AmountOut.String(), Insurance: "0", KYCRating: letter}
		if _, hi, _ := o.ShownETA(); hi > 0 {
			tq.ETA = num(itoa(int((hi + time.Minute - 1) / time.Minute)))
		}
		if o.Min.Sign() > 0 && (min.IsZero() || o.Min.Cmp(min) < 0) {
			min = o.Min
		}
		if o.Max.Sign() > 0 && o.Max.Cmp(max) > 0 {
			max = o.Max
		}
		out.Quotes.Quotes = append(out.Quotes.Quotes, tq)
		if out.Quotes.BestOnly {
			break
		}
	}
	best := &q.Offers[0]
	out.Provider, out.AmountFrom, out.AmountTo = best.Venue, numOf(best.AmountIn), numOf(best.AmountOut)
	out.Quotes.MinDeposit, out.Quotes.MaxDeposit = numOf(min), numOf(max)
	return out, nil
}

// noRate is the refusal of a quote without offers, in the words Trocador
// uses (its clients read them: "minimum", "could not be generated").
func noRate(q *swapscout.Quote) error {
	small, large := 0, 0
	for _, f := range q.Failures {
		switch f.Code {
		case swapscout.CodeAmountTooSmall:
			small++
		case swapscout.CodeAmountTooLarge:
			large++
		}
	}
	switch {
	case small > 0 && small >= len(q.Failures)-large:
		return bad("Amount is below the minimum of every provider for this pair")
	case large > 0 && large >= len(q.Failures)-small:
		return bad("Amount is above the maximum of every provider for this pair")
	}
	return &trocadorError{status: 404, msg: "trade could not be generated: no provider quoted this pair at this amount"}
}

func truthy(v []byte) bool {
	switch strings.ToLower(string(v)) {
	case "true", "1", "yes":
		return true
	}
	return false
}

// trocadorTrade is a trade as new_trade and trade answer it (the recorded
// new_trade.json and trade.json).
type trocadorTrade struct {
	trocadorHead
	Type                string             `json:"type"`
	AddressProvider     string             `json:"address_provider"`
	AddressProviderMemo string             `json:"address_provider_memo"`
	AddressUser         string             `json:"address_user"`
	AddressUserMemo     string             `json:"address_user_memo"`
	RefundAddress       string             `json:"refund_address"`
	RefundAddressMemo   string             `json:"refund_address_memo"`
	IDProvider          string             `json:"id_provider"`
	Quotes              trocadorTradeQuote `json:"quotes"`
	Details             map[string]any     `json:"details"`
	Hashout             *string            `json:"hashout"`
}

type trocadorTradeQuote struct {
	ExpiresAt string `json:"expiresAt,omitempty"`
}

// trocadorStatus is Trocador's word for a swap's status (its words: new,
// waiting, confirming, sending, paid partially, finished, failed, expired,
// halted, refunded). Trocador has no word for "exchanging" (it says
// confirming until sending) nor for a swap held or waiting for the user:
// halted, its word for a trade that stopped and needs support.
func trocadorStatus(sw *swapscout.Swap) string {
	if !sw.Created() {
		return "new"
	}
	switch sw.Status {
	case swapscout.StatusWaiting:
		return "waiting"
	case swapscout.StatusConfirming, swapscout.StatusExchanging:
		return "confirming"
	case swapscout.StatusSending:
		return "sending"
	case swapscout.StatusFinished:
		return "finished"
	case swapscout.StatusFailed:
		return "failed"
	case swapscout.StatusRefunded:
		return "refunded"
	case swapscout.StatusExpired:
		return "expired"
	}
	return "halted" // held, action_required, refunding, unknown
}

func tradeOf(sw *swapscout.Swap) trocadorTrade {
	in, out := sw.PromisedIn, sw.PromisedOut
	if in.IsZero() {
		in = sw.AmountIn
	}
	if out.IsZero() {
		out = sw.AmountOut
	}
	t := trocadorTrade{trocadorHead: head(sw.ID, sw.CreatedAt, sw.From, sw.To), Type: "api",
		AddressProvider: sw.DepositAddress, AddressProviderMemo: sw.DepositMemo,
		AddressUser: sw.PayoutAddress, AddressUserMemo: sw.PayoutMemo, RefundAddress: sw.RefundAddress, RefundAddressMemo: sw.RefundMemo,
		IDProvider: sw.VenueOrder.ID, Details: map[string]any{}}
	t.AmountFrom, t.AmountTo, t.Provider = numOf(in), numOf(out), sw.Venue
	t.Fixed, t.Payment, t.Status = sw.RateType == swapscout.Fixed, sw.Direction == swapscout.Receive, trocadorStatus(sw)
	if !sw.ExpiresAt.IsZero() {
		t.Quotes.ExpiresAt = sw.ExpiresAt.UTC().Format("2006-01-02 15:04:05+00:00")
	}
	if sw.PayoutTx != "" {
		h := sw.PayoutTx
		t.Hashout = &h
	}
	return t
}

// memo reads a memo parameter: Cake sends "0" for none.
func memo(v []byte) string {
	s := strings.TrimSpace(string(v))
	if s == "0" {
		return ""
	}
	return s
}

func handleTrocadorTrade(d *deps, r *Request) (any, error) {
	if d.Swaps == nil {
		return nil, &trocadorError{status: 503, msg: "this server creates no trades (no swap database configured)"}
	}
	id, provider := string(r.Query("id")), strings.ToLower(string(r.Query("provider")))
	addr, refund := strings.TrimSpace(string(r.Query("address"))), strings.TrimSpace(string(r.Query("refund")))
	if id == "" || provider == "" || addr == "" {
		return nil, &trocadorError{status: 400, msg: "id, provider and address are required", message: "send the trade_id new_rate answered, the provider chosen and the user's address"}
	}
	cr := swaps.CreateRequest{QuoteID: id, Venue: provider, PayoutAddress: addr, PayoutMemo: memo(r.Query("address_memo")),
		RefundAddress: refund, RefundMemo: memo(r.Query("refund_memo")), CallbackURL: strings.TrimSpace(string(r.Query("webhook")))}
	if w, ok := d.Swaps.(interface{ Webhooks() bool }); ok && !w.Webhooks() {
		// Wallets send webhook as a matter of course; where this server
		// sends none, the trade is made without (documented), not refused.
		cr.CallbackURL = ""
	}
	// Trocador has no idempotency key: the same trade asked again (a retry
	// after a lost answer) is the same swap.
	h := sha256.New()
	for _, f := range []string{string(presentedKey(r)), string(r.Query("api_key")), cr.QuoteID, cr.Venue, cr.PayoutAddress, cr.PayoutMemo, cr.RefundAddress, cr.RefundMemo, cr.CallbackURL} {
		h.Write([]byte(f))
		h.Write([]byte{0})
	}
	cr.IdempotencyKey = "trocador:" + hex.EncodeToString(h.Sum(nil))[:40]
	sw, _, err := d.Swaps.Create(r.Ctx, cr)
	if err != nil {
		if c := swapscout.ErrorCode(err); c == swapscout.EUNAVAILABLE || c == swapscout.EVENUE {
			d.Logger.Warn("trocador trade not created", "venue", cr.Venue, "quote", cr.QuoteID, "request_id", string(r.ID), "err", err)
		}
		return nil, &trocadorError{status: statusOf(err), msg: swapscout.ErrorCode(err), message: swapscout.ErrorMessage(err)}
	}
	return tradeOf(sw), nil
}

func handleTrocadorGetTrade(d *deps, r *Request) (any, error) {
	id := strings.TrimSpace(string(r.Query("id")))
	if id == "" {
		return nil, bad("id is required (this server lists no trades without one)")
	}
	if d.Swaps == nil {
		return []trocadorTrade{}, nil
	}
	sw, _, err := d.Swaps.Get(r.Ctx, id)
	if swapscout.ErrorCode(err) == swapscout.ENOTFOUND {
		return []trocadorTrade{}, nil
	}
	if err != nil {
		return nil, err
	}
	return []trocadorTrade{tradeOf(sw)}, nil
}

type trocadorCoin struct {
	Name    string `json:"name"`
	Ticker  string `json:"ticker"`
	Network string `json:"network"`
	Memo    bool   `json:"memo"`
	Image   string `json:"image"`
	Minimum num    `json:"minimum"`
	Maximum num    `json:"maximum"`
}

// handleTrocadorCoins lists the catalogue. Minimum and maximum are 0: the
// limits are each venue's, and new_rate answers them (min_deposit,
// max_deposit).
func handleTrocadorCoins(d *deps, r *Request) (any, error) {
	out := make([]trocadorCoin, 0, len(swapscout.Assets))
	for _, a := range swapscout.Assets {
		out = append(out, trocadorCoin{Name: a.Name, Ticker: a.Ticker, Network: trocadorNetwork(a.Asset), Memo: a.Memo, Minimum: "0", Maximum: "0"})
	}
	return out, nil
}

type trocadorExchange struct {
	Name          string `json:"name"`
	Rating        string `json:"rating"`
	Insurance     num    `json:"insurance"`
	EnabledMarkup bool   `json:"enabledmarkup"`
	ETA           num    `json:"eta"`
}

// handleTrocadorExchanges lists the venues a trade can be made at, with
// their KYC letters.
func handleTrocadorExchanges(d *deps, r *Request) (any, error) {
	var list []trocadorExchange
	for _, v := range d.Venues() {
		if !v.CanSwap || !v.Configured {
			continue
		}
		rating := "D"
		if v.KYC != 0 {
			rating = string(rune(v.KYC))
		}
		list = append(list, trocadorExchange{Name: v.ID, Rating: rating, Insurance: "0", ETA: "0"})
	}
	if list == nil {
		list = []trocadorExchange{}
	}
	return map[string]any{"list": list}, nil
}

func handleTrocadorValidate(d *deps, r *Request) (any, error) {
	info, err := trocadorAsset(r.Query("ticker"), r.Query("network"))
	if err != nil {
		return nil, bad("ticker/network: " + swapscout.ErrorMessage(err))
	}
	ok := address.Check(info.Network, strings.TrimSpace(string(r.Query("address"))), "") == nil
	return map[string]bool{"result": ok}, nil
}
