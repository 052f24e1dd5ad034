// The deployment files are checked here against each other and against
// what the program exports: the compose file's services, HAProxy's
// backends and Prometheus's targets name the same instances; the Grafana
// dashboard asks only for metrics README's table lists (which a test keeps
// equal to /metrics) and shows every one of them; the systemd unit carries
// its hardening and a stop timeout that fits the shutdown; the Containerfile
// needs no base image. Where haproxy, promtool or systemd-analyze is on the
// PATH, each file also passes its own tool's check (CI installs haproxy and
// unpacks promtool; systemd-analyze comes with systemd).
// That the commands in these files parse with swapscout's real flag sets
// is checked beside the flags, in cmd/swapscout.
package deploy

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/swapscout/swapscout/metrics"
)

// compose is what the tests read of compose.yaml.
type compose struct {
	Name     string
	Services map[string]service
	Networks map[string]any
	Volumes  map[string]any
}

type service struct {
	Image       string
	Command     []string
	EnvFile     stringList        `yaml:"env_file"`
	Environment map[string]string // the map form only
	DependsOn   dependsOn         `yaml:"depends_on"`
	Ports       []string
	Volumes     []string
	Networks    networks
	Profiles    []string
	StopGrace   string   `yaml:"stop_grace_period"`
	ReadOnly    bool     `yaml:"read_only"`
	CapDrop     []string `yaml:"cap_drop"`
}

// stringList reads a YAML string or list of strings.
type stringList []string

func (s *stringList) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*s = []string{n.Value}
		return nil
	}
	var l []string
	err := n.Decode(&l)
	*s = l
	return err
}

// dependsOn reads depends_on as a list or a map; it keeps the names.
type dependsOn []string

func (d *dependsOn) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.SequenceNode {
		var l []string
		err := n.Decode(&l)
		*d = l
		return err
	}
	var m map[string]any
	if err := n.Decode(&m); err != nil {
		return err
	}
	for k := range m {
		*d = append(*d, k)
	}
	return nil
}

// networks reads a service's networks, a list or a map, by name.
type networks map[string]any

func (ns *networks) UnmarshalYAML(n *yaml.Node) error {
	*ns = networks{}
	if n.Kind != yaml.SequenceNode {
		return n.Decode((*map[string]any)(ns))
	}
	var l []string
	err := n.Decode(&l)
	for _, k := range l {
		(*ns)[k] = nil
	}
	return err
}

func readCompose(t *testing.T) compose {
	t.Helper()
	var c compose
	readYAML(t, "compose/compose.yaml", &c)
	return c
}

// instances returns the compose services that run swapscout serve, and
// the port each listens on (--addr).
func instances(t *testing.T, c compose) (names []string, port string) {
	t.Helper()
	for name, s := range c.Services {
		if len(s.Command) == 0 || s.Command[0] != "serve" {
			continue
		}
		names = append(names, name)
		p := ""
		if addr, ok := flagValue(s.Command, "addr"); ok {
			ap, err := netip.ParseAddrPort(addr)
			if err != nil {
				t.Fatalf("%s: --addr %q: %v", name, addr, err)
			}
			p = fmt.Sprint(ap.Port())
		}
		if port != "" && p != port {
			t.Errorf("%s listens on port %q, the others on %q", name, p, port)
		}
		port = p
	}
	sort.Strings(names)
	if port == "" {
		t.Fatal("the swapscout services give no --addr")
	}
	return names, port
}

// flagValue returns the value of --name in args (--name=v or --name v).
func flagValue(args []string, name string) (string, bool) {
	for i, a := range args {
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v, true
		}
		if a == name && i+1 < len(args) {
			return args[i+1], true
		}
	}
	return "", false
}

func mustDuration(t *testing.T, what, s string) time.Duration {
	t.Helper()
	d, err := time.ParseDuration(s)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return d
}

// trackerStop is how long serve may still take after --shutdown-grace: the
// tracker waits up to 5 s for polls under way (cmd/swapscout's
// tracking.Close), then the databases close.
const trackerStop = 5 * time.Second

