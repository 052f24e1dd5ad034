package httpapi_test

import (
	"context"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/swaps"
)

// fakeSwaps is a hand-written SwapService that records what it was asked.
type fakeSwaps struct {
	mu       sync.Mutex
	reqs     []swaps.CreateRequest
	CreateFn func(n int, r swaps.CreateRequest) (*swapscout.Swap, error)
	GetFn    func(id string) (*swapscout.Swap, []swapscout.SwapEvent, error)
}

func (f *fakeSwaps) Create(_ context.Context, r swaps.CreateRequest) (*swapscout.Swap, bool, error) {
	f.mu.Lock()
	f.reqs = append(f.reqs, r)
	n := len(f.reqs)
	f.mu.Unlock()
	sw, err := f.CreateFn(n, r)
	return sw, err == nil, err
}

func (f *fakeSwaps) Get(_ context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	if f.GetFn == nil {
		return nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
	}
	return f.GetFn(id)
}

func (f *fakeSwaps) requests() []swaps.CreateRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]swaps.CreateRequest(nil), f.reqs...)
}

var _ httpapi.SwapService = (*fakeSwaps)(nil)

func swapPageHandler(t *testing.T, s httpapi.SwapService) *httpapi.Handler {
	t.Helper()
	d := httpapi.Deps{
		Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: inmem.New(inmem.Options{}),
		Venues: func() []swapscout.VenueInfo { return pageVenues },
		Now:    func() time.Time { return now },
	}
	if s != nil { // a nil *fakeSwaps must stay a nil interface
		d.Swaps = s
	}
	return httpapi.NewHandler(d)
}

// post sends a form as a browser on our own page does (Sec-Fetch-Site:
// same-origin) unless hdr says where it comes from.
func post(h *httpapi.Handler, target string, form url.Values, hdr headers) httpapi.Response {
	if hdr == nil {
		hdr = headers{}
	}
	if hdr.Peek("Origin") == nil && hdr.Peek("Sec-Fetch-Site") == nil {
		hdr["Sec-Fetch-Site"] = "same-origin"
	}
	if _, ok := hdr["Content-Type"]; !ok {
		hdr["Content-Type"] = "application/x-www-form-urlencoded"
	}
	return h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte(target), Header: hdr, Body: []byte(form.Encode())})
}

// pageQuoteID makes a quote through the results page and returns its id.
func pageQuoteID(t *testing.T, h *httpapi.Handler) string {
	t.Helper()
	m := regexp.MustCompile(`data-quote="(q[a-z2-7]{26})"`).FindStringSubmatch(string(get(h, "/quote?from=btc&to=eth&amount=0.1").Body))
	if m == nil {
		t.Fatal("the results page has no quote id")
	}
	return m[1]
}

func checkPageHeaders(t *testing.T, what string, resp httpapi.Response) {
	t.Helper()
	if csp := header(resp, "Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "unsafe") {
		t.Errorf("%s: CSP %q", what, csp)
	}
	if !strings.HasPrefix(resp.ContentType, "text/html") {
		t.Errorf("%s: content type %q", what, resp.ContentType)
	}
	body := string(resp.Body)
	if strings.Contains(body, "<script>") || strings.Contains(body, " style=") || strings.Contains(body, "http://") || strings.Contains(body, "https://") {
		t.Errorf("%s: inline script, inline style or a third-party address", what)
	}
}

var formKey = regexp.MustCompile(`name="key" value="(page-[a-z2-7]{32}-[a-z2-7]{26})"`)

