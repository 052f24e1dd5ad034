package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

// The OpenAPI document is the contract: TestOpenAPIProperty generates
// requests from it (every route, every parameter by its schema) and checks
// that each gets a documented status, and that each body, header and SSE
// event matches its documented schema. The checker knows a fixed set of
// JSON Schema keywords and fails on any other, so the document cannot
// drift into what is not checked. Objects are closed: a field the server
// sends that the schema does not list is a failure.

type openapiDoc struct {
	root map[string]any
}

func loadDoc(t testing.TB) *openapiDoc {
	dec := json.NewDecoder(bytes.NewReader(httpapi.OpenAPI()))
	dec.UseNumber()
	var root map[string]any
	if err := dec.Decode(&root); err != nil {
		t.Fatal(err)
	}
	return &openapiDoc{root: root}
}

func (d *openapiDoc) resolve(v any) map[string]any {
	m, _ := v.(map[string]any)
	for m != nil {
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		var cur any = d.root
		for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			cur = cur.(map[string]any)[strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")]
		}
		m, _ = cur.(map[string]any)
	}
	return m
}

var schemaKeywords = map[string]bool{"$ref": true, "type": true, "properties": true, "required": true, "additionalProperties": true,
	"items": true, "enum": true, "const": true, "pattern": true, "format": true, "minLength": true, "maxLength": true,
	"minimum": true, "description": true, "examples": true, "default": true, "title": true,
	"oneOf": true, "contentMediaType": true, "contentSchema": true}