// TestCompose: the compose file parses; it runs several swapscout
// instances that share Redis and PostgreSQL and publish no port of their
// own; every service it depends on exists; images are pinned; the files it
// mounts and the examples of the files it reads exist; the variables it
// needs are in env.example; the trusted proxy is HAProxy's fixed address;
// the stop grace covers the shutdown.
func TestCompose(t *testing.T) {
	c := readCompose(t)
	names, _ := instances(t, c)
	if len(names) < 2 {
		t.Fatalf("%d swapscout instances; the multi-instance setup needs several", len(names))
	}
	envExample := readEnvFile(t, "compose/env.example")
	for name, s := range c.Services {
		for _, d := range s.DependsOn {
			if _, ok := c.Services[d]; !ok {
				t.Errorf("%s depends on %s, which is no service", name, d)
			}
		}
		if s.Image == "" {
			t.Errorf("%s has no image", name)
		} else if !strings.HasPrefix(s.Image, "localhost/") {
			if _, tag, ok := strings.Cut(s.Image[strings.LastIndex(s.Image, "/")+1:], ":"); !ok || tag == "latest" {
				t.Errorf("%s: image %s is not pinned to a version", name, s.Image)
			}
			if strings.Count(s.Image, "/") < 2 {
				t.Errorf("%s: image %s is not fully qualified (podman asks which registry)", name, s.Image)
			}
		}
		for _, v := range s.Volumes {
			if src, _, _ := strings.Cut(v, ":"); strings.HasPrefix(src, "./") {
				if _, err := os.Stat(filepath.Join("compose", src)); err != nil {
					t.Errorf("%s mounts %s: %v", name, src, err)
				}
			} else if _, ok := c.Volumes[src]; !ok && !strings.HasPrefix(src, "/") {
				t.Errorf("%s mounts volume %s, which is not declared", name, src)
			}
		}
		for _, f := range s.EnvFile {
			if _, err := os.Stat(filepath.Join("compose", f+".example")); err != nil {
				t.Errorf("%s reads %s; its example %s.example is missing", name, f, f)
			}
		}
		for k, v := range s.Environment {
			for _, m := range regexp.MustCompile(`\$\{([A-Z_]+)(:?[-?])?`).FindAllStringSubmatch(v, -1) {
				if _, ok := envExample[m[1]]; !ok && m[2] != ":-" && m[2] != "-" {
					t.Errorf("%s: %s needs ${%s}, which env.example does not list", name, k, m[1])
				}
			}
		}
		for n := range s.Networks {
			if _, ok := c.Networks[n]; !ok {
				t.Errorf("%s joins network %s, which is not declared", name, n)
			}
		}
	}
	var redis, postgres bool
	for _, name := range names {
		s := c.Services[name]
		if len(s.Ports) > 0 {
			t.Errorf("%s publishes %v: instances are reached through the load balancer", name, s.Ports)
		}
		if r, ok := flagValue(s.Command, "redis-url"); ok {
			redis = strings.Contains(r, "//redis:") && c.Services["redis"].Image != ""
		}
		u := s.Environment["SWAPSCOUT_DATABASE_URL"]
		postgres = strings.Contains(u, "@postgres:")
		pg := c.Services["postgres"].Environment
		if !strings.Contains(u, "//"+pg["POSTGRES_USER"]+":") || !strings.Contains(u, "/"+pg["POSTGRES_DB"]+"?") {
			t.Errorf("%s: SWAPSCOUT_DATABASE_URL %s is not PostgreSQL's user and database %s/%s", name, u, pg["POSTGRES_USER"], pg["POSTGRES_DB"])
		}
		if !s.ReadOnly || !slices.Contains(s.CapDrop, "ALL") {
			t.Errorf("%s: want a read-only root file system and every capability dropped", name)
		}
		grace := 5 * time.Second
		if g, ok := flagValue(s.Command, "shutdown-grace"); ok {
			grace = mustDuration(t, name+" --shutdown-grace", g)
		}
		if stop := mustDuration(t, name+" stop_grace_period", s.StopGrace); stop < grace+trackerStop+5*time.Second {
			t.Errorf("%s: stop_grace_period %v leaves no room for --shutdown-grace %v, the tracker's %v and a margin", name, stop, grace, trackerStop)
		}
		// Only the network's containers reach an instance (it publishes no
		// port), so trusting private addresses trusts HAProxy: never a
		// public one.
		proxies, _ := flagValue(s.Command, "trusted-proxy")
		for _, p := range strings.Split(proxies, ",") {
			if pfx, err := netip.ParsePrefix(p); err != nil || !pfx.Addr().IsPrivate() {
				t.Errorf("%s trusts %q (%v); want private ranges only", name, p, err)
			}
		}
	}
	if !redis || !postgres {
		t.Errorf("the instances share Redis: %v, PostgreSQL: %v; want both", redis, postgres)
	}
}

