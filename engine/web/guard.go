// The guard of the server against other sites: requests for another host name (DNS rebinding) and the API requests of another site's page are refused.

package web

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// guard refuses with 403:
//
//   - a request whose Host is not one of the server's names: localhost, an IP address
//     (an address cannot be rebound by DNS) or one of s.Hosts. A page of another site
//     whose name was made to resolve to this machine (DNS rebinding) reaches the server
//     as the same origin as itself, but under its own name;
//   - an API request sent by another site's page: its Origin is not this server's, its
//     Sec-Fetch-Site says cross-site or same-site (another port of the same host is
//     same-site), or, from a browser that sends neither, its Referer is another
//     origin's. The page itself and links to it may come from anywhere.
//
// Requests without those headers (tools such as curl) pass.
func (s *Server) guard(h http.Handler) http.Handler {
	names := map[string]bool{"localhost": true}
	for _, n := range s.Hosts {
		names[hostName(n)] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := hostName(r.Host)
		if !names[host] && net.ParseIP(host) == nil {
			forbidden(w, fmt.Sprintf("refused: this server answers for localhost and its addresses%s, not for %s (a page of another site may be trying to reach it)", s.hostsText(), quoteHost(r.Host)))
			return
		}
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			h.ServeHTTP(w, r)
			return
		}
		origin, site := r.Header.Get("Origin"), r.Header.Get("Sec-Fetch-Site")
		switch {
		case origin != "" && !sameOrigin(origin, r.Host):
			forbidden(w, fmt.Sprintf("refused: a request of the page of %s; the API answers its own page only", quoteHost(origin)))
		case site != "" && site != "same-origin" && site != "none":
			forbidden(w, fmt.Sprintf("refused: a %s request; the API answers its own page only", site))
		case origin == "" && site == "" && r.Header.Get("Referer") != "" && !sameOrigin(r.Header.Get("Referer"), r.Host):
			forbidden(w, "refused: a request from another site's page; the API answers its own page only")
		default:
			h.ServeHTTP(w, r)
		}
	})
}

// hostName is a Host header's name: without the port or the brackets of an IPv6
// address, in lower case, without a final dot.
func hostName(hostport string) string {
	h := hostport
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	return strings.TrimSuffix(strings.ToLower(h), ".")
}

// sameOrigin: the address (an Origin or a Referer) is an http(s) address of host (the
// request's Host, with its port).
func sameOrigin(address, host string) bool {
	u, err := url.Parse(address)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return hostName(u.Host) == hostName(host) && port(u) == port(&url.URL{Scheme: u.Scheme, Host: host})
}

// port is an address's port, the scheme's when it names none.
func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if u.Scheme == "https" {
		return "443"
	}
	return "80"
}

// hostsText lists s.Hosts for a message.
func (s *Server) hostsText() string {
	if len(s.Hosts) == 0 {
		return ""
	}
	return " and " + strings.Join(s.Hosts, ", ")
}

// quoteHost quotes a header's value for a message, capped.
func quoteHost(v string) string {
	if len(v) > 100 {
		v = v[:100] + "…"
	}
	return fmt.Sprintf("%q", v)
}

// forbidden answers 403 with {"error": msg}.
func forbidden(w http.ResponseWriter, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusForbidden)
	json.NewEncoder(w).Encode(map[string]string{"error": msg})
}
