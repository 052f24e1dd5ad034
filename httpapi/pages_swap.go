package httpapi

import (
	"bytes"
	"context"
	"errors"
	"html/template"
	"net/url"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/qr"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/web"
)

// The swap pages: the form an offer's Swap button opens (GET /swap/new),
// its plain POST, which calls the same SwapService.Create as POST /v1/swaps
// and redirects to the swap's page on success (POST-redirect-GET), the
// confirmation page when the venue's rate changed, and the swap page itself
// (GET /swap/{id}), whose unguessable id is the only key to it. A swap whose
// deposit carries its memo (THORChain, Maya) has a small form there that
// records the deposit's transaction id (POST /swap/{id}/deposit), the same
// RecordDeposit as POST /v1/swaps/{id}/deposit.

func registerSwapPages(h *Handler, d *deps) {
	h.handlePage("GET", "/swap/new", pageSwapForm(d))
	h.handlePage("POST", "/swap/new", pageSwapCreate(d))
	h.handlePage("GET", "/swap/{id}", pageSwap(d))
	h.handlePage("POST", "/swap/{id}/deposit", pageSwapDeposit(d))
}

// maxFormField bounds each field of the swap form: longer than any address
// or memo, short enough to echo back.
const maxFormField = 512

// inProgressWait is how long a form POST waits for the same key's first
// request to finish (a double submit) before saying so.
const inProgressWait = 20 * time.Second

func (d *deps) venueNames() map[string]string {
	infos := d.Venues()
	names := make(map[string]string, len(infos))
	for _, v := range infos {
		names[v.ID] = v.Name
	}
	return names
}

// unavailable is the page of a server without a SwapService: a 503 that
// says so, never a 500.
func (d *deps) unavailable(r *Request, quote string) (Response, error) {
	return d.render(r, 503, "swapunavailable", web.SwapUnavailable{Quote: quote})
}

// fillQuote fills the form's offer from the stored quote, when it is still
// readable (an unknown or expired quote leaves the form plain: Create says
// what is wrong).
func (d *deps) fillQuote(ctx context.Context, f *web.SwapForm, names map[string]string) {
	f.BackURL = "/"
	d.fillRatings(f)
	if f.Quote == "" || d.Store == nil {
		return
	}
	q, err := d.quotes.QuoteByID(ctx, f.Quote)
	if err != nil {
		if code := swapscout.ErrorCode(err); code != swapscout.ENOTFOUND && code != swapscout.EINVALID {
			d.Logger.Error("page: stored quote", "quote", f.Quote, "err", err)
		}
		return
	}
	f.SetQuote(q, names)
	f.SetValidity(q.ExpiresAt, d.Now())
	v := d.venueInfo(f.Venue)
	f.SetVenue(v.Website, v.Support)
	f.SetHold(v.Hold)
	f.MemoDeposit = f.MemoDeposit || d.memoDeposit(ctx, f.Quote, f.Venue)
	f.MemoLimit = memoLimit(f)
}

// requote asks the venues again for an expired quote's request (the
// form's query), as the results page would, for the same client.
func (d *deps) requote(r *Request, query string) (*swapscout.Quote, error) {
	// sort is the results page's own parameter, which a Swap link may carry.
	rr := &Request{Ctx: r.Ctx, Method: "GET", Path: []byte("/v1/quotes"), RawQuery: withoutParam([]byte(query), web.SortParam), Header: r.Header, Remote: r.Remote, ID: r.ID, Now: r.Now}
	a, _, err := d.quote(rr)
	if err != nil {
		return nil, err
	}
	return a.Quote()
}

// requoteForm asks the venues again for the request of a form whose quote
// is gone (query: the results page's query, from the Swap link), and fills
// the form from the fresh quote, saying so: Requoted, and how the venue's
// amount moved from shown (the amount the link was made for), when known.
// A request that cannot be asked again leaves the form as it was.
func (d *deps) requoteForm(r *Request, f *web.SwapForm, query, shown string, names map[string]string) {
	if query == "" {
		return
	}
	q, err := d.requote(r, query)
	if err != nil {
		return
	}
	f.Quote, f.Requoted = q.ID, true
	d.fillQuote(r.Ctx, f, names)
	if f.Offer != nil {
		f.SetMoved(shown)
	}
}