// TestComposeSim: compose.sim.yaml adds the simulator and points every
// instance, and only those, at its address.
func TestComposeSim(t *testing.T) {
	c := readCompose(t)
	names, _ := instances(t, c)
	var sim compose
	readYAML(t, "compose/compose.sim.yaml", &sim)
	s, ok := sim.Services["sim"]
	if !ok || len(s.Command) == 0 || s.Command[0] != "sim" {
		t.Fatalf("compose.sim.yaml's sim service: %+v", s)
	}
	addr, _ := flagValue(s.Command, "addr")
	ap, err := netip.ParseAddrPort(addr)
	if err != nil {
		t.Fatalf("sim --addr %q: %v", addr, err)
	}
	var pointed []string
	for name, o := range sim.Services {
		if name == "sim" {
			continue
		}
		if _, ok := c.Services[name]; !ok {
			t.Errorf("compose.sim.yaml changes %s, which compose.yaml does not have", name)
		}
		if u := o.Environment["SWAPSCOUT_SIM_URL"]; u != fmt.Sprintf("http://sim:%d", ap.Port()) {
			t.Errorf("%s: SWAPSCOUT_SIM_URL=%q; the simulator is at sim:%d", name, u, ap.Port())
		}
		pointed = append(pointed, name)
	}
	sort.Strings(pointed)
	if !slices.Equal(pointed, names) {
		t.Errorf("compose.sim.yaml points %v at the simulator; the instances are %v", pointed, names)
	}
}