// TestSwapForm: an offer's Swap button opens a form for the payout and
// refund addresses (and memos) that names the offer, carries the quote, the
// venue and a fresh key (another for each form), and posts to the page.
func TestSwapForm(t *testing.T) {
	h := swapPageHandler(t, &fakeSwaps{})
	id := pageQuoteID(t, h)
	resp := get(h, "/swap/new?quote="+id+"&venue=changenow")
	body := string(resp.Body)
	if resp.Status != 200 {
		t.Fatalf("status %d:\n%s", resp.Status, body)
	}
	checkPageHeaders(t, "form", resp)
	for _, want := range []string{
		`<form id="swap-form" class="swap-form" action="/swap/new" method="post"`,
		`name="quote" value="` + id + `"`, `name="venue" value="changenow"`,
		`<label for="payout_address">Your ETH address`, `<label for="refund_address">Your BTC refund address`,
		"at ChangeNOW", "2.0312 ETH", `href="/quote?amount=0.1&amp;from=btc&amp;to=eth"`,
		// What the user weighs before sending: how long the prices hold,
		// the venue's rating, custody, estimate and terms.
		`<dt>Prices hold</dt><dd id="validity">for `, "<dt>Custody</dt><dd>custodial", "<dt>Terms</dt><dd>float rate",
		`name="request" value="amount=0.1&amp;from=btc&amp;to=eth"`, `name="shown" value="2.0312"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("form lacks %q", want)
		}
	}
	// Neither Bitcoin nor Ethereum has memos: no memo field to fill in
	// (the API would refuse one).
	if strings.Contains(body, `name="payout_memo"`) || strings.Contains(body, `name="refund_memo"`) {
		t.Errorf("a BTC→ETH form with memo fields:\n%s", body)
	}
	k1 := formKey.FindStringSubmatch(body)
	k2 := formKey.FindStringSubmatch(string(get(h, "/swap/new?quote="+id+"&venue=changenow").Body))
	if k1 == nil || k2 == nil || k1[1] == k2[1] {
		t.Errorf("form keys %v and %v, want two fresh ones", k1, k2)
	}
	if resp := get(h, "/swap/new?quote="+id+"&venue=binance"); resp.Status != 422 || !strings.Contains(string(resp.Body), "Binance cannot make swaps through its API") || strings.Contains(string(resp.Body), "<form id=\"swap-form\"") {
		t.Errorf("an order book's offer: %d:\n%s", resp.Status, resp.Body)
	}
	if resp := get(h, "/swap/new?quote=qaaaaaaaaaaaaaaaaaaaaaaaaaa&venue=changenow"); resp.Status != 404 || !strings.Contains(string(resp.Body), "expired or is unknown") {
		t.Errorf("unknown quote: %d", resp.Status)
	}
}

// TestSwapFormAddressError: an address the service refuses is shown beside
// its field, the form keeps what the user typed (escaped), and the key
// stays, so the corrected form is the same request.
func TestSwapFormAddressError(t *testing.T) {
	fs := &fakeSwaps{CreateFn: func(int, swaps.CreateRequest) (*swapscout.Swap, error) {
		return nil, &swaps.AddressError{Field: "payout_address", Reason: "not an Ethereum address (bad checksum)"}
	}}
	h := swapPageHandler(t, fs)
	id := pageQuoteID(t, h)
	typed := `0xBAD"><script>alert(1)</script>`
	resp := post(h, "/swap/new", url.Values{"quote": {id}, "venue": {"changenow"}, "key": {"page-k1"},
		"payout_address": {typed}, "refund_address": {"bc1qrefund"}, "refund_memo": {"7"}}, nil)
	body := string(resp.Body)
	if resp.Status != 400 {
		t.Fatalf("status %d:\n%s", resp.Status, body)
	}
	checkPageHeaders(t, "form with errors", resp)
	for _, want := range []string{
		`<p id="payout_address-error" class="field-error">Not an Ethereum address (bad checksum)</p>`,
		`aria-invalid="true"`, `aria-describedby="payout_address-hint payout_address-error"`,
		`value="0xBAD&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"`, `value="bc1qrefund"`, `value="7"`,
		`name="key" value="page-k1"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("form lacks %q", want)
		}
	}
	if strings.Contains(body, "<script>alert") {
		t.Error("the typed address reached the page unescaped")
	}
	if strings.Contains(body, `id="refund_address-error"`) {
		t.Error("the refund address is marked wrong too")
	}
	reqs := fs.requests()
	want := swaps.CreateRequest{IdempotencyKey: "page-k1", QuoteID: id, Venue: "changenow", PayoutAddress: typed, RefundAddress: "bc1qrefund", RefundMemo: "7"}
	if len(reqs) != 1 || reqs[0] != want {
		t.Errorf("Create asked %+v, want %+v", reqs, want)
	}
}

// TestSwapFormRedirects: a swap made from the form answers 303 to its page
// (POST-redirect-GET); a double submit (the second arrives while the first
// is being made) waits and lands on the same swap.
func TestSwapFormRedirects(t *testing.T) {
	fs := &fakeSwaps{CreateFn: func(n int, r swaps.CreateRequest) (*swapscout.Swap, error) {
		if n == 1 {
			return nil, swapscout.Errorf(swapscout.EINPROGRESS, "still being made")
		}
		return &swapscout.Swap{ID: "s" + strings.Repeat("a", 26), IdempotencyKey: r.IdempotencyKey}, nil
	}}
	h := swapPageHandler(t, fs)
	resp := post(h, "/swap/new", url.Values{"quote": {"qx"}, "venue": {"changenow"}, "key": {"page-k2"},
		"payout_address": {"0xpayout"}, "refund_address": {"bc1qrefund"}}, headers{"Origin": "http://example.test", "Host": "example.test", "Sec-Fetch-Site": "same-origin"})
	if resp.Status != 303 || header(resp, "Location") != "/swap/s"+strings.Repeat("a", 26) {
		t.Fatalf("status %d, Location %q:\n%s", resp.Status, header(resp, "Location"), resp.Body)
	}
	checkPageHeaders(t, "redirect", resp)
	if reqs := fs.requests(); len(reqs) != 2 || reqs[0] != reqs[1] {
		t.Errorf("Create asked %+v, want the same request twice", reqs)
	}
}

// TestSwapFormCrossSite: a form posted from another site makes no swap.
func TestSwapFormCrossSite(t *testing.T) {
	fs := &fakeSwaps{CreateFn: func(int, swaps.CreateRequest) (*swapscout.Swap, error) { return &swapscout.Swap{ID: "sx"}, nil }}
	h := swapPageHandler(t, fs)
	form := url.Values{"quote": {"qx"}, "venue": {"changenow"}, "key": {"k"}, "payout_address": {"0xevil"}, "refund_address": {"bc1qevil"}}
	for _, hdr := range []headers{
		{"Sec-Fetch-Site": "cross-site"},
		{"Origin": "https://evil.test", "Host": "swapscout.test"},
		{"Origin": "null", "Sec-Fetch-Site": "cross-site"},
		{"Origin": "https://evil.test", "Host": "swapscout.test", "Sec-Fetch-Site": "same-site"},
		{"Content-Type": "application/json"},
	} {
		if resp := post(h, "/swap/new", form, hdr); resp.Status < 400 {
			t.Errorf("%v: status %d", hdr, resp.Status)
		}
	}
	if n := len(fs.requests()); n != 0 {
		t.Errorf("Create called %d times", n)
	}
}

// TestSwapRateChanged: when the venue's rate got worse, the page shows both
// amounts and a form that creates from the fresh quote with the same
// addresses and a new key; going back leads to the offers.
func TestSwapRateChanged(t *testing.T) {
	fresh := "q" + strings.Repeat("b", 26)
	fs := &fakeSwaps{CreateFn: func(n int, r swaps.CreateRequest) (*swapscout.Swap, error) {
		if r.QuoteID != fresh {
			return nil, &swaps.RateChangedError{Direction: swapscout.Send, Shown: swapscout.MustAmount("2.0312"), Now: swapscout.MustAmount("1.9800"), QuoteID: fresh}
		}
		return &swapscout.Swap{ID: "s" + strings.Repeat("c", 26)}, nil
	}}
	h := swapPageHandler(t, fs)
	id := pageQuoteID(t, h)
	form := url.Values{"quote": {id}, "venue": {"changenow"}, "key": {"page-k3"}, "payout_address": {"0xpayout"}, "payout_memo": {"12"}, "refund_address": {"bc1qrefund"}}
	resp := post(h, "/swap/new", form, headers{"Origin": "http://swapscout.test", "Host": "swapscout.test", "Sec-Fetch-Site": "same-origin"}) // as our own page sends it
	body := string(resp.Body)
	if resp.Status != 409 {
		t.Fatalf("status %d:\n%s", resp.Status, body)
	}
	checkPageHeaders(t, "confirmation", resp)
	for _, want := range []string{
		"ChangeNOW's rate changed", `id="shown-amount">2.0312&nbsp;ETH`, `id="new-amount">1.98&nbsp;ETH`, "by 2.52\u00a0%",
		`name="quote" value="` + fresh + `"`, `name="payout_address" value="0xpayout"`, `name="payout_memo" value="12"`,
		`name="refund_address" value="bc1qrefund"`, `id="go-back" href="/quote?amount=0.1&amp;from=btc&amp;to=eth"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("confirmation lacks %q in\n%s", want, body)
		}
	}
	k := formKey.FindStringSubmatch(body)
	if k == nil {
		t.Fatal("the confirmation form has no fresh key")
	}
	form.Set("quote", fresh)
	form.Set("key", k[1])
	resp = post(h, "/swap/new", form, nil)
	if resp.Status != 303 || header(resp, "Location") != "/swap/s"+strings.Repeat("c", 26) {
		t.Fatalf("accepting: status %d, Location %q", resp.Status, header(resp, "Location"))
	}
	if reqs := fs.requests(); len(reqs) != 2 || reqs[1].QuoteID != fresh || reqs[1].IdempotencyKey == "page-k3" {
		t.Errorf("Create asked %+v", reqs)
	}
}

