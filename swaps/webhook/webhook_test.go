package webhook_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps/webhook"
)

func TestCheckURL(t *testing.T) {
	for _, tc := range []struct {
		url          string
		allowPrivate bool
		ok           bool
	}{
		{"https://example.com/hook", false, true},
		{"http://example.com:8080/hook?token=x", false, true},
		{"https://93.184.216.34/hook", false, true},
		{"ftp://example.com/hook", false, false},
		{"file:///etc/passwd", false, false},
		{"javascript:alert(1)", false, false},
		{"//example.com/hook", false, false},
		{"https:///nohost", false, false},
		{"https://user:pw@example.com/", false, false},
		{"http://example.com:99999/", false, false},
		{"http://localhost/hook", false, false},
		{"http://LOCALHOST./hook", false, false},
		{"http://api.localhost/hook", false, false},
		{"http://127.0.0.1:9000/hook", false, false},
		{"http://[::1]/hook", false, false},
		{"http://10.1.2.3/hook", false, false},
		{"http://192.168.1.1/hook", false, false},
		{"http://172.16.0.1/hook", false, false},
		{"http://169.254.169.254/latest/meta-data", false, false},
		{"http://100.64.0.1/", false, false},
		{"http://0.0.0.0/", false, false},
		{"http://[::ffff:127.0.0.1]/", false, false},
		{"http://[fd00::1]/", false, false},
		{"http://127.0.0.1:9000/hook", true, true},
		{"http://localhost/hook", true, true},
		{"ftp://127.0.0.1/", true, false},
		{"https://example.com/" + strings.Repeat("a", 3000), false, false},
		// Loopback and private addresses in the forms browsers and C
		// resolvers accept (inet_aton, the WHATWG URL standard) and the
		// IPv6 forms that carry an IPv4 address.
		{"http://2130706433/", false, false},
		{"http://0x7f000001/", false, false},
		{"http://0X7F000001/", false, false},
		{"http://0x7f.0.0.1/", false, false},
		{"http://0x7f.1/", false, false},
		{"http://0177.0.0.1/", false, false},
		{"http://0177.1/", false, false},
		{"http://127.1/", false, false},
		{"http://127.0.1/", false, false},
		{"http://127.0.0.1./", false, false},
		{"http://0/", false, false},
		{"http://0x0a.0x01.0x02.0x03/", false, false},
		{"http://012.1.2.3/", false, false},
		{"http://167772161/", false, false},  // 10.0.0.1
		{"http://3232235777/", false, false}, // 192.168.1.1
		{"http://0xa9fea9fe/", false, false}, // 169.254.169.254
		{"http://%31%32%37.0.0.1/", false, false},
		{"http://１２７．０．０．１/", false, false},
		{"http://[::ffff:127.0.0.1]/", false, false},
		{"http://[::ffff:7f00:1]/", false, false},
		{"http://[::ffff:10.0.0.1]/", false, false},
		{"http://[::127.0.0.1]/", false, false},
		{"http://[::7f00:1]/", false, false},
		{"http://[::8.8.8.8]/", false, false}, // IPv4-compatible: no route, whatever it carries
		{"http://[::ffff:0:127.0.0.1]/", false, false},
		{"http://[2002:7f00:1::]/", false, false},
		{"http://[2002:c0a8:101::1]/", false, false}, // 6to4 of 192.168.1.1
		{"http://[64:ff9b::127.0.0.1]/", false, false},
		{"http://[64:ff9b::a9fe:a9fe]/", false, false},
		{"http://[64:ff9b:1::7f00:1]/", false, false},
		{"http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", false, false}, // Teredo
		{"http://[fec0::1]/", false, false},
		{"http://[fe80::1%25eth0]/", false, false},
		// Hosts that end in a number but are no address: nothing to call.
		{"http://1.2.3.4.5/", false, false},
		{"http://256.1.1.1/", false, false},
		{"http://1.2.3.256/", false, false},
		{"http://1.16777216/", false, false},
		{"http://4294967296/", false, false},
		{"http://08.1.1.1/", false, false},
		{"http://example.123/", false, false},
		{"http://99999999999999999999999/", false, false},
		// Public addresses in the same forms, and names that merely
		// contain digits, are fine.
		{"http://134744072/", false, true}, // 8.8.8.8
		{"http://0x8.0x8.0x8.0x8/", false, true},
		{"http://8.8.2056/", false, true},
		{"http://[2002:808:808::1]/", false, true},
		{"http://[64:ff9b::808:808]/", false, true},
		{"http://[2606:4700::1111]/", false, true},
		{"https://1.example.com/", false, true},
		{"https://0x7f.example/", false, true},
		{"https://hooks.example.com./", false, true},
		{"https://bücher.example/", false, true},
		{"http://2130706433/", true, true},
	} {
		err := webhook.CheckURL(tc.url, tc.allowPrivate)
		if (err == nil) != tc.ok {
			t.Errorf("CheckURL(%q, %v) = %v; want ok %v", tc.url, tc.allowPrivate, err, tc.ok)
		}
		if err != nil && swapscout.ErrorCode(err) != swapscout.EINVALID {
			t.Errorf("CheckURL(%q) code %s; want %s", tc.url, swapscout.ErrorCode(err), swapscout.EINVALID)
		}
	}
}