// readEnvFile reads NAME=value lines (commented ones too: an example's
// optional settings).
func readEnvFile(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimPrefix(strings.TrimSpace(l), "#")
		if k, v, ok := strings.Cut(l, "="); ok && regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`).MatchString(k) {
			env[k] = v
		}
	}
	return env
}

// TestScrapeAndBalance: Prometheus scrapes, and HAProxy balances over,
// exactly the compose file's swapscout instances on their port; HAProxy
// checks their health and keeps /metrics off the public port; Grafana's
// data source is the compose file's Prometheus, its dashboards directory
// the one mounted.
func TestScrapeAndBalance(t *testing.T) {
	c := readCompose(t)
	names, port := instances(t, c)
	var want []string
	for _, n := range names {
		want = append(want, n+":"+port)
	}

	var prom struct {
		ScrapeConfigs []struct {
			JobName       string                       `yaml:"job_name"`
			MetricsPath   string                       `yaml:"metrics_path"`
			StaticConfigs []struct{ Targets []string } `yaml:"static_configs"`
		} `yaml:"scrape_configs"`
	}
	readYAML(t, "compose/prometheus.yml", &prom)
	var targets []string
	for _, sc := range prom.ScrapeConfigs {
		if sc.JobName != "swapscout" {
			continue
		}
		if sc.MetricsPath != "" && sc.MetricsPath != "/metrics" {
			t.Errorf("job swapscout scrapes %s", sc.MetricsPath)
		}
		for _, st := range sc.StaticConfigs {
			targets = append(targets, st.Targets...)
		}
	}
	sort.Strings(targets)
	if !slices.Equal(targets, want) {
		t.Errorf("Prometheus's swapscout targets %v; the compose file's instances are %v", targets, want)
	}

	cfg, err := os.ReadFile("compose/haproxy.cfg")
	if err != nil {
		t.Fatal(err)
	}
	var servers []string
	for _, m := range regexp.MustCompile(`(?m)^\s*server\s+\S+\s+(\S+)`).FindAllStringSubmatch(string(cfg), -1) {
		servers = append(servers, m[1])
	}
	sort.Strings(servers)
	if !slices.Equal(servers, want) {
		t.Errorf("HAProxy's servers %v; the compose file's instances are %v", servers, want)
	}
	for _, line := range []string{"option httpchk GET /healthz", "option forwardfor", "http-request del-header X-Forwarded-For",
		"http-request deny deny_status 404 if { path /metrics }"} {
		if !strings.Contains(string(cfg), line) {
			t.Errorf("haproxy.cfg lacks %q", line)
		}
	}

	var ds struct {
		Datasources []struct{ UID, Type, URL string }
	}
	readYAML(t, "compose/grafana/provisioning/datasources/prometheus.yaml", &ds)
	if len(ds.Datasources) != 1 || ds.Datasources[0].Type != "prometheus" || ds.Datasources[0].URL != "http://prometheus:9090" {
		t.Errorf("Grafana's data sources %+v; want the compose file's prometheus service", ds.Datasources)
	}
	if _, ok := c.Services["prometheus"]; !ok {
		t.Error("no prometheus service")
	}
	var prov struct {
		Providers []struct {
			Options struct{ Path string }
		}
	}
	readYAML(t, "compose/grafana/provisioning/dashboards/swapscout.yaml", &prov)
	mounted := false
	for _, v := range c.Services["grafana"].Volumes {
		src, dst, _ := strings.Cut(v, ":")
		dst, _, _ = strings.Cut(dst, ":")
		mounted = mounted || src == "./grafana/dashboards" && len(prov.Providers) == 1 && dst == prov.Providers[0].Options.Path
	}
	if !mounted {
		t.Errorf("Grafana's dashboards provider %+v does not read the mounted ./grafana/dashboards", prov.Providers)
	}
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// family is an exported metric family: its labels, and whether it is a
// histogram (queried through _bucket, _sum and _count).
type family struct {
	labels    []string
	histogram bool
}

// exported returns the metric families swapscout exports: README's
// metrics table (which TestDemoMetrics keeps equal to a demo's /metrics)
// and the Go runtime and process collectors of its registry.
func exported(t *testing.T) map[string]family {
	t.Helper()
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n### Metrics\n")
	section, _, _ = strings.Cut(section, "\n### ")
	fams := map[string]family{}
	for _, m := range regexp.MustCompile("(?m)^\\| `(swapscout_[a-z_]+)` \\|([^|]*)\\|([^|]*)\\|").FindAllStringSubmatch(section, -1) {
		var f family
		for _, l := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(m[2], -1) {
			f.labels = append(f.labels, l[1])
		}
		f.histogram = strings.Contains(m[3], "histogram")
		fams[m[1]] = f
	}
	if len(fams) < 10 {
		t.Fatalf("README's metrics table lists %d metrics", len(fams))
	}
	mfs, err := metrics.NewRegistry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		f := family{histogram: mf.GetType().String() == "HISTOGRAM"}
		for _, l := range mf.GetMetric()[0].GetLabel() {
			f.labels = append(f.labels, l.GetName())
		}
		fams[mf.GetName()] = f
	}
	return fams
}

// promqlWords are the PromQL functions, aggregations and keywords the
// dashboard may use.
var promqlWords = map[string]bool{
	"sum": true, "max": true, "min": true, "avg": true, "count": true, "topk": true, "bottomk": true,
	"rate": true, "irate": true, "increase": true, "delta": true, "deriv": true, "histogram_quantile": true,
	"clamp_min": true, "clamp_max": true, "abs": true, "time": true, "vector": true, "scalar": true,
	"by": true, "without": true, "and": true, "or": true, "unless": true, "on": true, "ignoring": true,
	"group_left": true, "group_right": true, "bool": true, "offset": true,
}

// targetLabels are the labels Prometheus adds to every scraped series.
var targetLabels = []string{"job", "instance"}

// checkQuery reports what in a PromQL expression names no exported metric
// or label: every identifier is a metric, a label in a matcher or a by()
// of one of its metrics, or PromQL's own word.
func checkQuery(expr string, fams map[string]family) []string {
	var bad []string
	e := regexp.MustCompile(`"[^"]*"`).ReplaceAllString(expr, `""`)
	type use struct {
		name   string
		labels []string // labels the series may carry
	}
	var used []use
	lookup := func(name string) (use, bool) {
		if name == "up" {
			return use{name, nil}, true // Prometheus's own, per target
		}
		if f, ok := fams[name]; ok && !f.histogram {
			return use{name, f.labels}, true
		}
		for _, sfx := range []string{"_bucket", "_sum", "_count"} {
			if base, ok := strings.CutSuffix(name, sfx); ok {
				if f, ok := fams[base]; ok && f.histogram {
					if sfx == "_bucket" {
						return use{name, append(slices.Clone(f.labels), "le")}, true
					}
					return use{name, f.labels}, true
				}
			}
		}
		return use{}, false
	}
	selector := regexp.MustCompile(`([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{([^}]*)\}`)
	for _, m := range selector.FindAllStringSubmatch(e, -1) {
		u, ok := lookup(m[1])
		if !ok {
			continue // reported below, with every bare identifier
		}
		for _, lm := range regexp.MustCompile(`([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)`).FindAllStringSubmatch(m[2], -1) {
			if !slices.Contains(u.labels, lm[1]) && !slices.Contains(targetLabels, lm[1]) {
				bad = append(bad, fmt.Sprintf("%s has no label %s", m[1], lm[1]))
			}
		}
	}
	e = selector.ReplaceAllString(e, "$1")
	e = regexp.MustCompile(`\[[^\]]*\]`).ReplaceAllString(e, "")
	grouping := regexp.MustCompile(`\b(by|without|on|ignoring)\s*\(([^)]*)\)`)
	groups := grouping.FindAllStringSubmatch(e, -1)
	e = grouping.ReplaceAllString(e, "")
	for _, id := range regexp.MustCompile(`\b[a-zA-Z_:][a-zA-Z0-9_:]*\b`).FindAllString(e, -1) {
		if promqlWords[id] || regexp.MustCompile(`^\d`).MatchString(id) {
			continue
		}
		u, ok := lookup(id)
		if !ok {
			bad = append(bad, "unknown metric or word "+id)
			continue
		}
		used = append(used, u)
	}
	for _, g := range groups {
		for _, l := range strings.Split(g[2], ",") {
			l = strings.TrimSpace(l)
			found := l == "" || slices.Contains(targetLabels, l)
			for _, u := range used {
				found = found || slices.Contains(u.labels, l)
			}
			if !found {
				bad = append(bad, fmt.Sprintf("%s(%s): no metric of the query has label %s", g[1], g[2], l))
			}
		}
	}
	return bad
}

