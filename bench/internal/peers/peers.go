// Package peers builds the request handlers the serving benchmark compares,
// from the stored quotes of package fixture: swapscout's own stack, seed
// 003's Gin service and the fasthttp floor.
package peers

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/valyala/fasthttp"

	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/bench/internal/fixture"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

// Ours returns swapscout's API handler over an in-memory store that holds
// exactly the values swapscout's quote handler stored. httpserver serves it.
func Ours(recs []fixture.Record, log *slog.Logger) (*httpapi.Handler, error) {
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	store := inmem.New(inmem.Options{MaxEntries: len(recs) + 16})
	for _, r := range recs {
		if err := store.Put(context.Background(), r.ID, r.Framed, 24*time.Hour); err != nil {
			return nil, err
		}
	}
	return httpapi.NewHandler(httpapi.Deps{Quotes: &fixture.Quotes{}, Store: store, Logger: log}), nil
}

// Gin returns seed 003's Gin service: gin.New() + Recovery in release mode,
// the quotes as structs in a map, c.JSON (encoding/json).
func Gin(recs []fixture.Record) (*gin.Engine, error) {
	quotes := make(map[string]fixture.Quote, len(recs))
	for _, r := range recs {
		var q fixture.Quote
		if err := json.Unmarshal(r.JSON(), &q); err != nil {
			return nil, fmt.Errorf("gin: decode %s: %w", r.ID, err)
		}
		quotes[r.ID] = q
	}
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.Use(gin.Recovery())
	e.GET("/v1/quotes/:id", func(c *gin.Context) {
		q, ok := quotes[c.Param("id")]
		if !ok {
			c.JSON(http.StatusNotFound, gin.H{"error": gin.H{"code": "not_found", "message": "quote not found or expired"}})
			return
		}
		q.AgeMS = time.Since(q.CreatedAt).Milliseconds()
		c.Header("X-Swapscout-Cache", "stored")
		c.JSON(http.StatusOK, q)
	})
	return e, nil
}

// Floor returns a fasthttp handler that answers precomputed bytes: the id is
// the path after its last '/', and every answer was rendered once, here.
// No JSON work at all: the ceiling of the HTTP stack.
func Floor(recs []fixture.Record) fasthttp.RequestHandler {
	bodies := make(map[string][]byte, len(recs))
	for _, r := range recs {
		bodies[r.ID] = append(api.AppendAge(nil, 0), r.JSON()[1:]...)
	}
	notFound := api.AppendError(nil, &api.Error{Code: "not_found", Message: "quote not found or expired"})
	return func(ctx *fasthttp.RequestCtx) {
		path := ctx.Path()
		body, ok := bodies[string(path[bytes.LastIndexByte(path, '/')+1:])]
		ctx.SetContentType("application/json")
		if !ok {
			ctx.SetStatusCode(fasthttp.StatusNotFound)
			ctx.Response.SetBodyRaw(notFound)
			return
		}
		ctx.Response.Header.Set("X-Swapscout-Cache", "stored")
		ctx.Response.SetBodyRaw(body)
	}
}

// SameQuote reports whether got, an answer, is the stored quote want plus
// an age_ms: both decode (api.DecodeQuote) to the same quote, timestamps as
// instants (encoding/json writes 12:00:00.5Z where swapscout writes
// 12:00:00.500Z).
func SameQuote(got, want []byte) error {
	if !bytes.Contains(got, []byte(`"age_ms":`)) {
		return fmt.Errorf("answer has no age_ms: %.200s", got)
	}
	q, err := api.DecodeQuote(got)
	if err != nil {
		return fmt.Errorf("answer is not a quote: %w: %.200s", err, got)
	}
	return Same(q, want)
}

// Same reports whether q is the stored quote want: encoded again, the two
// are the same bytes.
func Same(q *api.Quote, want []byte) error {
	w, err := api.DecodeQuote(want)
	if err != nil {
		return err
	}
	if g, w := api.AppendQuote(nil, &q.Quote), api.AppendQuote(nil, &w.Quote); !bytes.Equal(g, w) {
		return fmt.Errorf("answer differs from the stored quote:\n got %.300s\nwant %.300s", g, w)
	}
	return nil
}
