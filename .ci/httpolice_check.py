#!/usr/bin/env python3
"""Records a fixed set of HTTP exchanges with a running fixture-server and checks them with HTTPolice.

    python .ci/httpolice_check.py --port 8090 --record-dir .build/httpolice --allow .ci/httpolice-allow.txt

Every exchange is one TCP connection: the request bytes below are sent as they are (several requests
pipelined where listed), the write side is shut, and everything the server sends until it closes is the
response stream. The pairs of streams are written to --record-dir and read back with HTTPolice's
`streams` input, checked, and every notice is counted by id. The run fails when an error notice is not
in the allow-list (id and exchange name, with a reason), or when an allow-list entry is no longer needed.
Run with --report-only to print the counts without failing (used to measure a server before a fix).
Needs the server started with `--api server-fixtures/Examples/movies`.
"""
import argparse
import collections
import fnmatch
import os
import re
import socket
import sys

import httpolice
from httpolice.inputs.streams import streams_input


def request(method, target, headers=(), body=b"", version="HTTP/1.1", host=True):
    """One request's bytes; Host (the server's) first, then `headers`, then Content-Length for a body."""
    lines = ["%s %s %s" % (method, target, version)]
    if host:
        lines.append("Host: {host}")
    lines += list(headers)
    if isinstance(body, str):
        body = body.encode()
    if body or method in ("POST", "PUT", "PATCH"):
        lines.append("Content-Length: {length}")  # counted after the placeholders are filled
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def json_request(method, target, text, headers=()):
    return request(method, target, ["Content-Type: application/json"] + list(headers), text)


BEARER = "Authorization: Bearer {token}"