// validate checks v (decoded with UseNumber) against schema.
func (d *openapiDoc) validate(schema any, v any, at string) error {
	s := d.resolve(schema)
	if s == nil {
		return fmt.Errorf("%s: no schema", at)
	}
	for k := range s {
		if !schemaKeywords[k] {
			return fmt.Errorf("%s: schema keyword %q is not checked by this test", at, k)
		}
	}
	if branches, ok := s["oneOf"].([]any); ok {
		// Each branch is read together with the schema around it (its
		// properties merged into the parent's): exactly one must hold.
		var errs []string
		for _, b := range branches {
			if err := d.validate(mergeSchemas(s, d.resolve(b)), v, at); err != nil {
				errs = append(errs, err.Error())
			}
		}
		if len(branches)-len(errs) != 1 {
			return fmt.Errorf("%s: %d of %d oneOf branches hold, want 1 (%s)", at, len(branches)-len(errs), len(branches), strings.Join(errs, "; "))
		}
		return nil
	}
	if typ, ok := s["type"].(string); ok {
		if err := checkType(typ, v); err != nil {
			return fmt.Errorf("%s: %v", at, err)
		}
	}
	if enum, ok := s["enum"].([]any); ok && !slices.ContainsFunc(enum, func(e any) bool { return fmt.Sprint(e) == fmt.Sprint(v) }) {
		return fmt.Errorf("%s: %v is not one of %v", at, v, enum)
	}
	if c, ok := s["const"]; ok && fmt.Sprint(c) != fmt.Sprint(v) {
		return fmt.Errorf("%s: %v, want %v", at, v, c)
	}
	if str, ok := v.(string); ok {
		if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(str) {
			return fmt.Errorf("%s: %q does not match %s", at, str, p)
		}
		if n, ok := s["minLength"].(json.Number); ok {
			if min, _ := n.Int64(); int64(len([]rune(str))) < min {
				return fmt.Errorf("%s: %q is shorter than %d", at, str, min)
			}
		}
		if mt, ok := s["contentMediaType"].(string); ok {
			if mt != "application/json" {
				return fmt.Errorf("%s: contentMediaType %q is not checked by this test", at, mt)
			}
			dec := json.NewDecoder(strings.NewReader(str))
			dec.UseNumber()
			var inner any
			if err := dec.Decode(&inner); err != nil || dec.More() {
				return fmt.Errorf("%s: %q is not one JSON value", at, str)
			}
			if cs, ok := s["contentSchema"]; ok {
				if err := d.validate(cs, inner, at+"<json>"); err != nil {
					return err
				}
			}
		}
		if s["format"] == "date-time" {
			if _, err := time.Parse(time.RFC3339Nano, str); err != nil {
				return fmt.Errorf("%s: %q is not a date-time", at, str)
			}
		}
	}
	switch v := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for _, r := range asList(s["required"]) {
			if _, ok := v[r.(string)]; !ok {
				return fmt.Errorf("%s: required %q missing", at, r)
			}
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if ps, ok := props[k]; ok {
				if err := d.validate(ps, v[k], at+"."+k); err != nil {
					return err
				}
				continue
			}
			switch ap := s["additionalProperties"].(type) {
			case map[string]any:
				if err := d.validate(ap, v[k], at+"."+k); err != nil {
					return err
				}
			case bool:
				if !ap {
					return fmt.Errorf("%s: undocumented field %q", at, k)
				}
			case nil:
				if props != nil {
					return fmt.Errorf("%s: undocumented field %q", at, k)
				}
			}
		}
	case []any:
		if items, ok := s["items"]; ok {
			for i, e := range v {
				if err := d.validate(items, e, fmt.Sprintf("%s[%d]", at, i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func asList(v any) []any { l, _ := v.([]any); return l }

// mergeSchemas is parent without its oneOf, with branch's keywords over
// it; their properties are merged property by property.
func mergeSchemas(parent, branch map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range parent {
		if k != "oneOf" {
			out[k] = v
		}
	}
	for k, v := range branch {
		if k != "properties" {
			out[k] = v
			continue
		}
		props := map[string]any{}
		for pk, pv := range mapOf(parent["properties"]) {
			props[pk] = pv
		}
		for pk, pv := range mapOf(v) {
			merged := map[string]any{}
			for kk, vv := range mapOf(props[pk]) {
				merged[kk] = vv
			}
			for kk, vv := range mapOf(pv) {
				merged[kk] = vv
			}
			props[pk] = merged
		}
		out["properties"] = props
	}
	return out
}

// parseSSE splits an event stream into its events as OpenAPI 3.2 reads
// them: objects of their event, data, id and retry fields; comments are
// skipped, and so is a block without data (such as a lone retry:).
func parseSSE(stream string) ([]map[string]any, error) {
	var out []map[string]any
	for _, block := range strings.Split(strings.TrimSuffix(stream, "\n\n"), "\n\n") {
		ev := map[string]any{}
		var data []string
		for _, line := range strings.Split(block, "\n") {
			if strings.HasPrefix(line, ":") {
				continue
			}
			name, value, ok := strings.Cut(line, ": ")
			if !ok {
				return nil, fmt.Errorf("malformed line %q", line)
			}
			switch name {
			case "data":
				data = append(data, value)
			case "event", "id":
				ev[name] = value
			case "retry":
				ev[name] = json.Number(value)
			default:
				return nil, fmt.Errorf("unknown field %q", name)
			}
		}
		if data == nil {
			continue
		}
		ev["data"] = strings.Join(data, "\n")
		out = append(out, ev)
	}
	return out, nil
}

// checkSSE checks each event of a stream against the media type's
// itemSchema.
func checkSSE(doc *openapiDoc, media map[string]any, stream, where string) error {
	item, ok := media["itemSchema"]
	if !ok {
		return fmt.Errorf("%s: the event stream has no itemSchema", where)
	}
	events, err := parseSSE(stream)
	if err != nil {
		return fmt.Errorf("%s: %v in %q", where, err, stream)
	}
	for i, ev := range events {
		if err := doc.validate(item, ev, fmt.Sprintf("%s event %d", where, i)); err != nil {
			return err
		}
	}
	return nil
}

func checkType(typ string, v any) error {
	ok := false
	switch typ {
	case "object":
		_, ok = v.(map[string]any)
	case "array":
		_, ok = v.([]any)
	case "string":
		_, ok = v.(string)
	case "boolean":
		_, ok = v.(bool)
	case "integer":
		n, isNum := v.(json.Number)
		_, err := n.Int64()
		ok = isNum && err == nil
	case "number":
		_, ok = v.(json.Number)
	case "null":
		ok = v == nil
	}
	if !ok {
		return fmt.Errorf("%T %v is not %s", v, v, typ)
	}
	return nil
}

// genFromSchema draws a string parameter value that the schema accepts.
func (d *openapiDoc) genFromSchema(t *rapid.T, schema any, label string) string {
	s := d.resolve(schema)
	if enum, ok := s["enum"].([]any); ok {
		return fmt.Sprint(rapid.SampledFrom(enum).Draw(t, label))
	}
	if p, ok := s["pattern"].(string); ok {
		gen := rapid.StringMatching(p)
		if ex := asList(s["examples"]); len(ex) > 0 {
			return rapid.OneOf(gen, rapid.Map(rapid.SampledFrom(ex), func(e any) string { return fmt.Sprint(e) })).Draw(t, label)
		}
		return gen.Draw(t, label)
	}
	return rapid.StringN(0, 8, 16).Draw(t, label)
}

// streamingQuotes answers like a fan-out: it emits each offer and failure,
// then returns the quote.
type streamingQuotes struct{}

func (streamingQuotes) Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	if len(sel.Include) > 0 && sel.Include[0] == "nosuchvenue" {
		return nil, swapscout.Errorf(swapscout.EINVALID, "unknown venue %q", sel.Include[0])
	}
	q, err := twoOffers(ctx, req, sel)
	if err != nil || emit == nil {
		return q, err
	}
	for i := range q.Offers {
		emit(swapscout.Result{Offer: &q.Offers[i]})
	}
	for i := range q.Failures {
		emit(swapscout.Result{Failure: &q.Failures[i]})
	}
	return q, nil
}

func TestOpenAPIProperty(t *testing.T) {
	doc := loadDoc(t)
	paths := doc.root["paths"].(map[string]any)
	var routes []string
	for p, ops := range paths {
		if _, ok := ops.(map[string]any)["get"]; ok { // POST routes have their own tests (swapapi_test.go)
			routes = append(routes, p)
		}
	}
	sort.Strings(routes)
	seen := map[string]int{} // "route status" → count, across the run
	// Schema-valid requests must reach the interesting answers, not only
	// 400s: a document that allows what the server rejects fails here.
	wanted := []string{"/v1/quotes 200", "/v1/quotes 429", "/v1/quotes/stream 200", "/v1/quotes/stream 503",
		"/v1/quotes/{id} 200", "/v1/quotes/{id} 404", "/v1/venues 200", "/healthz 200",
		"/trocador/new_rate 200", "/trocador/new_rate 401", "/trocador/coins 200", "/trocador/exchanges 200", "/trocador/validateaddress 200",
		"/trocador/trade 200", "/trocador/new_trade 503"}
	missing := func() bool {
		return slices.ContainsFunc(wanted, func(w string) bool { return seen[w] == 0 })
	}
	// Up to twenty rounds, until every wanted answer was seen: a rare
	// answer (a case's third uncached quote, a 429; a stream refused for
	// want of slots) is missed by a round's draws about one time in four,
	// so twelve rounds still failed about once in thirty runs (seen in CI);
	// most runs stop after three to five.
	round := 0
	for ; round < 20 && (round == 0 || missing()); round++ {
		check(t, doc, routes, paths, seen)
	}
	t.Logf("%d rounds", round)
	for _, want := range wanted {
		if seen[want] == 0 {
			t.Errorf("no generated request got %s (seen: %v)", want, seen)
		}
	}
}

func check(t *testing.T, doc *openapiDoc, routes []string, paths map[string]any, seen map[string]int) {
	rapid.Check(t, func(t *rapid.T) {
		store := inmem.New(inmem.Options{})
		h := httpapi.NewHandler(httpapi.Deps{Quotes: streamingQuotes{}, Store: store, Cache: inmem.New(inmem.Options{}), CacheWindow: time.Minute,
			// One fan-out token per 100 s: a case's third uncached quote gets its 429
			// however slowly this machine (or -race) runs the case.
			FanOutRate: 0.01, FanOutBurst: 2, MaxStreams: 1, TrocadorKeys: propKeys(),
			Venues: func() []swapscout.VenueInfo {
				return []swapscout.VenueInfo{{ID: "changenow", Name: "ChangeNOW", Kind: swapscout.InstantSwap, KYC: 'C', Evidence: swapscout.Recorded, Networks: []string{"btc"},
					CanSwap: true, Configured: true},
					{ID: "chainflip", Name: "Chainflip", Kind: swapscout.Protocol, KYC: 'A', Evidence: swapscout.Recorded, Networks: []string{"btc"},
						Custody: swapscout.NonCustodial}}
			}})
		var ids []string
		var held []func() // streams left open to fill the stream cap
		var native, troc []string
		for _, p := range routes {
			if strings.HasPrefix(p, "/trocador/") {
				troc = append(troc, p)
			} else {
				native = append(native, p)
			}
		}
		n := rapid.IntRange(1, 20).Draw(t, "requests")
		for i := range n {
			// The Trocador-compatible routes one request in four, so the
			// native API's rarer answers (a 429) stay as likely as before.
			pool := native
			if len(troc) > 0 && rapid.IntRange(0, 3).Draw(t, fmt.Sprintf("troc%d", i)) == 0 {
				pool = troc
			}
			path := rapid.SampledFrom(pool).Draw(t, fmt.Sprintf("route%d", i))
			op := paths[path].(map[string]any)["get"].(map[string]any)
			target := path
			q := url.Values{}
			for j, pv := range asList(op["parameters"]) {
				p := doc.resolve(pv)
				name := p["name"].(string)
				label := fmt.Sprintf("r%d.%s", i, name)
				// Optional parameters one time in four: most combinations of
				// several (a network the asset is not on) are a valid 400.
				if p["required"] != true && rapid.IntRange(0, 3).Draw(t, label+"?") != 0 {
					continue
				}
				var v string
				if p["in"] == "path" && len(ids) > 0 && rapid.Bool().Draw(t, label+".known") {
					v = rapid.SampledFrom(ids).Draw(t, label)
				} else {
					v = doc.genFromSchema(t, p["schema"], label)
				}
				switch p["in"] {
				case "path":
					target = strings.Replace(target, "{"+name+"}", url.PathEscape(v), 1)
				case "query":
					q.Set(name, v)
				}
				_ = j
			}
			r := &httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte(target), RawQuery: []byte(q.Encode()),
				Remote: &net.TCPAddr{IP: net.IPv4(192, 0, 2, 1)}, Now: now}
			if strings.HasPrefix(path, "/trocador/") {
				// Trocador's clients send their key; one in eight here does not.
				if rapid.IntRange(0, 7).Draw(t, fmt.Sprintf("r%d.key", i)) != 0 {
					r.Header = keyHeader("prop-key")
				}
			}
			resp := h.Serve(r)
			where := fmt.Sprintf("GET %s?%s", target, q.Encode())
			status := fmt.Sprint(resp.Status)
			if path == "/v1/quotes" || path == "/v1/quotes/stream" {
				if err := sameAssetRule(q, resp); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
			}
			seen[path+" "+status]++
			rdoc, ok := op["responses"].(map[string]any)[status]
			if !ok {
				t.Fatalf("%s: status %d is not documented: %s", where, resp.Status, resp.Body)
			}
			rd := doc.resolve(rdoc)
			for name, hv := range mapOf(rd["headers"]) {
				got := header(resp, name)
				if got == "" {
					if resp.Status >= 400 {
						t.Fatalf("%s: %d without its documented %s header", where, resp.Status, name)
					}
					continue
				}
				if err := doc.validate(doc.resolve(hv)["schema"], got, where+" header "+name); err != nil {
					t.Fatal(err)
				}
			}
			content := mapOf(rd["content"])
			if len(content) == 0 {
				continue
			}
			media, ok := content[resp.ContentType].(map[string]any)
			if !ok {
				t.Fatalf("%s: content type %q is not documented for %d", where, resp.ContentType, resp.Status)
			}
			if resp.Stream != nil {
				var buf bytes.Buffer
				if rapid.Bool().Draw(t, fmt.Sprintf("r%d.hold", i)) {
					// Leave it open (not run): it holds its stream slot.
					held = append(held, func() { _ = resp.Stream(context.Background(), &buf, func() error { return nil }) })
					continue
				}
				if err := resp.Stream(context.Background(), &buf, func() error { return nil }); err != nil {
					t.Fatalf("%s: stream: %v", where, err)
				}
				if err := checkSSE(doc, media, buf.String(), where); err != nil {
					t.Fatal(err)
				}
				continue
			}
			body := append(append([]byte(nil), resp.Head...), resp.Body...)
			if strings.HasPrefix(resp.ContentType, "application/json") {
				v := checkJSON(t, doc, media["schema"], body, where)
				if id, ok := mapOf(v)["id"].(string); ok && resp.Status == 200 {
					ids = append(ids, id)
				}
			}
		}
		for _, f := range held {
			f()
		}
	})
}

// propKeys is the Trocador key the property test's clients send, with
// room for a round's requests (its limit's 429 is drawn by other tests).
func propKeys() *httpapi.Keys {
	ks, _ := httpapi.ParseKeys("prop-key/100")
	return ks
}

// keyHeader is a request's headers carrying one API-Key.
type keyHeader string

func (k keyHeader) Peek(name string) []byte {
	if strings.EqualFold(name, "API-Key") {
		return []byte(k)
	}
	return nil
}

func mapOf(v any) map[string]any { m, _ := v.(map[string]any); return m }

func checkJSON(t *rapid.T, doc *openapiDoc, schema any, body []byte, where string) any {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: body is not JSON: %v: %s", where, err, body)
	}
	if err := doc.validate(schema, v, where); err != nil {
		t.Fatalf("%v\nbody: %s", err, body)
	}
	return v
}

// TestOpenAPIAssets: the document's tickers and networks are the server's.
func TestOpenAPIAssets(t *testing.T) {
	doc := loadDoc(t)
	params := doc.root["components"].(map[string]any)["parameters"].(map[string]any)
	enum := func(name string) []string {
		var out []string
		for _, e := range asList(doc.resolve(params[name])["schema"].(map[string]any)["enum"]) {
			if e != "" { // an optional parameter's empty value: as if absent
				out = append(out, e.(string))
			}
		}
		return out
	}
	tick, nets := map[string]bool{}, map[string]bool{}
	for _, a := range swapscout.Assets {
		tick[a.Ticker], nets[a.Network] = true, true
	}
	for name, want := range map[string]map[string]bool{"from": tick, "to": tick, "from_network": nets, "to_network": nets} {
		got := enum(name)
		var w []string
		for k := range want {
			w = append(w, k)
		}
		sort.Strings(w)
		if !slices.Equal(got, w) {
			t.Errorf("%s enum = %v, server knows %v", name, got, w)
		}
	}
}

// sameAssetRule is what the document says of from and to (the parameter
// to's description): the same asset on the same network, the ticker's
// default network standing for an absent or empty one, is a 400 saying so;
// the same ticker on two networks is not.
func sameAssetRule(q url.Values, resp httpapi.Response) error {
	from, err1 := swapscout.ResolveAsset(q.Get("from"), q.Get("from_network"))
	to, err2 := swapscout.ResolveAsset(q.Get("to"), q.Get("to_network"))
	if err1 != nil || err2 != nil {
		return nil // another 400
	}
	said := resp.Status == 400 && strings.Contains(string(resp.Body), "from and to are the same asset")
	if same := from.Asset == to.Asset; same != said {
		return fmt.Errorf("%s to %s: the document says same asset %v, the server answered %d %s", from.Asset, to.Asset, same, resp.Status, resp.Body)
	}
	return nil
}

// TestOpenAPISameAsset: the rule the document states for from and to, on
// the cases it names, and the statement itself.
func TestOpenAPISameAsset(t *testing.T) {
	doc := loadDoc(t)
	desc, _ := doc.resolve(doc.root["components"].(map[string]any)["parameters"].(map[string]any)["to"])["description"].(string)
	if !strings.Contains(desc, "same asset as from on the same network") || !strings.Contains(desc, "same ticker on two networks") {
		t.Errorf("the parameter to does not state the same-asset rule: %q", desc)
	}
	h := httpapi.NewHandler(httpapi.Deps{Quotes: streamingQuotes{}, Store: inmem.New(inmem.Options{}), FanOutRate: -1})
	for _, query := range []string{"from=btc&to=btc", "from=usdt&to=usdt", "from=usdt&to=usdt&from_network=eth&to_network=eth",
		"from=usdt&to=usdt&from_network=eth&to_network=", "from=usdt&to=usdt&from_network=eth&to_network=trx", "from=usdt&to=usdt&to_network=bsc",
		"from=BTC&to=btc", "from=btc&to=eth"} {
		q, _ := url.ParseQuery(query + "&amount=1")
		for _, path := range []string{"/v1/quotes", "/v1/quotes/stream"} {
			resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte(path), RawQuery: []byte(q.Encode())})
			if err := sameAssetRule(q, resp); err != nil {
				t.Errorf("%s?%s: %v", path, query, err)
			}
			if resp.Stream != nil {
				_ = resp.Stream(context.Background(), io.Discard, func() error { return nil })
			}
		}
	}
}