// expiredQuote reports whether err is Create's refusal of a quote that
// expired (or is gone) while the form was filled in.
func expiredQuote(err error) bool {
	return swapscout.ErrorCode(err) == swapscout.ENOTFOUND && strings.HasPrefix(swapscout.ErrorMessage(err), "quote_id:")
}

// createRequoted handles a form whose quote expired: the venues are asked
// again with the same request, in place; when the venue's amount did not
// get worse, the swap is made from the fresh quote, and when it did, the
// rate-change confirmation shows both amounts. done is false when the
// request cannot be asked again (the caller shows the error).
func (d *deps) createRequoted(r *Request, f web.SwapForm, keys *formKeys, names map[string]string) (resp Response, done bool, err error) {
	shown, perr := swapscout.ParseAmount(f.Shown)
	if f.Request == "" || perr != nil {
		return resp, false, nil
	}
	q, qerr := d.requote(r, f.Request)
	if qerr != nil {
		return resp, false, nil
	}
	var fresh *swapscout.Offer
	for i := range q.Offers {
		if q.Offers[i].Venue == f.Venue && q.Offers[i].CanSwap {
			fresh = &q.Offers[i]
		}
	}
	if fresh == nil {
		f.Quote = q.ID
		d.fillQuote(r.Ctx, &f, names)
		f.Error = "The quote had expired; asked again just now, " + f.Name + " makes no offer you can take here. Go back to the offers."
		resp, err = d.render(r, 409, "swapnew", f)
		return resp, true, err
	}
	now := fresh.AmountOut
	worse := now.Cmp(shown) < 0
	if q.Request.Direction == swapscout.Receive {
		now = fresh.AmountIn
		worse = now.Cmp(shown) > 0
	}
	if worse {
		rc := &swaps.RateChangedError{Direction: q.Request.Direction, Shown: shown, Now: now, QuoteID: q.ID}
		c := confirmPage(f, rc, keys.key())
		c.Requoted = true
		resp, err = d.render(r, 409, "swapconfirm", c)
		return resp, true, err
	}
	req := swaps.CreateRequest{
		IdempotencyKey: keys.key(), QuoteID: q.ID, Venue: f.Venue,
		PayoutAddress: f.Payout, PayoutMemo: f.PayoutMemo, RefundAddress: f.Refund, RefundMemo: f.RefundMemo,
		BridgeRefundAddress: f.BridgeRefund, BridgeRefundMemo: f.BridgeRefundMemo,
	}
	sw, cerr := createWaiting(r.Ctx, d.Swaps, req)
	if cerr != nil {
		f.Quote, f.Key = q.ID, req.IdempotencyKey
		d.fillQuote(r.Ctx, &f, names)
		f.Requoted = true
		f.Error = swapscout.ErrorMessage(cerr)
		resp, err = d.render(r, StatusOf(swapscout.ErrorCode(cerr)), "swapnew", f)
		return resp, true, err
	}
	return redirect("/swap/" + url.PathEscape(sw.ID)), true, nil
}

// fillRatings puts the venue's ratings on the form: the user sees them
// before the addresses go anywhere.
func (d *deps) fillRatings(f *web.SwapForm) {
	for _, v := range d.Venues() {
		if v.ID == f.Venue {
			f.KYC, f.LogPolicy = v.KYC.String(), v.Ratings.Log.String()
			f.Ratings = web.NewRatings(v.Ratings, "")
			f.PreCheck = v.Ratings.PreCheck
			return
		}
	}
}

