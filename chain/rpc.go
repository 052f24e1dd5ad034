package chain

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/swapscout/swapscout"
)

// RPCError is a JSON-RPC 2.0 error object an endpoint answered.
type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *RPCError) Error() string { return fmt.Sprintf("JSON-RPC error %d: %s", e.Code, e.Message) }

type rpcRequest struct {
	JSONRPC string `json:"jsonrpc"`
	ID      int    `json:"id"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

type rpcResponse struct {
	Result json.RawMessage `json:"result"`
	Error  *RPCError       `json:"error"`
}

// Call makes one JSON-RPC 2.0 call (POST to the endpoint's URL) and decodes
// its result into result (a pointer; a JSON null leaves it untouched and
// reports found false). An error object in the answer comes back as an
// error wrapping *RPCError: rate-limit codes (429, -32005 "limit
// exceeded") as rate_limited, the others as bad_response (the request was
// refused) or unavailable (-32603 internal errors).
func Call(ctx context.Context, c *Config, name, method string, params any, result any) (found bool, err error) {
	body, err := json.Marshal(rpcRequest{JSONRPC: "2.0", ID: 1, Method: method, Params: params})
	if err != nil {
		return false, err
	}
	err = Fetch(ctx, c, name, Request{Method: "POST", Body: body, ContentType: "application/json"}, func(status int, b []byte) error {
		var r rpcResponse
		if err := json.Unmarshal(b, &r); err != nil {
			if status != 200 {
				return StatusError(name, status)
			}
			return BadAnswer(name, err)
		}
		if r.Error != nil {
			return rpcFailure(name, method, r.Error)
		}
		if status != 200 {
			return StatusError(name, status)
		}
		if len(r.Result) == 0 || bytes.Equal(bytes.TrimSpace(r.Result), []byte("null")) {
			return nil
		}
		found = true
		if err := json.Unmarshal(r.Result, result); err != nil {
			return BadAnswer(name, fmt.Errorf("%s: %w", method, err))
		}
		return nil
	})
	return found, err
}

// rpcFailure maps a JSON-RPC error object to a failure code.
func rpcFailure(name, method string, e *RPCError) error {
	msg := strings.ToLower(e.Message)
	code := swapscout.CodeBadResponse
	switch {
	case e.Code == 429 || e.Code == -32005 || strings.Contains(msg, "rate limit") || strings.Contains(msg, "too many requests"):
		code = swapscout.CodeRateLimited
	case e.Code == -32603 || e.Code == -32000 && strings.Contains(msg, "timeout"):
		code = swapscout.CodeUnavailable
	}
	return &swapscout.VenueError{Code: code, Msg: fmt.Sprintf("%s: %s refused (JSON-RPC %d)", name, method, e.Code), Err: e}
}

// IsRPCError reports whether err carries a JSON-RPC error object, and
// returns it.
func IsRPCError(err error) (*RPCError, bool) {
	var e *RPCError
	ok := errors.As(err, &e)
	return e, ok
}