// TestOpenAPIEmptyValues: for every query parameter of every GET route, an
// empty value is refused (400) exactly when its schema refuses "".
func TestOpenAPIEmptyValues(t *testing.T) {
	doc := loadDoc(t)
	h := httpapi.NewHandler(httpapi.Deps{Quotes: streamingQuotes{}, Store: inmem.New(inmem.Options{}), FanOutRate: -1,
		Venues: func() []swapscout.VenueInfo { return []swapscout.VenueInfo{{ID: "changenow", Name: "ChangeNOW"}} }})
	base := url.Values{"from": {"btc"}, "to": {"eth"}, "amount": {"0.1"}}
	n := 0
	for path, ops := range doc.root["paths"].(map[string]any) {
		op, ok := mapOf(ops)["get"].(map[string]any)
		if !ok || strings.HasPrefix(path, "/trocador/") {
			// Trocador's routes answer Trocador's clients, who send every
			// parameter; TestOpenAPIProperty holds them to their schemas.
			continue
		}
		for _, pv := range asList(op["parameters"]) {
			p := doc.resolve(pv)
			if p["in"] != "query" {
				continue
			}
			name := p["name"].(string)
			q := url.Values{}
			for k, v := range base {
				q[k] = v
			}
			q.Set(name, "")
			resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte(path), RawQuery: []byte(q.Encode())})
			if resp.Stream != nil {
				_ = resp.Stream(context.Background(), io.Discard, func() error { return nil })
			}
			documented := doc.validate(p["schema"], "", "") == nil
			if refused := resp.Status == 400; refused == documented {
				t.Errorf("%s?%s=: %d %s; the document says an empty %s is allowed: %v", path, name, resp.Status, resp.Body, name, documented)
			}
			n++
		}
	}
	if n < 20 {
		t.Errorf("only %d query parameters checked", n)
	}
}

