package httpapi

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// Handler routes Requests to actions. It is transport-independent: package
// httpserver adapts it to fasthttp and to net/http.
type Handler struct {
	routes    []route
	log       *slog.Logger
	observers []func(status int, took time.Duration) // per route, then "other"; nil when not observed
	onion     string                                 // Deps.OnionURL: pages name their onion twin
}

type route struct {
	method  string
	pattern string
	prefix  string // for "/v1/quotes/{id}": "/v1/quotes/"; the whole path for literal routes
	param   string // "id", or "" for a literal route
	suffix  string // for "/v1/swaps/{id}/events": "/events"
	action  Action
	page    bool // a web page (pages.go), not API
}

// handle registers an action. A pattern is a literal path, or a literal
// prefix, one {name} parameter segment and an optional literal suffix
// ("/v1/quotes/{id}", "/v1/swaps/{id}/events"): all our API needs, and it
// lets routing compare a prefix and a suffix instead of walking segments.
// Literal routes win over parameter routes ("/v1/quotes/stream" is not an id).
func (h *Handler) handle(method, pattern string, a Action) {
	rt := route{method: method, pattern: pattern, prefix: pattern, action: a}
	if i := strings.IndexByte(pattern, '{'); i >= 0 {
		j := strings.IndexByte(pattern, '}')
		if j < i || pattern[i-1] != '/' || strings.ContainsAny(pattern[i+1:j], "/{}") ||
			(j+1 < len(pattern) && pattern[j+1] != '/') || strings.ContainsAny(pattern[j+1:], "{}") {
			panic("httpapi: only one {param} segment, then an optional literal suffix, is supported: " + pattern)
		}
		rt.prefix, rt.param, rt.suffix = pattern[:i], pattern[i+1:j], pattern[j+1:]
	}
	h.routes = append(h.routes, rt)
}

// Routes returns "METHOD pattern" for every API route, for the OpenAPI test
// (web pages are listed by PageRoutes).
func (h *Handler) Routes() []string {
	out := make([]string, 0, len(h.routes))
	for _, rt := range h.routes {
		if !rt.page {
			out = append(out, rt.method+" "+rt.pattern)
		}
	}
	return out
}

// MaxQuery is the longest query string accepted.
const MaxQuery = 2048

var errTooLarge = swapscout.Errorf(swapscout.ETOOLARGE, "query string is longer than %d bytes", MaxQuery)
var errNotFound = swapscout.Errorf(swapscout.ENOTFOUND, "no such route")
var errMethod = swapscout.Errorf(swapscout.ENOTALLOWED, "method not allowed")

// Serve runs the action for r and returns its response; errors and panics
// become JSON error responses.
func (h *Handler) Serve(r *Request) (resp Response) {
	ri := -1
	defer func() {
		if p := recover(); p != nil {
			resp = h.errorResponse(r, fmt.Errorf("panic: %v", p))
		}
		if h.observers != nil {
			h.observe(ri, resp.Status, r.Now)
		}
	}()
	if len(r.RawQuery) > MaxQuery {
		return h.errorResponse(r, errTooLarge)
	}
	var a Action
	var err error
	ri, a, err = h.match(r)
	if err == nil {
		resp, err = a(r)
	}
	if err != nil {
		return h.errorResponse(r, err)
	}
	return resp
}

// errorResponse renders err. Refusals that tell the client when to come back
// (rate limits, full capacity) carry Retry-After; a 405 carries Allow (RFC
// 9110 §15.5.6). Internal errors are logged with the request's id.
func (h *Handler) errorResponse(r *Request, err error) Response {
	var re *retryError
	if errors.As(err, &re) {
		resp := JSON(re.status, api.AppendError(nil, &api.Error{Code: re.code, Message: re.msg}))
		resp.Headers = []Field{MakeField("Retry-After", strconv.Itoa(re.seconds()))}
		return resp
	}
	var me *methodError
	if errors.As(err, &me) {
		resp := ErrorResponse(nil, r, errMethod)
		resp.Headers = []Field{MakeField("Allow", me.allow)}
		return resp
	}
	log := h.log
	if r != nil && len(r.ID) > 0 && swapscout.ErrorCode(err) == swapscout.EINTERNAL {
		log = log.With("request_id", string(r.ID))
	}
	return ErrorResponse(log, r, err)
}