# name -> the bytes sent on one connection. {host}, {token}, {refresh} and {etag:/path} are filled in.
EXCHANGES = [
    # Restaurant
    ("categories", request("GET", "/categories")),
    ("menu", request("GET", "/menu")),
    ("menu-salads", request("GET", "/menu?category=salads")),
    ("menu-unknown-category", request("GET", "/menu?category=nope")),
    ("image", request("GET", "/images/1.png")),
    ("image-head", request("HEAD", "/images/1.png")),
    ("image-missing", request("GET", "/images/99.png")),
    ("order", json_request("POST", "/order", '{"menuIds":[1,2]}')),
    ("order-bad-body", json_request("POST", "/order", '{"menuIds":"x"}')),
    # Event streams (issue 55). This script half-closes each connection after its request, which the server
    # reads as the client leaving a stream at its first wait: the countdown checked is that of an empty order
    # (id 2: one event, no wait), the chat's words are not paced (no --delay).
    ("order-empty", json_request("POST", "/order", '{"menuIds":[]}')),
    ("order-status", request("GET", "/order/2/status", ["Accept: text/event-stream"])),
    ("order-status-resumed-204", request("GET", "/order/1/status", ["Accept: text/event-stream", "Last-Event-ID: 30"])),
    ("order-status-missing", request("GET", "/order/99/status", ["Accept: text/event-stream"])),
    ("order-status-bad-speed", request("GET", "/order/1/status?speed=0", ["Accept: text/event-stream"])),
    ("chat-stream", json_request("POST", "/v1/chat/completions", '{"messages":[{"role":"user","content":"Hi"}],"stream":true}', ["Accept: text/event-stream"])),
    ("chat", json_request("POST", "/v1/chat/completions", '{"messages":[{"role":"user","content":"Hi"}]}')),
    ("chat-bad-body", json_request("POST", "/v1/chat/completions", '{"prompt":"Hi"}')),
    # Conditional requests
    ("menu-if-none-match", request("GET", "/menu", ["If-None-Match: {etag:/menu}"])),
    ("menu-if-none-match-other", request("GET", "/menu", ['If-None-Match: "other"'])),
    ("menu-if-none-match-star", request("GET", "/menu", ["If-None-Match: *"])),
    ("menu-if-modified-since", request("GET", "/menu", ["If-Modified-Since: Fri, 01 Jan 2100 00:00:00 GMT"])),
    ("menu-if-modified-since-old", request("GET", "/menu", ["If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT"])),
    ("menu-if-modified-since-rfc850", request("GET", "/menu", ["If-Modified-Since: Sunday, 06-Nov-94 08:49:37 GMT"])),
    ("menu-if-modified-since-asctime", request("GET", "/menu", ["If-Modified-Since: Fri Jan  1 00:00:00 2100"])),
    ("image-if-none-match-head", request("HEAD", "/images/2.png", ["If-None-Match: {etag:/images/2.png}"])),
    ("user-put-if-match", json_request("PUT", "/api/users/2", '{"name":"a","job":"b"}', ["If-Match: {etag:/api/users/2}"])),
    ("user-put-if-match-stale", json_request("PUT", "/api/users/2", '{"name":"a","job":"b"}', ['If-Match: "stale"'])),
    ("user-put-if-unmodified-since-old", json_request("PUT", "/api/users/2", '{"name":"a"}', ["If-Unmodified-Since: Sun, 06 Nov 1994 08:49:37 GMT"])),
    ("user-delete-if-match-star", request("DELETE", "/api/users/3", ["If-Match: *"])),
    ("user-missing-if-match-star", request("DELETE", "/api/users/99", ["If-Match: *"])),
    # reqres
    ("users-page-2", request("GET", "/api/users?page=2")),
    ("user", request("GET", "/api/users/2")),
    ("user-missing", request("GET", "/api/users/23")),
    ("user-create", json_request("POST", "/api/users", '{"name":"morpheus","job":"leader"}')),
    ("user-update", json_request("PUT", "/api/users/2", '{"name":"morpheus","job":"zion resident"}')),
    ("user-patch", json_request("PATCH", "/api/users/2", '{"job":"captain"}')),
    ("user-delete", request("DELETE", "/api/users/2")),
    ("reqres-login", json_request("POST", "/api/login", '{"email":"eve.holt@reqres.in","password":"cityslicka"}')),
    ("reqres-login-missing-password", json_request("POST", "/api/login", '{"email":"peter@klaven"}')),
    ("reqres-register", json_request("POST", "/api/register", '{"email":"eve.holt@reqres.in","password":"pistol"}')),
    # Accounts
    ("accounts-signup-duplicate", json_request("POST", "/api/accounts/signup", '{"email":"police@example.com","password":"pw","name":"P"}')),
    ("accounts-login", json_request("POST", "/api/accounts/login", '{"email":"police@example.com","password":"pw"}')),
    ("accounts-login-wrong", json_request("POST", "/api/accounts/login", '{"email":"police@example.com","password":"no"}')),
    ("accounts-login-missing", json_request("POST", "/api/accounts/login", '{"email":"police@example.com"}')),
    ("accounts-refresh", json_request("POST", "/api/accounts/refresh", '{"refreshToken":"{refresh}"}')),
    ("accounts-refresh-unknown", json_request("POST", "/api/accounts/refresh", '{"refreshToken":"0123456789abcdef"}')),
    ("products", request("GET", "/api/products", [BEARER])),
    ("products-no-token", request("GET", "/api/products")),
    ("products-bad-token", request("GET", "/api/products", ["Authorization: Bearer 0123456789abcdef"])),
    # Your own API: server-fixtures/Examples/movies
    ("movies", request("GET", "/movies")),
    ("movies-filter", request("GET", "/movies?genre=drama")),
    ("movies-page", request("GET", "/movies?_page=2&_limit=3&_sort=-year")),
    ("movies-bad-page", request("GET", "/movies?_page=0")),
    ("movie", request("GET", "/movies/1")),
    ("movie-if-none-match", request("GET", "/movies/1", ["If-None-Match: {etag:/movies/1}"])),
    ("movie-missing", request("GET", "/movies/99")),
    ("movie-create", json_request("POST", "/movies", '{"title":"New","genre":"drama","year":2024,"rating":null,"tags":[]}')),
    ("movie-create-bad", json_request("POST", "/movies", "[1,2]")),
    ("movie-replace", json_request("PUT", "/movies/2", '{"title":"Orbit","genre":"science fiction","year":2021,"rating":7,"tags":[]}')),
    ("movie-patch-if-match-stale", json_request("PATCH", "/movies/3", '{"rating":7.5}', ['If-Match: "stale"'])),
    ("movie-patch", json_request("PATCH", "/movies/3", '{"rating":7.5}')),
    ("movie-delete", request("DELETE", "/movies/8")),
    ("reviews-of-movie", request("GET", "/reviews?movieId=1")),
    # The query language, singular and nested resources, teaching errors (issue 36)
    ("movies-operators", request("GET", "/movies?year_gte=2020&rating:gt=7&_sort=genre,-year")),
    ("movies-v1-page", request("GET", "/movies?_page=2&_per_page=3&_embed=reviews")),
    ("movies-slice", request("GET", "/movies?_start=2&_end=4&director.name_like=%5Eidris")),
    ("movies-unknown-field", request("GET", "/movies?genr=drama")),
    ("movies-huge-page", request("GET", "/movies?_page=9223372036854775807&_limit=2")),
    ("movie-reviews-nested", request("GET", "/movies/1/reviews")),
    ("movie-review-create-nested", json_request("POST", "/movies/2/reviews", '{"stars":4,"text":"Again"}')),
    ("movie-create-wrong-type", json_request("POST", "/movies", '{"title":"X","year":"2024"}')),
    ("profile", request("GET", "/profile")),
    ("profile-patch", json_request("PATCH", "/profile", '{"favoriteGenre":"comedy"}')),
    ("profile-delete-405", request("DELETE", "/profile")),
    ("movies-typo-404", request("GET", "/movis")),
    # The first hour (issue 48): the index at /, a swap typo, a wrong root
    ("index-json", request("GET", "/", ["Accept: application/json"])),
    ("index-html", request("GET", "/", ["Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"])),
    # The self-describing mock (issue 44): the document, the docs page, the inspector and its JSON (no CORS).
    ("openapi", request("GET", "/openapi.json")),
    ("docs", request("GET", "/docs", ["Accept: text/html"])),
    ("inspector", request("GET", "/_inspector", ["Accept: text/html"])),
    ("inspector-requests", request("GET", "/_inspector/requests?after=0", ["Origin: http://elsewhere.example"])),
    ("inspector-preflight", request("OPTIONS", "/_inspector/requests", ["Origin: http://elsewhere.example", "Access-Control-Request-Method: GET"])),
    ("inspector-post", json_request("POST", "/_inspector", "{}")),
    ("index-head", request("HEAD", "/", ["Accept: text/html"])),
    ("index-options", request("OPTIONS", "/")),
    ("popular-swap-typo-404", request("GET", "/movie/popluar")),
    ("movies-wrong-root-404", request("GET", "/api/movies")),
    # The teaching bodies in the learner's language (issue 43, item 5), with Vary: Accept-Language.
    ("typo-404-zh-hant", request("GET", "/movis", ["Accept-Language: zh-TW,zh;q=0.9,en;q=0.8"])),
    ("wrong-method-sv", request("DELETE", "/categories", ["Accept-Language: sv-SE, en;q=0.5"])),
    ("order-without-sort-sv", request("GET", "/movies?_order=desc", ["Accept-Language: sv"])),
    ("account-by-code", request("GET", "/account", ["X-Mock-Response-Code: 401"])),
    ("popular", request("GET", "/movie/popular")),
    ("popular-page-2", request("GET", "/movie/popular?page=2")),
    ("popular-page-3", request("GET", "/movie/popular?page=3")),
    ("popular-head", request("HEAD", "/movie/popular?page=1")),
    ("credits", request("GET", "/movie/1/credits")),
    ("credits-missing", request("GET", "/movie/5/credits")),
    ("movie-login", json_request("POST", "/login", '{"username":"learner","password":"swift"}')),
    ("movie-login-wrong", json_request("POST", "/login", '{"username":"learner","password":"x"}')),
    ("account", request("GET", "/account", ["Authorization: Bearer movie-token-123"])),
    ("account-signed-out", request("GET", "/account")),
    ("account-example-500", request("GET", "/account", ["X-Mock-Response: server error"])),
    ("account-example-unknown", request("GET", "/account", ["X-Mock-Response: nope"])),
    ("account-example-truncated", request("GET", "/account", ["X-Mock-Response: cut off"])),
    # Transfers: a multipart avatar (parsed, stored, served back, refused over the cap) and a streamed file
    ("avatar-upload", request("POST", "/api/users/2/avatar", ["Content-Type: multipart/form-data; boundary=XyZ"],
        b"--XyZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nJanet\r\n"
        b"--XyZ\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"a%22b.png\"\r\n"
        b"Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n--XyZ--\r\n")),
    ("avatar-get", request("GET", "/api/users/2/avatar")),
    ("avatar-missing", request("GET", "/api/users/9/avatar")),
    ("avatar-not-multipart", json_request("POST", "/api/users/2/avatar", '{"avatar":1}')),
    ("file-length", request("GET", "/files/100000")),
    ("file-chunked", request("GET", "/files/100000?chunked=1")),
    ("file-head", request("HEAD", "/files/100000")),
    ("file-bad-size", request("GET", "/files/lots")),
    # Methods and protocol
    ("options-star", request("OPTIONS", "*")),
    ("options-route", request("OPTIONS", "/api/users/2")),
    ("cors-preflight", request("OPTIONS", "/movies/1", ["Origin: http://localhost:5173", "Access-Control-Request-Method: PATCH", "Access-Control-Request-Headers: authorization, content-type"])),
    ("cors-get", request("GET", "/movies?genre=drama", ["Origin: http://localhost:5173"])),
    ("unknown-method", request("BREW", "/categories")),
    ("wrong-method", request("DELETE", "/categories")),
    ("not-found", request("GET", "/nope")),
    ("http-1.0", request("GET", "/categories", version="HTTP/1.0", host=False)),
    ("http-1.0-keep-alive", request("GET", "/categories", ["Connection: keep-alive"], version="HTTP/1.0") + request("GET", "/menu", version="HTTP/1.0")),
    ("pipelined", request("GET", "/categories") + request("GET", "/api/users/1") + request("GET", "/movies/2", ["Connection: close"])),
    ("absolute-form", request("GET", "http://{host}/api/users/4")),
    ("expect-100-continue", json_request("POST", "/order", '{"menuIds":[3]}', ["Expect: 100-continue"])),
    ("chunked-body", b"POST /order HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        b"6\r\n{\"menu\r\n9;x=y\r\nIds\":[5]}\r\n0\r\n\r\n"),
    # Framing edge cases and bad requests (answered, then the connection closes)
    ("te-and-content-length", b"POST /order HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n"),
    ("te-not-chunked", b"POST /order HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: gzip\r\n\r\n"),
    ("te-gzip-chunked", b"POST /order HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"),
    ("bad-chunk-size", b"POST /order HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"),
    ("missing-host", request("GET", "/categories", host=False)),
    ("two-hosts", request("GET", "/categories", ["Host: {host}"])),
    ("bad-host", request("GET", "/categories", host=False).replace(b"\r\n\r\n", b"\r\nHost: bad host/x\r\n\r\n")),
    ("two-content-lengths", b"POST /order HTTP/1.1\r\nHost: {host}\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}"),
    ("body-too-large", b"POST /order HTTP/1.1\r\nHost: {host}\r\nContent-Length: 2000000\r\n\r\n"),
    ("header-too-large", b"GET /categories HTTP/1.1\r\nHost: {host}\r\nX-Big: " + b"a" * 17000 + b"\r\n\r\n"),
    ("bad-request-line", b"GET /a b HTTP/1.1\r\nHost: {host}\r\n\r\n"),
    ("http-2.0", b"GET /categories HTTP/2.0\r\nHost: {host}\r\n\r\n"),
]


def exchange(port, data, timeout=10):
    """Sends `data` on a new connection, shuts the write side, returns everything read until the close."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


def header(response, name):
    match = re.search(rb"(?im)^" + name.encode() + rb":\s*(.*?)\r$", response)
    return match.group(1).decode() if match else ""


def body_field(response, name):
    match = re.search(r'"%s":"([^"]+)"' % name, response.split(b"\r\n\r\n", 1)[-1].decode())
    return match.group(1) if match else ""


def fill(data, values, port):
    """Fills {host}, {token}, {refresh} and {etag:/path} (the ETag of a GET of /path)."""
    def etag(match):
        path = match.group(1).decode()
        reply = exchange(port, ("GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % (path, values["host"])).encode())
        return header(reply, "ETag").encode()
    data = re.sub(rb"\{etag:([^}]+)\}", etag, data)
    for key, value in values.items():
        data = data.replace(("{%s}" % key).encode(), value.encode())
    head, separator, body = data.partition(b"\r\n\r\n")
    return head.replace(b"{length}", str(len(body)).encode()) + separator + body


def load_allow_list(path):
    entries = []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 2)
        if len(parts) < 3 or not parts[0].isdigit():
            sys.exit("%s:%d: expected `id exchange reason`" % (path, number))
        entries.append((int(parts[0]), parts[1], parts[2], number))
    return entries


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--record-dir", required=True)
    parser.add_argument("--allow", default=".ci/httpolice-allow.txt")
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.record_dir, exist_ok=True)
    host = "127.0.0.1:%d" % args.port

    # A signup gives the login exchanges an account, and a refresh token the refresh exchange can use.
    signup = exchange(args.port, fill(json_request("POST", "/api/accounts/signup", '{"email":"police@example.com","password":"pw","name":"P"}'), {"host": host}, args.port))
    values = {"host": host, "token": body_field(signup, "token") or "none", "refresh": body_field(signup, "refreshToken") or "none"}

    paths, names = [], []
    for index, (name, data) in enumerate(EXCHANGES):
        sent = fill(data, values, args.port)
        received = exchange(args.port, sent)
        stem = os.path.join(args.record_dir, "%03d-%s" % (index, name))
        with open(stem + ".request", "wb") as f:
            f.write(sent)
        with open(stem + ".response", "wb") as f:
            f.write(received)
        paths += [stem + ".request", stem + ".response"]
        names.append(name)

    # HTTPolice reads each pair back (one connection, one entry of EXCHANGES), so every notice has its name.
    allow = load_allow_list(args.allow)
    used = set()
    counts = collections.Counter()
    unexpected = []
    checked = 0
    for index, name in enumerate(names):
        for exch in streams_input(paths[2 * index:2 * index + 2]):
            httpolice.check_exchange(exch)
            checked += 1 if exch.request or exch.responses else 0
            complaints = [("exchange", c) for c in exch.complaints]
            if exch.request:
                complaints += [("request", c) for c in exch.request.complaints]
            for resp in exch.responses:
                complaints += [("response %d" % resp.status, c) for c in resp.complaints]
            for where, complaint in complaints:
                severity = complaint.notice.severity_short
                counts[(complaint.id, severity)] += 1
                if severity != "E":
                    continue
                allowed = [e for e in allow if e[0] == complaint.id and fnmatch.fnmatch(name, e[1])]
                if allowed:
                    used.add(allowed[0][3])
                else:
                    title = " ".join(str(complaint.notice.find("title").xpath("string()")).split())
                    unexpected.append("E %d in %s (%s): %s" % (complaint.id, name, where, title))

    print("httpolice: %d exchanges checked (%d connections)" % (checked, len(names)))
    for (notice_id, severity), count in sorted(counts.items()):
        print("httpolice: %s %d x%d" % (severity, notice_id, count))
    if not counts:
        print("httpolice: no notices")
    if args.report_only:
        for line in unexpected:
            print("httpolice: " + line)
        return 0
    unused = [e for e in allow if e[3] not in used]
    for line in unexpected:
        print("CI: HTTPolice error not in %s: %s" % (args.allow, line), file=sys.stderr)
    for entry in unused:
        print("CI: %s:%d allows E %d in %s, which no longer occurs: remove it" % (args.allow, entry[3], entry[0], entry[1]), file=sys.stderr)
    if checked < len(names):
        print("CI: only %d exchanges were checked for %d connections" % (checked, len(names)), file=sys.stderr)
        return 1
    return 1 if unexpected or unused else 0


if __name__ == "__main__":
    sys.exit(main())