// TestOpenAPISwapCreateEmptyFields: each string field of POST /v1/swaps's
// body, sent empty, is refused (400) exactly when its schema refuses "".
func TestOpenAPISwapCreateEmptyFields(t *testing.T) {
	doc := loadDoc(t)
	schema := doc.resolve(map[string]any{"$ref": "#/components/schemas/SwapCreate"})
	f := newSwapFixture(t)
	qid := f.quote(t)
	n := 0
	for name, ps := range mapOf(schema["properties"]) {
		if doc.resolve(ps)["type"] != "string" {
			continue
		}
		body := goodBody(qid)
		body[name] = ""
		resp := f.create("empty-"+name, body)
		documented := doc.validate(ps, "", "") == nil
		if refused := resp.Status == 400; refused == documented {
			t.Errorf("%s \"\": %d %s; the document says an empty %s is allowed: %v", name, resp.Status, resp.Body, name, documented)
		}
		n++
	}
	if n < 8 {
		t.Errorf("only %d fields checked", n)
	}
}

// TestOpenAPISwapEvents: a swap's event stream, from its retry line to the
// event of its final status, is what the document's itemSchema says.
func TestOpenAPISwapEvents(t *testing.T) {
	doc := loadDoc(t)
	media := mapOf(mapOf(mapOf(doc.resolve(mapOf(mapOf(mapOf(doc.root["paths"].(map[string]any)["/v1/swaps/{id}/events"])["get"])["responses"])["200"])["content"])["text/event-stream"]))
	m := newMemSwaps(swapscout.StatusFinished)
	h := swapHandler(m, nil, 0)
	resp := get(h, "/v1/swaps/"+m.sw.ID+"/events")
	var buf bytes.Buffer
	if resp.Stream == nil {
		t.Fatalf("events = %d %s", resp.Status, resp.Body)
	}
	if err := resp.Stream(context.Background(), &buf, func() error { return nil }); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "event: swap\n") {
		t.Fatalf("no swap event in %q", buf.String())
	}
	if err := checkSSE(doc, media, buf.String(), "swap events"); err != nil {
		t.Error(err)
	}
	// The event the server ends a stream with when it shuts down.
	if err := checkSSE(doc, media, "event: error\ndata: "+strings.TrimSpace(string(api.AppendError(nil, &api.Error{Code: "unavailable", Message: "the server is shutting down; ask again"})))+"\n\n", "shutdown"); err != nil {
		t.Error(err)
	}
	// And what it is not: a swap event whose data is not a swap.
	if err := checkSSE(doc, media, "event: swap\nid: 1\ndata: {\"error\":{\"code\":\"x\",\"message\":\"y\"}}\n\n", "wrong"); err == nil {
		t.Error("a swap event with an error's data passes the itemSchema")
	}
}