// dashboard is what the tests read of the Grafana dashboard.
type dashboard struct {
	UID    string
	Title  string
	Panels []struct {
		ID         int
		Type       string
		Title      string
		Datasource struct{ UID string }
		GridPos    struct{ X, Y, W, H int }
		Targets    []struct {
			Expr       string
			Datasource struct{ UID string }
		}
	}
}

// queries returns the dashboard's PromQL with Grafana's variables given
// values (any instance, a 5-minute rate window).
func (d dashboard) queries() map[string]string {
	q := map[string]string{}
	r := strings.NewReplacer("$__rate_interval", "5m", "$instance", ".*")
	for _, p := range d.Panels {
		for i, tg := range p.Targets {
			q[fmt.Sprintf("%s (%c)", p.Title, 'A'+i)] = r.Replace(tg.Expr)
		}
	}
	return q
}

func readDashboard(t *testing.T) dashboard {
	t.Helper()
	b, err := os.ReadFile("compose/grafana/dashboards/swapscout.json")
	if err != nil {
		t.Fatal(err)
	}
	var d dashboard
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatalf("swapscout.json: %v", err)
	}
	return d
}

// TestDashboard: the dashboard's queries name only metrics and labels we
// export; every swapscout metric is on it; its panels use the provisioned
// data source, have unique ids and do not overlap.
func TestDashboard(t *testing.T) {
	d := readDashboard(t)
	fams := exported(t)
	if d.UID == "" || d.Title == "" {
		t.Errorf("dashboard uid %q, title %q", d.UID, d.Title)
	}
	var ds struct{ Datasources []struct{ UID string } }
	readYAML(t, "compose/grafana/provisioning/datasources/prometheus.yaml", &ds)
	ids := map[int]bool{}
	for i, p := range d.Panels {
		if ids[p.ID] {
			t.Errorf("panel %q: id %d used twice", p.Title, p.ID)
		}
		ids[p.ID] = true
		for _, q := range d.Panels[:i] {
			a, b := p.GridPos, q.GridPos
			if a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H {
				t.Errorf("panels %q and %q overlap", p.Title, q.Title)
			}
		}
		if p.Type == "row" {
			continue
		}
		if len(p.Targets) == 0 || p.Datasource.UID != ds.Datasources[0].UID {
			t.Errorf("panel %q: %d queries on data source %q; want queries on %q", p.Title, len(p.Targets), p.Datasource.UID, ds.Datasources[0].UID)
		}
	}
	shown := map[string]bool{}
	for title, q := range d.queries() {
		for _, bad := range checkQuery(q, fams) {
			t.Errorf("panel %s: %s\n\t%s", title, bad, q)
		}
		for name := range fams {
			if regexp.MustCompile(`\b` + name + `(_bucket|_sum|_count)?\b`).MatchString(q) {
				shown[name] = true
			}
		}
	}
	for name := range fams {
		if strings.HasPrefix(name, "swapscout_") && !shown[name] {
			t.Errorf("%s is on no panel of the dashboard", name)
		}
	}
}