func sampleSwap(status swapscout.SwapStatus) *swapscout.Swap {
	return &swapscout.Swap{
		ID: "s" + strings.Repeat("d", 26), QuoteID: "qgone", Venue: "changenow", VenueOrder: swapscout.OrderRef{ID: "ord123", Secret: "secret-token"},
		From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
		RateType: swapscout.Fixed, AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("5.1234567"),
		PromisedIn: swapscout.MustAmount("0.1"), PromisedOut: swapscout.MustAmount("5.1234567"),
		DepositAddress: "bc1qdepositaddress0000000000000000000000", PayoutAddress: "4payout", RefundAddress: "bc1qrefund",
		Status: status, VenueStatus: "waiting", CreatedAt: now.Add(-time.Minute), UpdatedAt: now, ExpiresAt: now.Add(19 * time.Minute),
	}
}

// TestSwapPage: the swap page shows where to send what and by when, a QR
// code of the deposit address, the tracker at the swap's status, and
// refreshes itself without JavaScript until the swap is over.
func TestSwapPage(t *testing.T) {
	var sw *swapscout.Swap
	var hist []swapscout.SwapEvent
	fs := &fakeSwaps{GetFn: func(id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
		if id != sw.ID {
			return nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
		}
		return sw, hist, nil
	}}
	h := swapPageHandler(t, fs)
	sw = sampleSwap(swapscout.StatusExchanging)
	hist = []swapscout.SwapEvent{{Status: swapscout.StatusWaiting}, {Status: swapscout.StatusConfirming}, {Status: swapscout.StatusExchanging}}
	resp := get(h, "/swap/"+sw.ID)
	body := string(resp.Body)
	if resp.Status != 200 {
		t.Fatalf("status %d:\n%s", resp.Status, body)
	}
	checkPageHeaders(t, "swap page", resp)
	for _, want := range []string{
		`<noscript><meta http-equiv="refresh" content="10"></noscript>`,
		`<code id="deposit-address" class="addr">bc1qdepositaddress0000000000000000000000</code>`,
		`<span id="send-amount" class="num big">0.1</span>&nbsp;BTC (Bitcoin)`, "5.123\u202f456\u202f7", `<svg viewBox=`,
		`<li data-status="confirming" class="step done">`, `<li data-status="exchanging" class="step current" aria-current="step">`,
		`<li data-status="sending" class="step todo">`, "2026-11-21 12:19:00 UTC", `data-expires-in-s="1140"`,
		`data-events="/v1/swaps/` + sw.ID + `/events"`, "order <code class=\"addr\">ord123</code>",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("swap page lacks %q", want)
		}
	}
	if strings.Contains(body, "secret-token") {
		t.Error("the order's secret reached the page")
	}

	// Over: no refresh, the outcome in words, nothing more to send.
	sw = sampleSwap(swapscout.StatusRefunded)
	resp = get(h, "/swap/"+sw.ID)
	body = string(resp.Body)
	for _, want := range []string{`<li data-status="confirming" class="step done">`, "sent your deposit back", "send nothing more"} {
		if !strings.Contains(body, want) {
			t.Errorf("refunded swap page lacks %q", want)
		}
	}
	// Over: the deposit address and its QR code are gone.
	if strings.Contains(body, "bc1qdepositaddress") || strings.Contains(body, "<svg") {
		t.Error("a refunded swap's page still shows its deposit address or QR code")
	}
	if strings.Contains(body, "http-equiv") || strings.Contains(body, `class="step current"`) {
		t.Error("a refunded swap's page still refreshes or shows a current step")
	}
	sw = sampleSwap(swapscout.StatusFinished)
	sw.AmountReceived, sw.PayoutTx = swapscout.MustAmount("5.12"), "payouttx1"
	body = string(get(h, "/swap/"+sw.ID).Body)
	if !strings.Contains(body, `<li data-status="finished" class="step done">`) || !strings.Contains(body, "payouttx1") || !strings.Contains(body, "5.12</span>&nbsp;XMR") {
		t.Errorf("finished swap page:\n%s", body)
	}

	if resp := get(h, "/swap/s"+strings.Repeat("z", 26)); resp.Status != 404 || !strings.Contains(string(resp.Body), "No such swap") {
		t.Errorf("unknown swap: %d", resp.Status)
	}
}