func pageSwapForm(d *deps) Action {
	return func(r *Request) (Response, error) {
		quote, venue := clipField(string(r.Query("quote"))), clipField(string(r.Query("venue")))
		if d.Swaps == nil {
			return d.unavailable(r, quote)
		}
		names := d.venueNames()
		// Each form gets a fresh idempotency key, signed for this browser
		// (csrf.go): a double submit sends it twice and makes one swap.
		keys := formKeysOf(r)
		f := web.SwapForm{Quote: quote, Venue: venue, Name: nameOr(names, venue), Key: keys.key()}
		d.fillQuote(r.Ctx, &f, names)
		if f.Offer == nil && quote != "" && venue != "" && d.Store != nil {
			// The quote expired while the page stood open (or the link was
			// kept): ask the venues again in place, as the POST does, when
			// the Swap link carries its request.
			d.requoteForm(r, &f, clipField(string(r.Query("request"))), clipField(string(r.Query("shown"))), names)
		}
		status := 200
		switch {
		case f.Requoted && f.Offer == nil:
			f.Error, status = "The quote had expired; asked again just now, "+f.Name+" makes no offer for this request. Go back to the offers.", 409
		case quote == "" || venue == "":
			f.Error, status = "Choose an offer first: this form needs a quote and a venue.", 400
		case f.Offer == nil && f.BackURL == "/":
			f.Error, status = "That quote has expired or is unknown: go back and ask the venues again.", 404
		case f.Offer == nil:
			f.Error, status = "That quote has no offer from "+f.Name+".", 400
		case !d.canSwap(venue):
			f.Error, status = f.Name+" cannot make swaps through its API (an order book needs an account there): take this offer at the venue itself.", 422
			f.NoSwap = true
		}
		return keys.finish(d.render(r, status, "swapnew", f))
	}
}

// readForm reads a page form's plain POST, refusing (with the page to
// answer) one of another type, from another site (csrf.go), or too long.
// A POST that no browser signal places on this site is read with
// formNeedsToken: the caller decides what proves it ours.
func (d *deps) readForm(r *Request) (url.Values, formVerdict, *Response, error) {
	refuse := func(status int, title, msg string) (url.Values, formVerdict, *Response, error) {
		resp, err := d.refusePage(r, status, title, msg)
		return nil, formCrossSite, &resp, err
	}
	if ct := string(r.header("Content-Type")); !strings.HasPrefix(ct, "application/x-www-form-urlencoded") {
		return refuse(415, "This form was sent in a way we cannot read", "Send it from the swap form.")
	}
	verdict := d.formOrigin(r)
	if verdict == formCrossSite {
		return refuse(403, "This form came from another site", "Swaps are made from this site's own form only: nothing was created.")
	}
	if len(r.Body) > MaxBody {
		return refuse(413, "This form is too long", "Addresses and memos are much shorter: send it from the swap form.")
	}
	form, err := url.ParseQuery(string(r.Body))
	if err != nil {
		return refuse(400, "This form could not be read", "Send it from the swap form.")
	}
	return form, verdict, nil, nil
}

func (d *deps) refusePage(r *Request, status int, title, msg string) (Response, error) {
	return d.render(r, status, "notfound", web.NotFound{Title: title, Message: msg})
}