// TestCheckQuery: the dashboard's check finds a misspelt metric, a label
// the metric lacks, a histogram read without its suffix and an unknown
// function.
func TestCheckQuery(t *testing.T) {
	fams := map[string]family{"swapscout_a_total": {labels: []string{"venue"}}, "swapscout_b_seconds": {labels: []string{"route"}, histogram: true}}
	for q, want := range map[string]int{
		`sum by (venue) (rate(swapscout_a_total{job="swapscout", instance=~".*"}[5m]))`:                   0,
		`histogram_quantile(0.99, sum by (route, le) (rate(swapscout_b_seconds_bucket{route="/x"}[5m])))`: 0,
		`up{job="swapscout"}`:                          0,
		`rate(swapscout_a_totl[5m])`:                   1,
		`sum by (route) (rate(swapscout_a_total[5m]))`: 1,
		`swapscout_a_total{code="x"}`:                  1,
		`rate(swapscout_b_seconds[5m])`:                1,
		`sun(swapscout_a_total)`:                       1,
	} {
		if got := checkQuery(q, fams); len(got) != want {
			t.Errorf("checkQuery(%s) = %q; want %d problems", q, got, want)
		}
	}
}

// TestPromtool: Prometheus's own tool accepts prometheus.yml and every
// dashboard query (as recording rules). Skipped without promtool.
func TestPromtool(t *testing.T) {
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool is not on the PATH (Debian's prometheus package has it)")
	}
	if out, err := exec.Command(promtool, "check", "config", "--syntax-only", "compose/prometheus.yml").CombinedOutput(); err != nil {
		t.Errorf("promtool check config: %v\n%s", err, out)
	}
	var rules strings.Builder
	rules.WriteString("groups:\n  - name: dashboard\n    rules:\n")
	qs := readDashboard(t).queries()
	titles := slices.Sorted(func(yield func(string) bool) {
		for k := range qs {
			if !yield(k) {
				return
			}
		}
	})
	for i, title := range titles {
		q, _ := json.Marshal(qs[title]) // a JSON string is a YAML string
		fmt.Fprintf(&rules, "      - record: dashboard:query_%d\n        expr: %s\n", i, q)
	}
	path := filepath.Join(t.TempDir(), "rules.yml")
	if err := os.WriteFile(path, []byte(rules.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(promtool, "check", "rules", path).CombinedOutput(); err != nil {
		t.Errorf("promtool check rules (the dashboard's queries): %v\n%s", err, out)
	}
}

// TestHAProxy: HAProxy accepts its configuration; the only warnings allowed
// are the instances' names, which resolve on compose's network alone.
// Skipped without haproxy.
func TestHAProxy(t *testing.T) {
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		t.Skip("haproxy is not on the PATH (Debian's haproxy package)")
	}
	out, err := exec.Command(haproxy, "-c", "-f", "compose/haproxy.cfg").CombinedOutput()
	if err != nil {
		t.Fatalf("haproxy -c: %v\n%s", err, out)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, "WARNING") && !strings.Contains(l, "could not resolve address") {
			t.Errorf("haproxy -c: %s", l)
		}
	}
}

