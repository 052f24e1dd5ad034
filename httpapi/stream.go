package httpapi

import (
	"context"
	"io"

	"github.com/swapscout/swapscout"
)

var streamHeaders = []Field{MakeField("Cache-Control", "no-cache"), MakeField("X-Accel-Buffering", "no")}

// handleQuoteStream answers a quote request as server-sent events: an
// "offer" or "failure" event the moment each venue answers, then one "quote"
// event with the ranked result and its id (stored and cached like any other).
// Parameters are those of GET /v1/quotes and are validated before the stream
// starts, so bad input is still a JSON 400.
func handleQuoteStream(d *deps) Action {
	return func(r *Request) (Response, error) {
		pq, err := d.parseQuote(r)
		if err != nil {
			return Response{}, err
		}
		key := string(appendKey(nil, &pq))
		stream := func(ctx context.Context, w io.Writer, flush func() error) error {
			buf := make([]byte, 0, 2048)
			send := func(event string, data []byte) error {
				buf = append(buf[:0], "event: "...)
				buf = append(buf, event...)
				buf = append(buf, "\ndata: "...)
				buf = append(buf, data...)
				buf = append(buf, "\n\n"...)
				if _, err := w.Write(buf); err != nil {
					return err
				}
				return flush()
			}
			var werr error
			var ebuf []byte
			emit := func(res swapscout.Result) {
				if werr != nil {
					return
				}
				if res.Offer != nil {
					ebuf = AppendOffer(ebuf[:0], res.Offer)
					werr = send("offer", ebuf)
				} else {
					ebuf = AppendFailure(ebuf[:0], res.Failure)
					werr = send("failure", ebuf)
				}
			}
			v, err := d.fanOut(ctx, &pq, key, emit)
			if err != nil {
				return send("error", AppendError(nil, swapscout.ErrorCode(err), swapscout.ErrorMessage(err)))
			}
			if werr != nil {
				return werr // the client went away; the quote is stored all the same
			}
			final := append(append([]byte(nil), `{"age_ms":0,`...), v[9:len(v)-1]...) // without the trailing newline
			return send("quote", final)
		}
		return Response{Status: 200, ContentType: "text/event-stream", Headers: streamHeaders, Stream: stream}, nil
	}
}