// retryError is a refusal for now: 429 or 503 with Retry-After.
type retryError struct {
	status int
	code   string
	msg    string
	after  time.Duration
}

func (e *retryError) Error() string { return e.msg }

func (e *retryError) seconds() int {
	s := int((e.after + time.Second - 1) / time.Second)
	if s < 1 {
		s = 1
	}
	return s
}

// methodError is a 405: the path exists with other methods.
type methodError struct{ allow string }

func (e *methodError) Error() string { return errMethod.Error() }

// Observe installs per-route measurements: route(pattern) is called once for
// every route pattern and once with "other" (no route matched), and the
// function it returns is called after each request with the status and the
// time since the transport began handling it. Call it before serving.
func (h *Handler) Observe(route func(pattern string) func(status int, took time.Duration)) {
	h.observers = make([]func(int, time.Duration), len(h.routes)+1)
	byPattern := map[string]func(int, time.Duration){}
	for i, rt := range h.routes {
		f, ok := byPattern[rt.pattern]
		if !ok {
			f = route(rt.pattern)
			byPattern[rt.pattern] = f
		}
		h.observers[i] = f
	}
	h.observers[len(h.routes)] = route("other")
}

func (h *Handler) observe(ri, status int, start time.Time) {
	var took time.Duration
	if !start.IsZero() {
		took = time.Since(start)
	}
	if ri < 0 {
		ri = len(h.routes)
	}
	h.observers[ri](status, took)
}

func (h *Handler) match(r *Request) (int, Action, error) {
	path := r.Path
	if len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	r.nparams = 0
	methodMismatch := false
	pi := -1
	for i := range h.routes {
		rt := &h.routes[i]
		// (rt.matches, written out: the call is not inlined and this loop
		// runs for every request.)
		if rt.param == "" {
			if string(path) != rt.prefix {
				continue
			}
		} else if len(path) <= len(rt.prefix)+len(rt.suffix) || string(path[:len(rt.prefix)]) != rt.prefix ||
			string(path[len(path)-len(rt.suffix):]) != rt.suffix || bytes.IndexByte(path[len(rt.prefix):len(path)-len(rt.suffix)], '/') >= 0 {
			continue
		}
		if rt.method != r.Method && !(r.Method == "HEAD" && rt.method == "GET") {
			methodMismatch = true
			continue
		}
		if rt.param == "" {
			return i, rt.action, nil
		}
		if pi < 0 {
			pi = i
		}
	}
	if pi >= 0 {
		pr := &h.routes[pi]
		r.params[0] = param{name: pr.param, value: path[len(pr.prefix) : len(path)-len(pr.suffix)]}
		r.nparams = 1
		return pi, pr.action, nil
	}
	if methodMismatch {
		return -1, nil, &methodError{allow: h.allow(path)}
	}
	return -1, nil, errNotFound
}

func (rt *route) matches(path []byte) bool {
	if rt.param == "" {
		return string(path) == rt.prefix
	}
	return len(path) > len(rt.prefix)+len(rt.suffix) && string(path[:len(rt.prefix)]) == rt.prefix &&
		string(path[len(path)-len(rt.suffix):]) == rt.suffix && bytes.IndexByte(path[len(rt.prefix):len(path)-len(rt.suffix)], '/') < 0
}

// allow lists the methods path answers, for a 405's Allow header. A literal
// route shadows parameter routes for its path, as in match.
func (h *Handler) allow(path []byte) string {
	literal := false
	for i := range h.routes {
		if h.routes[i].param == "" && h.routes[i].matches(path) {
			literal = true
		}
	}
	var ms []string
	for i := range h.routes {
		rt := &h.routes[i]
		if !rt.matches(path) || (literal && rt.param != "") || slices.Contains(ms, rt.method) {
			continue
		}
		ms = append(ms, rt.method)
		if rt.method == "GET" && !slices.Contains(ms, "HEAD") {
			ms = append(ms, "HEAD")
		}
	}
	return strings.Join(ms, ", ")
}