func TestSignVerify(t *testing.T) {
	secret := []byte("s3cret")
	body := []byte(`{"id":"x","status":"finished"}`)
	now := time.Unix(1_800_000_000, 0)
	h := webhook.Sign(secret, now.Unix(), body)
	if !strings.HasPrefix(h, "t=1800000000,v1=") || len(h) != len("t=1800000000,v1=")+64 {
		t.Fatalf("Sign = %q", h)
	}
	if err := webhook.Verify(secret, h, body, now.Add(time.Minute), 5*time.Minute); err != nil {
		t.Errorf("Verify(own signature) = %v", err)
	}
	for name, c := range map[string]struct {
		secret, body []byte
		header       string
		at           time.Time
	}{
		"other secret": {[]byte("other"), body, h, now},
		"other body":   {secret, []byte(`{"id":"x","status":"failed"}`), h, now},
		"stale":        {secret, body, h, now.Add(10 * time.Minute)},
		"future":       {secret, body, h, now.Add(-10 * time.Minute)},
		"no signature": {secret, body, "t=1800000000", now},
		"garbage":      {secret, body, "nonsense", now},
		"bad hex":      {secret, body, "t=1800000000,v1=zz", now},
		"moved t":      {secret, body, strings.Replace(h, "t=1800000000", "t=1800000001", 1), now},
	} {
		if err := webhook.Verify(c.secret, c.header, c.body, c.at, 5*time.Minute); err == nil {
			t.Errorf("%s: Verify accepted", name)
		}
	}
}

func TestSend(t *testing.T) {
	secret := []byte("k")
	got := make(chan *http.Request, 1)
	var gotBody []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotBody, _ = io.ReadAll(r.Body)
		got <- r
		if strings.Contains(r.URL.Path, "fail") {
			w.WriteHeader(500)
		}
		if strings.Contains(r.URL.Path, "redirect") {
			http.Redirect(w, r, "/elsewhere", http.StatusFound)
		}
	}))
	defer srv.Close()
	s := &webhook.Sender{Secret: secret, Client: webhook.Client(2*time.Second, true)}
	ctx := context.Background()
	body := []byte(`{"id":"abc"}`)
	if err := s.Send(ctx, srv.URL+"/ok", swapscout.SwapChange{SwapID: "abc", Seq: 3}, body); err != nil {
		t.Fatal(err)
	}
	r := <-got
	if r.Method != "POST" || r.Header.Get("Content-Type") != "application/json" || r.Header.Get("Swapscout-Delivery") != "abc.3" || string(gotBody) != string(body) {
		t.Errorf("delivery: %s %v %q", r.Method, r.Header, gotBody)
	}
	if err := webhook.Verify(secret, r.Header.Get("Swapscout-Signature"), gotBody, time.Now(), time.Minute); err != nil {
		t.Errorf("the receiver cannot verify: %v", err)
	}
	if err := s.Send(ctx, srv.URL+"/fail", swapscout.SwapChange{SwapID: "abc", Seq: 3}, body); err == nil {
		t.Error("a 500 counted as delivered")
	}
	<-got
	if err := s.Send(ctx, srv.URL+"/redirect", swapscout.SwapChange{SwapID: "abc", Seq: 3}, body); err == nil {
		t.Error("a redirect counted as delivered")
	}
	<-got
	// Without allowPrivate the loopback receiver is refused at connect time,
	// and the error does not carry the URL.
	strict := &webhook.Sender{Secret: secret, Client: webhook.Client(2*time.Second, false)}
	err := strict.Send(ctx, srv.URL+"/ok?token=mine", swapscout.SwapChange{SwapID: "abc", Seq: 3}, body)
	if err == nil {
		t.Fatal("a loopback receiver was called without allowPrivate")
	}
	if strings.Contains(err.Error(), "token=mine") || strings.Contains(err.Error(), srv.URL) {
		t.Errorf("error carries the URL: %v", err)
	}
	select {
	case <-got:
		t.Error("the loopback receiver was reached")
	default:
	}
}
