package httpapi

import (
	"context"
	"io"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

var streamHeaders = []Field{MakeField("Cache-Control", "no-cache"), MakeField("X-Accel-Buffering", "no")}

// handleQuoteStream answers a quote request as server-sent events: an
// "offer" or "failure" event the moment each venue answers, then one "quote"
// event with the ranked result and its id (stored and cached like any other).
// Parameters are those of GET /v1/quotes and are validated, and the fan-out's
// slot taken, before the stream starts: bad input is still a JSON 400, a busy
// server a JSON 503.
func handleQuoteStream(d *deps) Action {
	return func(r *Request) (Response, error) {
		pq, err := d.parseQuote(r)
		if err != nil {
			return Response{}, err
		}
		// The fan-out's slot is taken before the stream starts, so a busy
		// server answers 503 with a Retry-After, as GET /v1/quotes does.
		st, err := d.quotes.OpenStream(r.Ctx, pq)
		if err != nil {
			return Response{}, err
		}
		stream := func(ctx context.Context, w io.Writer, flush func() error) error {
			defer st.Close()
			ew := api.NewEventWriter(w, flush)
			var werr error
			var ebuf []byte
			emit := func(res swapscout.Result) {
				if werr != nil {
					return
				}
				if res.Offer != nil {
					ebuf = api.AppendOffer(ebuf[:0], res.Offer)
					werr = ew.Event("offer", "", ebuf)
				} else {
					ebuf = api.AppendFailure(ebuf[:0], res.Failure)
					werr = ew.Event("failure", "", ebuf)
				}
			}
			a, err := st.Run(ctx, emit)
			if err != nil {
				return ew.Event("error", "", api.AppendError(nil, &api.Error{Code: swapscout.ErrorCode(err), Message: swapscout.ErrorMessage(err)}))
			}
			if werr != nil {
				return werr // the client went away; the quote is stored all the same
			}
			return ew.Event("quote", "", append(api.AppendAge(nil, 0), a.Frame.Rest()...))
		}
		return Response{Status: 200, ContentType: "text/event-stream", Headers: streamHeaders, Stream: stream}, nil
	}
}
