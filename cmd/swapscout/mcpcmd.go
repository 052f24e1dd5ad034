package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/mcpserver"
)

// mcpFlags configure the MCP server: who may create swaps (grants); their
// swaps are kept per grant in the swap database, which the caps count.
type mcpFlags struct {
	grants string
	path   string // serve/demo: where streamable HTTP is mounted ("" for `mcp`)
	hosts  string // serve/demo: more host names /mcp answers for
}

const envMCPToken = "SWAPSCOUT_MCP_TOKEN"

func (f *mcpFlags) register(fs *flag.FlagSet, getenv func(string) string, mount bool) {
	fs.StringVar(&f.grants, "mcp-grants", envOr(getenv, "SWAPSCOUT_MCP_GRANTS", ""),
		"JSON file of the tokens agents may create swaps with, and their caps (env SWAPSCOUT_MCP_GRANTS; none: create_swap is off). `swapscout mcp-token` makes a token")
	if mount {
		fs.StringVar(&f.path, "mcp-path", "/mcp", "serve MCP over streamable HTTP at this path (empty: off)")
		fs.StringVar(&f.hosts, "mcp-allowed-hosts", envOr(getenv, "SWAPSCOUT_MCP_ALLOWED_HOSTS", ""),
			"comma-separated host names /mcp also answers for, e.g. the public name a reverse proxy serves it under (env SWAPSCOUT_MCP_ALLOWED_HOSTS); "+
				"it always answers for the listen address's own names and --onion-url's host, and refuses others with 403 (DNS rebinding)")
	}
}

// service builds the MCP server over st's quote and swap services, the
// grants' spends kept in st's swap database.
func (f *mcpFlags) service(st *stack, log *slog.Logger) (*mcpserver.Service, error) {
	var grants *mcpserver.Grants
	if f.grants != "" {
		g, err := mcpserver.LoadGrants(f.grants)
		if err != nil {
			return nil, fmt.Errorf("--mcp-grants: %w", err)
		}
		grants = g
	}
	c := mcpserver.Config{Quotes: st.book, Venues: st.registry.Infos, OpenAPI: httpapi.OpenAPI(), Grants: grants,
		Logger: log, Version: version()}
	if st.swaps != nil {
		c.Swaps = st.swaps
	}
	if st.db != nil {
		c.Ledger = st.db
	}
	return mcpserver.New(c), nil
}

// mountOn builds the MCP service over st (service) and its endpoint beside
// the API (mounts); announce, when not nil, logs the endpoint.
func (f *mcpFlags) mountOn(st *stack, log *slog.Logger, listen net.Addr, onion string, announce *slog.Logger) ([]httpserver.Mount, error) {
	svc, err := f.service(st, log)
	if err != nil {
		return nil, err
	}
	return f.mounts(svc, listen, onion, announce), nil
}

// mounts is the MCP endpoint to serve beside the API, if any, for the
// names of the address it listens on, the onion address's host (onion:
// --onion-url, or "") and --mcp-allowed-hosts.
func (f *mcpFlags) mounts(svc *mcpserver.Service, listen net.Addr, onion string, log *slog.Logger) []httpserver.Mount {
	if f.path == "" || svc == nil {
		return nil
	}
	names := mcpserver.ListenHosts(listen)
	if u, err := url.Parse(onion); err == nil && onion != "" {
		names = append(names, u.Hostname())
	}
	names = append(names, strings.Split(f.hosts, ",")...)
	hosts := mcpserver.NewHosts(names...)
	if log != nil {
		log.Info("mcp endpoint", "path", f.path, "allowed_hosts", strings.Join(hosts.Names(), ","))
	}
	return []httpserver.Mount{{Path: f.path, Handler: svc.Handler(hosts)}}
}

// stdin is what `mcp` reads the protocol from (tests replace it).
var stdin io.Reader = os.Stdin

// runMCP serves MCP over stdio with the quote and swap services wired in
// this process, as serve wires them: an agent's calls go to the services
// with no HTTP hop, and its token (SWAPSCOUT_MCP_TOKEN) never leaves the
// machine.
func runMCP(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("mcp", "mcp [flags]   (MCP over stdio; the agent's token, if any, in "+envMCPToken+")", e.stderr)
	simulate := fs.Bool("sim", false, "run the venue simulator in this process and quote against it (swaps go to a temporary database)")
	simURL := fs.String("sim-url", envOr(e.getenv, "SWAPSCOUT_SIM_URL", ""), "ask a running simulator at this URL instead of the live venues (env SWAPSCOUT_SIM_URL)")
	secret := fs.String("sim-secret", defaultSimSecret, "API secret the simulator checks signatures with")
	var db dbFlags
	db.register(fs, e.getenv)
	var tf trackFlags
	tf.register(fs, e.getenv)
	var mf mcpFlags
	mf.register(fs, e.getenv, false)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	log, err := envLogger(e) // stderr: stdout carries the protocol
	if err != nil {
		return err
	}
	getenv := e.getenv
	if *simulate {
		var k simKnobs
		k.autoPay = 20 * time.Second
		k.register(flag.NewFlagSet("", flag.ContinueOnError))
		simsrv, err := k.startSim()
		if err != nil {
			return err
		}
		defer simsrv.Close()
		*simURL, *secret, getenv = simsrv.URL(), k.secret, noEnv
		if !flagSet(fs, "data-dir") && db.url == "" {
			// Simulated orders stay out of the real swap database.
			dir, err := os.MkdirTemp("", "swapscout-mcp-")
			if err != nil {
				return err
			}
			defer os.RemoveAll(dir)
			db.dataDir = dir
		}
	}
	st, err := newStack(ctx, stackOptions{simURL: *simURL, secret: *secret, getenv: getenv, ttl: 2 * time.Minute, window: 3 * time.Second,
		log: log, db: &db, track: &tf})
	if err != nil {
		return err
	}
	defer st.Close()
	svc, err := mf.service(st, log)
	if err != nil {
		return err
	}
	var grant *mcpserver.Grant
	if tok := e.getenv(envMCPToken); tok != "" {
		if grant = svc.Grant(tok); grant == nil {
			return errors.New(envMCPToken + " matches no grant in --mcp-grants")
		}
	}
	err = svc.Server(grant).Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(stdin), Writer: nopCloser{e.stdout}})
	if ctx.Err() != nil || errors.Is(err, io.EOF) {
		return nil // the client went away or we were stopped
	}
	return err
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// flagSet reports whether the command line set flag name.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// runMCPToken prints a new agent token and the hash a grant keeps of it.
func runMCPToken(_ context.Context, args []string, e env) error {
	if _, err := parseArgs(newFlagSet("mcp-token", "mcp-token   (prints a new token for an agent and the token_sha256 its grant keeps)", e.stderr), args); err != nil {
		return err
	}
	tok, hash := mcpserver.NewToken()
	_, err := fmt.Fprintf(e.stdout, "token (give it to the agent, e.g. as %s or Authorization: Bearer): %s\ntoken_sha256 (put it in the grant): %s\n", envMCPToken, tok, hash)
	return err
}
