package httpapi

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"

	"github.com/swapscout/swapscout"
)

// Handler routes Requests to actions. It is transport-independent: package
// httpserver adapts it to fasthttp and to net/http.
type Handler struct {
	routes []route
	log    *slog.Logger
}

type route struct {
	method  string
	pattern string
	prefix  string // for "/v1/quotes/{id}": "/v1/quotes/"; the whole path for literal routes
	param   string // "id", or "" for a literal route
	action  Action
	page    bool // a web page (pages.go), not API
}

// handle registers an action. A pattern is a literal path, or a literal
// prefix and one trailing {name} parameter ("/v1/quotes/{id}"): all our API
// needs, and it lets routing compare a prefix instead of walking segments.
// Literal routes win over parameter routes ("/v1/quotes/stream" is not an id).
func (h *Handler) handle(method, pattern string, a Action) {
	rt := route{method: method, pattern: pattern, prefix: pattern, action: a}
	if i := strings.IndexByte(pattern, '{'); i >= 0 {
		if !strings.HasSuffix(pattern, "}") || pattern[i-1] != '/' || strings.ContainsAny(pattern[i+1:len(pattern)-1], "/{}") {
			panic("httpapi: only one trailing {param} segment is supported: " + pattern)
		}
		rt.prefix, rt.param = pattern[:i], pattern[i+1:len(pattern)-1]
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
	defer func() {
		if p := recover(); p != nil {
			resp = ErrorResponse(h.log, r, fmt.Errorf("panic: %v", p))
		}
	}()
	if len(r.RawQuery) > MaxQuery {
		return ErrorResponse(h.log, r, errTooLarge)
	}
	a, err := h.match(r)
	if err == nil {
		resp, err = a(r)
	}
	if err != nil {
		return ErrorResponse(h.log, r, err)
	}
	return resp
}

func (h *Handler) match(r *Request) (Action, error) {
	path := r.Path
	if len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	r.nparams = 0
	methodMismatch := false
	var pr *route
	for i := range h.routes {
		rt := &h.routes[i]
		if rt.param == "" {
			if string(path) != rt.prefix {
				continue
			}
		} else if len(path) <= len(rt.prefix) || string(path[:len(rt.prefix)]) != rt.prefix || bytes.IndexByte(path[len(rt.prefix):], '/') >= 0 {
			continue
		}
		if rt.method != r.Method && !(r.Method == "HEAD" && rt.method == "GET") {
			methodMismatch = true
			continue
		}
		if rt.param == "" {
			return rt.action, nil
		}
		if pr == nil {
			pr = rt
		}
	}
	if pr != nil {
		r.params[0] = param{name: pr.param, value: path[len(pr.prefix):]}
		r.nparams = 1
		return pr.action, nil
	}
	if methodMismatch {
		return nil, errMethod
	}
	return nil, errNotFound
}
