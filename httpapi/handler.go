package httpapi

import (
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
	segs    []string // "{id}" segments are parameters
	action  Action
}

// handle registers an action. Patterns are literal segments and {name}
// parameters, e.g. "/v1/quotes/{id}"; literal routes win over parameters
// because they are registered first (see routes.go).
func (h *Handler) handle(method, pattern string, a Action) {
	h.routes = append(h.routes, route{method: method, pattern: pattern, segs: strings.Split(strings.Trim(pattern, "/"), "/"), action: a})
}

// Routes returns "METHOD pattern" for every route, for the OpenAPI test.
func (h *Handler) Routes() []string {
	out := make([]string, len(h.routes))
	for i, rt := range h.routes {
		out[i] = rt.method + " " + rt.pattern
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
	methodMismatch := false
	for i := range h.routes {
		rt := &h.routes[i]
		if !matchPath(rt.segs, path, r) {
			continue
		}
		if rt.method != r.Method && !(r.Method == "HEAD" && rt.method == "GET") {
			methodMismatch = true
			r.nparams = 0
			continue
		}
		return rt.action, nil
	}
	if methodMismatch {
		return nil, errMethod
	}
	return nil, errNotFound
}

// matchPath matches path against segs, recording parameters in r. It walks
// the bytes once without helper calls: routing is on the hot path.
func matchPath(segs []string, path []byte, r *Request) bool {
	r.nparams = 0
	if len(path) == 0 || path[0] != '/' {
		return false
	}
	i := 1
	for k, s := range segs {
		if i > len(path) {
			return false
		}
		j := i
		for j < len(path) && path[j] != '/' {
			j++
		}
		seg := path[i:j]
		if len(s) > 2 && s[0] == '{' {
			if len(seg) == 0 || r.nparams == len(r.params) {
				return false
			}
			r.params[r.nparams] = param{name: s[1 : len(s)-1], value: seg}
			r.nparams++
		} else if string(seg) != s {
			return false
		}
		i = j + 1
		if j == len(path) && k != len(segs)-1 {
			return false
		}
	}
	return i == len(path)+1
}