func pageSwapCreate(d *deps) Action {
	return func(r *Request) (Response, error) {
		form, verdict, refused, err := d.readForm(r)
		if refused != nil {
			return *refused, err
		}
		if verdict == formNeedsToken && !signedKey(r, form.Get("key")) {
			// A browser that says nothing of where the form comes from:
			// only a key signed for its own form cookie shows it is ours.
			return d.refusePage(r, 403, "This form could not be checked",
				"It did not come from this site's own swap form in this browser, or it is older than the browser's session: nothing was created. Open the swap form again from the offers (it needs cookies allowed for this site).")
		}
		get := func(k string) string { return clipField(strings.TrimSpace(form.Get(k))) }
		f := web.SwapForm{
			Quote: get("quote"), Venue: get("venue"), Key: get("key"),
			Payout: get("payout_address"), PayoutMemo: get("payout_memo"),
			Refund: get("refund_address"), RefundMemo: get("refund_memo"), MemoConfirmed: get("memo_confirm") == "yes",
			Request: get("request"), Shown: get("shown"),
			PreCheckConsent: get("precheck") == "yes",
			BridgeRefund:    get("bridge_refund_address"), BridgeRefundMemo: get("bridge_refund_memo"),
		}
		if d.Swaps == nil {
			return d.unavailable(r, f.Quote)
		}
		names := d.venueNames()
		f.Name = nameOr(names, f.Venue)
		keys := formKeysOf(r)
		if f.Key == "" {
			f.Key = keys.key()
		}
		if !f.MemoConfirmed && d.memoDeposit(r.Ctx, f.Quote, f.Venue) {
			// Never a default: a deposit whose memo the wallet cannot add
			// is lost, so the user says theirs can, in the form.
			d.fillQuote(r.Ctx, &f, names)
			f.Errors = map[string]string{"memo_confirm": "Confirm that your wallet can put the memo inside the deposit transaction, or go back and choose another offer."}
			return d.render(r, 400, "swapnew", f)
		}
		req := swaps.CreateRequest{
			IdempotencyKey: f.Key, QuoteID: f.Quote, Venue: f.Venue,
			PayoutAddress: f.Payout, PayoutMemo: f.PayoutMemo, RefundAddress: f.Refund, RefundMemo: f.RefundMemo,
			PreCheck:            f.PreCheckConsent,
			BridgeRefundAddress: f.BridgeRefund, BridgeRefundMemo: f.BridgeRefundMemo,
		}
		sw, err := createWaiting(r.Ctx, d.Swaps, req)
		if err == nil {
			if sw.PreCheck != nil && sw.PreCheck.Passed {
				return redirect("/swap/" + url.PathEscape(sw.ID) + "?prechecked=1"), nil
			}
			return redirect("/swap/" + url.PathEscape(sw.ID)), nil
		}
		if expiredQuote(err) {
			// Never the dead end "quote expired": ask again, in place.
			if resp, done, rerr := d.createRequoted(r, f, keys, names); done {
				return keys.finish(resp, rerr)
			}
		}
		d.fillQuote(r.Ctx, &f, names)
		var ae *swaps.AddressError
		var rc *swaps.RateChangedError
		switch {
		case errors.As(err, &ae):
			// The key stays: nothing was reserved for an address the
			// service refused before calling anyone.
			f.Errors = map[string]string{ae.Field: fieldMessage(ae)}
			if _, ok := web.FieldLabels[ae.Field]; !ok {
				f.Error = ae.Error()
			}
			return keys.finish(d.render(r, 400, "swapnew", f))
		case errors.As(err, &rc):
			return keys.finish(d.render(r, 409, "swapconfirm", confirmPage(f, rc, keys.key())))
		}
		code := swapscout.ErrorCode(err)
		if code == swapscout.EINTERNAL {
			d.Logger.Error("internal error", "path", string(r.Path), "err", err)
		}
		f.Error = swapscout.ErrorMessage(err)
		if code == swapscout.EINPROGRESS {
			f.Error = "Your swap is still being created. Send the form again in a moment: it will not make a second swap."
		}
		return keys.finish(d.render(r, StatusOf(code), "swapnew", f))
	}
}