// unit is a systemd unit file: each section's settings, repeated keys in
// order.
type unit map[string]map[string][]string

func readUnit(t *testing.T, path string) unit {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	u := unit{}
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case l == "" || l[0] == '#' || l[0] == ';':
		case l[0] == '[':
			section = strings.Trim(l, "[]")
			u[section] = map[string][]string{}
		default:
			k, v, ok := strings.Cut(l, "=")
			if !ok || section == "" {
				t.Fatalf("%s: cannot read %q", path, l)
			}
			u[section][k] = append(u[section][k], v)
		}
	}
	return u
}

// TestSystemdUnit: the unit runs serve as a dynamic user with its data in
// the state directory, reads its secrets from an environment file, restarts
// on failure, gives the shutdown room to finish, and carries its hardening.
// Where systemd-analyze is on the PATH, the unit verifies and its exposure
// score stays "OK" (2.0 or less).
func TestSystemdUnit(t *testing.T) {
	const path = "systemd/swapscout.service"
	u := readUnit(t, path)
	s := u["Service"]
	one := func(k string) string {
		if v := s[k]; len(v) > 0 {
			return v[len(v)-1]
		}
		return ""
	}
	args := strings.Fields(one("ExecStart"))
	if len(args) < 2 || args[0] != "/usr/local/bin/swapscout" || args[1] != "serve" {
		t.Fatalf("ExecStart=%s; want /usr/local/bin/swapscout serve …", one("ExecStart"))
	}
	grace := 5 * time.Second
	if g, ok := flagValue(args, "shutdown-grace"); ok {
		grace = mustDuration(t, "--shutdown-grace", g)
	}
	if stop := mustDuration(t, "TimeoutStopSec", one("TimeoutStopSec")); stop < grace+trackerStop+5*time.Second {
		t.Errorf("TimeoutStopSec=%v leaves no room for --shutdown-grace %v, the tracker's %v and a margin", stop, grace, trackerStop)
	}
	state := one("StateDirectory")
	if !slices.Contains(s["Environment"], "SWAPSCOUT_DATA_DIR=/var/lib/"+state) || state == "" {
		t.Errorf("Environment=%v; want SWAPSCOUT_DATA_DIR=/var/lib/%s, the state directory", s["Environment"], state)
	}
	if f := one("EnvironmentFile"); !strings.HasPrefix(strings.TrimPrefix(f, "-"), "/etc/") {
		t.Errorf("EnvironmentFile=%s; want the secrets' file under /etc", f)
	}
	for k, want := range map[string]string{
		"DynamicUser": "yes", "Restart": "on-failure", "NoNewPrivileges": "yes", "CapabilityBoundingSet": "",
		"AmbientCapabilities": "", "ProtectSystem": "strict", "ProtectHome": "yes", "PrivateTmp": "yes",
		"PrivateDevices": "yes", "ProtectKernelTunables": "yes", "ProtectKernelModules": "yes",
		"ProtectControlGroups": "yes", "RestrictAddressFamilies": "AF_INET AF_INET6 AF_UNIX",
		"RestrictNamespaces": "yes", "RestrictSUIDSGID": "yes", "LockPersonality": "yes",
		"MemoryDenyWriteExecute": "yes", "SystemCallArchitectures": "native", "UMask": "0077",
	} {
		if got, ok := s[k]; !ok || one(k) != want {
			t.Errorf("%s=%q (set: %v); want %q", k, got, ok, want)
		}
	}
	if !slices.Contains(s["SystemCallFilter"], "@system-service") || !slices.Contains(s["SystemCallFilter"], "~@privileged") {
		t.Errorf("SystemCallFilter=%v; want @system-service without @privileged", s["SystemCallFilter"])
	}
	if u["Install"]["WantedBy"] == nil {
		t.Error("no [Install] WantedBy: systemctl enable would do nothing")
	}

	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is not on the PATH: the unit was read, not verified")
	}
	// verify wants the program to exist: point ExecStart at any executable.
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(t.TempDir(), "swapscout.service")
	if err := os.WriteFile(tmp, []byte(strings.Replace(string(b), "ExecStart=/usr/local/bin/swapscout", "ExecStart="+self, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(analyze, "verify", tmp).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
	out, err := exec.Command(analyze, "security", "--offline=true", "--threshold=20", tmp).CombinedOutput()
	if err != nil {
		t.Errorf("systemd-analyze security: exposure above 2.0 (%v)\n%s", err, out)
	}
	if m := regexp.MustCompile(`Overall exposure level for \S+: (\S+)`).FindSubmatch(out); m != nil {
		t.Logf("systemd-analyze security: exposure %s", m[1])
	}
}

// TestContainerfile: the image starts FROM scratch (no base image to pull),
// copies only what build-image.sh stages, runs as a numeric non-root user
// that /etc/passwd names, keeps its data in a volume where serve looks for
// it, and runs swapscout serve.
func TestContainerfile(t *testing.T) {
	b, err := os.ReadFile("container/Containerfile")
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("build-image.sh")
	if err != nil {
		t.Fatal(err)
	}
	instr := map[string][]string{}
	for _, l := range strings.Split(strings.ReplaceAll(string(b), "\\\n", " "), "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0][0] != '#' {
			instr[f[0]] = append(instr[f[0]], strings.Join(f[1:], " "))
		}
	}
	if got := instr["FROM"]; len(got) != 1 || got[0] != "scratch" {
		t.Errorf("FROM %v; want scratch alone", got)
	}
	for _, c := range instr["COPY"] {
		f := strings.Fields(c)
		for _, src := range f[:len(f)-1] {
			if strings.HasPrefix(src, "--") {
				continue
			}
			if _, err := os.Stat(filepath.Join("container", src)); err != nil && !regexp.MustCompile(`"\$ctx/`+regexp.QuoteMeta(src)+`"`).Match(script) {
				t.Errorf("COPY %s: neither in deploy/container nor staged by build-image.sh", src)
			}
		}
	}
	user := instr["USER"]
	if len(user) != 1 || !regexp.MustCompile(`^[1-9][0-9]*:[0-9]+$`).MatchString(user[0]) {
		t.Fatalf("USER %v; want one numeric non-root uid:gid", user)
	}
	uid, _, _ := strings.Cut(user[0], ":")
	passwd, err := os.ReadFile("container/passwd")
	if err != nil || !regexp.MustCompile(`(?m)^[a-z]+:x:`+uid+`:`).Match(passwd) {
		t.Errorf("container/passwd names no user %s (%v)", uid, err)
	}
	env := strings.Join(instr["ENV"], " ")
	dir := regexp.MustCompile(`SWAPSCOUT_DATA_DIR=(\S+)`).FindStringSubmatch(env)
	if dir == nil || !slices.Contains(instr["VOLUME"], dir[1]) {
		t.Errorf("ENV %s, VOLUME %v: the data directory must be the volume", env, instr["VOLUME"])
	}
	if !strings.Contains(env, "SWAPSCOUT_ADDR=0.0.0.0:") {
		t.Errorf("ENV %s: serve must listen beyond the container's loopback", env)
	}
	if got := instr["CMD"]; len(got) != 1 || got[0] != `["serve"]` {
		t.Errorf("CMD %v; want [\"serve\"]", got)
	}
	if !strings.Contains(string(script), "CGO_ENABLED=0") {
		t.Error("build-image.sh does not build a static binary")
	}
}