// TestSwapPageEscapesVenueStrings: what a venue answers (its status word,
// addresses, memos, transaction ids, provider) reaches the page as text.
func TestSwapPageEscapesVenueStrings(t *testing.T) {
	const evil = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`
	sw := sampleSwap(swapscout.StatusSending)
	sw.VenueStatus, sw.Provider, sw.DepositAddress, sw.DepositMemo, sw.DepositTx, sw.PayoutTx = evil, evil, evil, evil, evil, evil
	h := swapPageHandler(t, &fakeSwaps{GetFn: func(string) (*swapscout.Swap, []swapscout.SwapEvent, error) { return sw, nil, nil }})
	resp := get(h, "/swap/"+sw.ID)
	body := string(resp.Body)
	if resp.Status != 200 {
		t.Fatalf("status %d", resp.Status)
	}
	if strings.Contains(body, "<script>alert") || strings.Contains(body, "<img src=x") {
		t.Errorf("a venue's string reached the page as markup:\n%s", body)
	}
	if !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the venue's string is not shown as text")
	}
}

// TestSwapPagesWithoutDatabase: a server without a SwapService says swapping
// is not available (503), on every swap page, and never fails with a 500.
func TestSwapPagesWithoutDatabase(t *testing.T) {
	h := swapPageHandler(t, nil)
	form := url.Values{"quote": {"qx"}, "venue": {"changenow"}, "key": {"k"}, "payout_address": {"0x"}, "refund_address": {"bc1"}}
	for what, resp := range map[string]httpapi.Response{
		"form": get(h, "/swap/new?quote=qx&venue=changenow"),
		"post": post(h, "/swap/new", form, nil),
		"swap": get(h, "/swap/s"+strings.Repeat("a", 26)),
	} {
		if resp.Status != 503 || !strings.Contains(string(resp.Body), "Swapping is not available on this server") {
			t.Errorf("%s: status %d:\n%s", what, resp.Status, resp.Body)
		}
		checkPageHeaders(t, what, resp)
	}
}

// TestPageVenuesSwapColumns: the venues page says which venues can swap
// from here and who holds the coins.
func TestPageVenuesSwapColumns(t *testing.T) {
	venues := []swapscout.VenueInfo{
		{ID: "changenow", Name: "ChangeNOW", Kind: swapscout.InstantSwap, KYC: 'C', Custody: swapscout.Custodial, CanSwap: true},
		{ID: "thorchain", Name: "THORChain", Kind: swapscout.InstantSwap, KYC: 'A', Custody: swapscout.NonCustodial, CanSwap: true},
		{ID: "kraken", Name: "Kraken", Kind: swapscout.OrderBook, KYC: 'D', Custody: swapscout.Custodial},
	}
	h := pageHandler(t, twoOffers, venues)
	body := string(get(h, "/venues").Body)
	for _, want := range []string{`<td class="can-swap">yes</td>`, `<td class="can-swap">no</td>`, `<td class="custody">no: settles on chain</td>`, `<td class="custody">yes, during the swap</td>`} {
		if !strings.Contains(body, want) {
			t.Errorf("venues page lacks %q", want)
		}
	}
}

// TestSwapMemoDeposit: an offer whose deposit must carry the swap's memo in
// the transaction (THORChain, Maya) is flagged on the form while its quote
// is readable, and on the swap page by the swap's own record, long after
// the quote is gone.
func TestSwapMemoDeposit(t *testing.T) {
	memoOffer := func(_ context.Context, req swapscout.QuoteRequest, _ aggregate.Selection) (*swapscout.Quote, error) {
		return &swapscout.Quote{Request: req, CreatedAt: now, Offers: []swapscout.Offer{{
			Venue: "thorchain", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2"), Rate: swapscout.MustAmount("20"), KYC: 'A',
			Custody: swapscout.NonCustodial, Deposit: swapscout.DepositMemo,
		}}}, nil
	}
	var sw *swapscout.Swap
	h := httpapi.NewHandler(httpapi.Deps{
		Quotes: &fakeQuotes{QuoteFn: memoOffer}, Store: inmem.New(inmem.Options{}), Now: func() time.Time { return now },
		Swaps: &fakeSwaps{GetFn: func(string) (*swapscout.Swap, []swapscout.SwapEvent, error) { return sw, nil, nil }},
	})
	id := pageQuoteID(t, h)
	if body := string(get(h, "/swap/new?quote="+id+"&venue=thorchain").Body); !strings.Contains(body, "needs a memo inside your deposit transaction") {
		t.Errorf("the form does not warn of the memo deposit:\n%s", body)
	}
	sw = sampleSwap(swapscout.StatusWaiting)
	sw.Venue, sw.QuoteID, sw.DepositMemo, sw.Deposit = "thorchain", "qgone", "=:ETH.ETH:0xpayout", swapscout.DepositMemo
	body := string(get(h, "/swap/"+sw.ID).Body)
	if !strings.Contains(body, "The memo must be inside your deposit transaction") || !strings.Contains(body, `<code id="deposit-memo" class="addr">=:ETH.ETH:0xpayout</code>`) {
		t.Errorf("the swap page does not warn of the memo deposit once its quote is gone:\n%s", body)
	}
	// A plain transfer with a memo (a tag, at a custodial venue) gets the
	// milder note, even while a quote says otherwise of the venue.
	sw.QuoteID, sw.Deposit = id, swapscout.DepositTransfer
	body = string(get(h, "/swap/"+sw.ID).Body)
	if strings.Contains(body, "inside your deposit transaction") || !strings.Contains(body, "Send the memo with your deposit") {
		t.Errorf("a transfer swap's page warns of a memo inside the transaction:\n%s", body)
	}
}

// fakeDeposits is a fakeSwaps that records deposit transactions.
type fakeDeposits struct {
	fakeSwaps
	mu       sync.Mutex
	recorded []string
	err      error
}

func (f *fakeDeposits) RecordDeposit(_ context.Context, id, txID string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.recorded = append(f.recorded, id+" "+txID)
	if f.err != nil {
		return nil, nil, f.err
	}
	return f.GetFn(id)
}

var _ httpapi.SwapDeposits = (*fakeDeposits)(nil)

// TestSwapPageDepositForm: a waiting memo-deposit swap's page has a plain
// form for the deposit's transaction id; it calls RecordDeposit (as POST
// /v1/swaps/{id}/deposit does) and redirects back to the page, or shows the
// problem beside the field. Other swaps have no such form.
func TestSwapPageDepositForm(t *testing.T) {
	sw := sampleSwap(swapscout.StatusWaiting)
	sw.Venue, sw.DepositMemo, sw.Deposit = "thorchain", "=:ETH.ETH:0xpayout", swapscout.DepositMemo
	fd := &fakeDeposits{}
	fd.GetFn = func(id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
		if id != sw.ID {
			return nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
		}
		return sw, nil, nil
	}
	h := swapPageHandler(t, fd)
	resp := get(h, "/swap/"+sw.ID)
	checkPageHeaders(t, "swap page with the deposit form", resp)
	body := string(resp.Body)
	for _, want := range []string{`<form id="deposit-tx-form" class="deposit-tx" action="/swap/` + sw.ID + `/deposit" method="post"`,
		`<label for="tx_id">Already sent? Give the deposit transaction id`, `<input id="tx_id" name="tx_id"`} {
		if !strings.Contains(body, want) {
			t.Errorf("swap page lacks %q", want)
		}
	}

	const tx = "A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90"
	resp = post(h, "/swap/"+sw.ID+"/deposit", url.Values{"tx_id": {" " + tx + " "}}, nil)
	if resp.Status != 303 || header(resp, "Location") != "/swap/"+sw.ID {
		t.Fatalf("deposit form: status %d, Location %q; want 303 to the swap page\n%s", resp.Status, header(resp, "Location"), resp.Body)
	}
	if len(fd.recorded) != 1 || fd.recorded[0] != sw.ID+" "+tx {
		t.Errorf("RecordDeposit calls %q", fd.recorded)
	}

	// A refusal is shown beside the field, with what was typed.
	fd.err = swapscout.Errorf(swapscout.EINVALID, "tx_id %q is not a transaction id of thorchain", "nope")
	resp = post(h, "/swap/"+sw.ID+"/deposit", url.Values{"tx_id": {"nope"}}, nil)
	body = string(resp.Body)
	if resp.Status != 400 || !strings.Contains(body, `<p id="tx_id-error" class="field-error">The transaction id &#34;nope&#34; is not a transaction id of thorchain</p>`) ||
		!strings.Contains(body, `value="nope" aria-describedby="tx_id-hint tx_id-error" aria-invalid="true"`) {
		t.Errorf("refused deposit: status %d\n%s", resp.Status, body)
	}
	// An empty field is not sent to the service.
	n := len(fd.recorded)
	resp = post(h, "/swap/"+sw.ID+"/deposit", url.Values{"tx_id": {"  "}}, nil)
	if resp.Status != 400 || !strings.Contains(string(resp.Body), `class="field-error">Give the id of the transaction`) || len(fd.recorded) != n {
		t.Errorf("empty deposit form: status %d, calls %d", resp.Status, len(fd.recorded)-n)
	}
	// From another site, or for an unknown swap: refused.
	if resp := post(h, "/swap/"+sw.ID+"/deposit", url.Values{"tx_id": {tx}}, headers{"Sec-Fetch-Site": "cross-site"}); resp.Status != 403 {
		t.Errorf("cross-site deposit form: status %d", resp.Status)
	}
	fd.err = swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
	if resp := post(h, "/swap/s"+strings.Repeat("z", 26)+"/deposit", url.Values{"tx_id": {tx}}, nil); resp.Status != 404 {
		t.Errorf("unknown swap: status %d", resp.Status)
	}

	// No form once the deposit is known, for a plain transfer, or when the
	// service cannot record deposits.
	sw.DepositTx = tx
	if strings.Contains(string(get(h, "/swap/"+sw.ID).Body), "deposit-tx-form") {
		t.Error("the form is shown with the deposit already recorded")
	}
	sw.DepositTx, sw.Deposit = "", swapscout.DepositTransfer
	if strings.Contains(string(get(h, "/swap/"+sw.ID).Body), "deposit-tx-form") {
		t.Error("the form is shown for a plain transfer")
	}
	sw.Deposit = swapscout.DepositMemo
	plain := swapPageHandler(t, &fd.fakeSwaps)
	if strings.Contains(string(get(plain, "/swap/"+sw.ID).Body), "deposit-tx-form") {
		t.Error("the form is shown by a service that cannot record deposits")
	}
	if resp := post(plain, "/swap/"+sw.ID+"/deposit", url.Values{"tx_id": {tx}}, nil); resp.Status != 422 {
		t.Errorf("deposit form without RecordDeposit: status %d", resp.Status)
	}
}