// createWaiting calls Create; when the same key's first request is still
// under way (the form sent twice), it waits for that one's swap rather than
// show an error for the user's double click.
func createWaiting(ctx context.Context, s SwapService, req swaps.CreateRequest) (*swapscout.Swap, error) {
	deadline := time.Now().Add(inProgressWait)
	for {
		sw, _, err := s.Create(ctx, req)
		if err == nil || swapscout.ErrorCode(err) != swapscout.EINPROGRESS || time.Now().After(deadline) {
			return sw, err
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// fieldMessage says what is wrong with a field, beside it: "Payout address
// is required", or the check's reason ("Invalid address for Ethereum: …").
func fieldMessage(ae *swaps.AddressError) string {
	label := web.FieldLabels[ae.Field]
	if label == "" {
		label = ae.Field
	}
	if ae.Reason == "" || strings.HasPrefix(ae.Reason, "is ") {
		return strings.TrimSpace(label + " " + ae.Reason)
	}
	return strings.ToUpper(ae.Reason[:1]) + ae.Reason[1:]
}

// confirmPage shows both amounts and a form that creates the swap from the
// fresh quote, with the same addresses and a new key (the old key's request
// was another one).
func confirmPage(f web.SwapForm, rc *swaps.RateChangedError, key string) web.SwapConfirm {
	c := web.SwapConfirm{Receive: rc.Direction == swapscout.Receive, Shown: web.GroupDigits(rc.Shown.String()), Now: web.GroupDigits(rc.Now.String()), NowRaw: rc.Now.String()}
	c.Unit = f.To
	if c.Receive {
		c.Unit = f.From
	}
	if !rc.Shown.IsZero() {
		diff := rc.Shown.Sub(rc.Now)
		if c.Receive {
			diff = rc.Now.Sub(rc.Shown)
		}
		pct := diff.Mul(swapscout.AmountFromInt(100)).Quo(rc.Shown, 2, swapscout.RoundHalfEven)
		if pct.Sign() > 0 {
			c.Worse = pct.String() + "\u00a0%"
		}
	}
	f.Quote, f.Key = rc.QuoteID, key
	c.Form = f
	return c
}

func redirect(to string) Response {
	hdr := make([]Field, 0, len(pageHeaders)+1)
	hdr = append(hdr, pageHeaders...)
	hdr = append(hdr, Field{Key: "Location", Value: to})
	return Response{Status: 303, ContentType: contentHTML, Headers: hdr,
		Body: []byte(`<!doctype html><title>swapscout</title><p><a href="` + template.HTMLEscapeString(to) + `">Your swap</a></p>` + "\n")}
}

func pageSwap(d *deps) Action {
	return func(r *Request) (Response, error) {
		if d.Swaps == nil {
			return d.unavailable(r, "")
		}
		v, refused, err := d.swapView(r, string(r.Param("id")))
		if refused != nil {
			return *refused, err
		}
		if string(r.Query("prechecked")) == "1" && v.Venue != "" {
			// Said on the page the creation redirects to; a hand-made
			// link can only fool its own reader.
			v.PreChecked = v.Name
		}
		return d.render(r, 200, "swap", v)
	}
}

// swapView reads swap id for its page; refused is the page to answer
// instead when it cannot be read.
func (d *deps) swapView(r *Request, id string) (*web.SwapView, *Response, error) {
	sw, history, err := d.Swaps.Get(r.Ctx, id)
	if err != nil {
		code := swapscout.ErrorCode(err)
		var resp Response
		if code == swapscout.ENOTFOUND || code == swapscout.EINVALID {
			resp, err = d.render(r, 404, "notfound", web.NotFound{Title: "No such swap",
				Message: "No swap has this address. Check that it was copied whole: the page's address is the only key to a swap."})
			return nil, &resp, err
		}
		if code == swapscout.EINTERNAL {
			d.Logger.Error("internal error", "path", string(r.Path), "err", err)
		}
		resp, err = d.render(r, StatusOf(code), "notfound", web.NotFound{Title: "This swap cannot be shown right now", Message: swapscout.ErrorMessage(err)})
		return nil, &resp, err
	}
	v := web.NewSwapView(sw, history, d.venueNames(), d.Now())
	info := d.venueInfo(sw.Venue)
	v.SetSupport(info.Support)
	v.SetLegSupport(func(venue string) swapscout.SupportContact { return d.venueInfo(venue).Support })
	v.SetHold(info.Hold, sw.CreatedAt)
	if sw.DepositAddress != "" {
		v.QR = qrSVG(depositURI(sw))
	}
	// A split's parts each have their own deposit: each open one its own
	// code, as a direct swap's deposit has.
	for i := range v.Parts {
		if p := &v.Parts[i]; p.Open {
			p.QR = qrSVG(p.DepositAddress)
		}
	}
	// The record says what the deposit must be (the quote is gone after
	// minutes); a memo deposit not yet given can be recorded from here.
	_, canRecord := d.Swaps.(SwapDeposits)
	v.DepositForm = canRecord && v.MemoDeposit && sw.Status == swapscout.StatusWaiting && sw.DepositTx == ""
	return v, nil, nil
}

// pageSwapDeposit records the transaction id that paid a memo-deposit swap,
// typed in the swap page's form: the same RecordDeposit as POST
// /v1/swaps/{id}/deposit, then back to the swap page (POST-redirect-GET);
// a problem is shown beside the field.
func pageSwapDeposit(d *deps) Action {
	return func(r *Request) (Response, error) {
		// A POST no browser signal places (formNeedsToken) is taken: the
		// swap's unguessable id in the address is already the secret a
		// page elsewhere would need (the same as any token), and anyone
		// who has it may record the deposit through the API anyway.
		form, _, refused, err := d.readForm(r)
		if refused != nil {
			return *refused, err
		}
		if d.Swaps == nil {
			return d.unavailable(r, "")
		}
		id := string(r.Param("id"))
		if !swapscout.ValidSwapID(id) {
			_, refused, err := d.swapView(r, id)
			if refused != nil {
				return *refused, err
			}
		}
		rec, ok := d.Swaps.(SwapDeposits)
		if !ok {
			return d.render(r, 422, "notfound", web.NotFound{Title: "This server does not record deposit transactions",
				Message: "The swap is followed all the same: go back to its page."})
		}
		tx := clipField(strings.TrimSpace(form.Get("tx_id")))
		status, msg := 400, "Give the id of the transaction that paid the deposit, as your wallet shows it."
		if tx != "" {
			_, _, err = rec.RecordDeposit(r.Ctx, id, tx)
			if err == nil {
				return redirect("/swap/" + url.PathEscape(id)), nil
			}
			code := swapscout.ErrorCode(err)
			if code == swapscout.EINTERNAL {
				d.Logger.Error("internal error", "path", string(r.Path), "err", err)
			}
			status, msg = StatusOf(code), swapscout.ErrorMessage(err)
		}
		v, refused, err := d.swapView(r, id)
		if refused != nil {
			return *refused, err
		}
		v.DepositForm, v.DepositTxInput, v.DepositTxError = true, tx, depositTxMessage(msg)
		return d.render(r, status, "swap", v)
	}
}

// depositTxMessage says a RecordDeposit problem in the form's words: the
// field is the form's, not the API's tx_id.
func depositTxMessage(msg string) string {
	msg = strings.Replace(msg, "tx_id ", "The transaction id ", 1)
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg
}

// depositURI is what the QR code holds: the deposit address alone. Payment
// URIs (bitcoin:…?amount=) differ by chain and wallet; the address is what
// every wallet scans.
func depositURI(sw *swapscout.Swap) string { return sw.DepositAddress }

// qrSVG draws text as an inline QR code; empty when it cannot be drawn.
// Drawn by package qr: rectangles only, no input text. Inline SVG needs no
// namespace (nor a third-party-looking URL).
func qrSVG(text string) template.HTML {
	code, err := qr.Encode(text)
	if err != nil {
		return ""
	}
	return template.HTML(bytes.Replace(code.SVG(), []byte(` xmlns="http://www.w3.org/2000/svg"`), nil, 1))
}

// canSwap reports whether venue can create swaps through its API (true
// when the venue is not listed: Create has the last word).
func (d *deps) canSwap(venue string) bool {
	if first, _, second, ok := swapscout.RouteLegs(venue); ok {
		return d.canSwap(first) && d.canSwap(second) // a route: both legs' venues
	}
	for _, v := range d.Venues() {
		if v.ID == venue {
			return v.CanSwap
		}
	}
	return true
}

// memoDeposit reports whether venue's offer in the quote needs the deposit
// to carry the swap's memo in its transaction (THORChain, Maya), while the
// quote is readable.
func (d *deps) memoDeposit(ctx context.Context, quoteID, venue string) bool {
	if quoteID == "" || d.quotes == nil {
		return false
	}
	q, err := d.quotes.QuoteByID(ctx, quoteID)
	if err != nil {
		return false
	}
	for _, o := range q.Offers {
		if o.Venue == venue {
			return o.Deposit == swapscout.DepositMemo
		}
	}
	return false
}

// memoLimit is the least f's memo deposit swap pays out, in words: the
// offer's amount less the slippage the page's swaps are made with (the
// service's default), which the venue's memo carries as its price limit.
func memoLimit(f *web.SwapForm) string {
	if !f.MemoDeposit || f.Offer == nil || f.Receive {
		return ""
	}
	out, err := swapscout.ParseAmount(f.Offer.Raw)
	if err != nil {
		return ""
	}
	lim := out.Mul(swapscout.AmountFromInt(1).Sub(swaps.DefaultSlippage)).Round(8, swapscout.RoundUp)
	return web.GroupDigits(lim.String()) + "\u00a0" + f.To
}

func nameOr(names map[string]string, id string) string { return web.VenueName(names, id) }

func clipField(s string) string {
	if len(s) > maxFormField {
		s = s[:maxFormField]
	}
	return string(bytes.ToValidUTF8([]byte(s), nil))
}