// TestPageVenuesAccuracy: with accuracy measured, the venues page shows each
// venue's figures, and says so for a venue without finished swaps.
func TestPageVenuesAccuracy(t *testing.T) {
	h := httpapi.NewHandler(httpapi.Deps{
		Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: inmem.New(inmem.Options{}),
		Venues: func() []swapscout.VenueInfo { return pageVenues },
		Accuracy: func(context.Context) (map[string]swapscout.VenueAccuracy, error) {
			return map[string]swapscout.VenueAccuracy{"changenow": {Venue: "changenow", Count: 12,
				MedianShortfall: swapscout.MustAmount("0.200"), WorstShortfall: swapscout.MustAmount("1.250"), Timed: 12, MedianTime: 200 * time.Second}}, nil
		},
		AccuracyWindow: 7 * 24 * time.Hour,
	})
	body := string(get(h, "/venues").Body)
	for _, want := range []string{"Paid as promised <span class=\"quiet\">(last 7 days)</span>",
		"12 swaps: median shortfall 0.2&nbsp;%, worst 1.25&nbsp;%; deposit to payout 3 min 20 s (median)", "no finished swaps"} {
		if !strings.Contains(body, want) {
			t.Errorf("venues page lacks %q", want)
		}
	}
	if body := string(get(swapPageHandler(t, nil), "/venues").Body); strings.Contains(body, "Paid as promised") {
		t.Error("a server without accuracy shows the column")
	}
}

// TestPageResultsPricesOnly: an offer from a venue that cannot make swaps
// (an order book) has no Swap button, and the script is told which.
func TestPageResultsPricesOnly(t *testing.T) {
	h := pageHandler(t, twoOffers, pageVenues)
	body := string(get(h, "/quote?from=btc&to=eth&amount=0.1").Body)
	if strings.Contains(body, "venue=binance") || !strings.Contains(body, `<span class="prices-only"`) || !strings.Contains(body, "venue=changenow") {
		t.Errorf("Binance's offer has a Swap button, or ChangeNOW's has none:\n%s", body)
	}
	if !strings.Contains(body, `data-order-books="[&#34;binance&#34;,&#34;kraken&#34;]"`) {
		t.Error("the script is not told which venues are order books")
	}
}
