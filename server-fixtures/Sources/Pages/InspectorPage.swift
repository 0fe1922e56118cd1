import Foundation

// MARK: - GET /_inspector: the last requests, live

/// The inspector's routes: `GET /_inspector`, a page that polls `GET /_inspector/requests` (JSON) every
/// half second and lists the exchanges newest first, the browser's own requests and the server's pages
/// (``BrowserNoise``) folded away behind a switch. Neither is under CORS.
enum InspectorPage {
    /// The two routes, showing `inspector`'s exchanges.
    static func routes(_ inspector: Inspector) -> [Route] {
        [
            Route(
                "/_inspector",
                [
                    (
                        "GET",
                        { _ in
                            HTTPResponse(
                                status: 200, contentType: "text/html; charset=utf-8", body: Data(html(inspector).utf8),
                                fields: [.init(name: "Cache-Control", value: "no-store")])
                        }
                    )
                ]),
            Route(
                "/_inspector/requests",
                [
                    (
                        "GET",
                        { context in
                            let after = context.request.query["after"].flatMap { Int($0) } ?? 0
                            return HTTPResponse(
                                status: 200, contentType: HTTPResponse.jsonContentType,
                                body: inspector.json(after: after),
                                fields: [.init(name: "Cache-Control", value: "no-store")])
                        }
                    )
                ]),
        ]
    }

    /// The page showing `inspector`'s exchanges now (the script then polls for newer ones).
    static func html(_ inspector: Inspector) -> String {
        let kept = inspector.entries
        let entries = kept.reversed()
        let rows = entries.map(row).joined()
        let last = kept.last?.number ?? 0
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Inspector: fixture-server</title>
            <style>
            body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:0 auto;max-width:70em;padding:1em 1.5em;color:#1d1d1f}
            code,pre{font:12px/1.35 ui-monospace,SFMono-Regular,Menlo,monospace}
            pre{background:#f5f5f7;padding:.5em;overflow:auto;white-space:pre-wrap;word-break:break-all;margin:.2em 0}
            .x{border:1px solid #d2d2d7;border-radius:8px;margin:.5em 0;padding:.3em .8em}
            .s2{color:#248a3d}.s3{color:#0071e3}.s4{color:#b25000}.s5{color:#d70015}
            .why{background:#fff4e5;border-left:4px solid #b25000;padding:.3em .6em;margin:.3em 0}
            summary{cursor:pointer}
            .noise{opacity:.6;padding:0 .8em}.noise details{display:none}.quiet .noise{display:none}
            </style></head>
            <body>
            <h1>Inspector</h1>
            <p>The last \(Inspector.capacity) requests this server answered, newest first, with their answers. Secrets are masked
            (<code>Authorization</code>, cookies, <code>api_key</code>-style query items, password fields). A 4xx says why.
            This page asks <a href="/_inspector/requests">/_inspector/requests</a> every half second; see also <a href="/docs">/docs</a>.</p>
            <p id="status">\(entries.count) request\(entries.count == 1 ? "" : "s") so far.</p>
            <p><label><input type="checkbox" id="noise"> Show the browser's own requests (<code>/favicon.ico</code>,
            <code>/robots.txt</code>, …) and this server's pages (<code>/</code>, <code>/docs</code>,
            <code>/openapi.json</code>), hidden so that your program's requests come first.</label></p>
            <div id="list" class="quiet" data-last="\(last)">
            \(rows)</div>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
    }

    /// One exchange as HTML (the script writes the same markup for newer ones).
    static func row(_ entry: Inspector.Entry) -> String {
        let e = RootPage.escaped
        let query = entry.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let target = entry.path + (query.isEmpty ? "" : "?" + query)
        let kind = BrowserNoise.isNoise(entry.path) ? "x noise" : "x"
        var html =
            "<div class=\"\(kind)\" id=\"r\(entry.number)\"\(entry.streaming ? " data-streaming=\"1\"" : "")><b>\(e(entry.method))</b> <code>\(e(target))</code> → "
        html += "<b class=\"s\(entry.status / 100)\">\(entry.status)</b> in \(entry.milliseconds) ms"
        html +=
            " <small>at \(e(ReqresRoutes.timestamp(entry.time)))\(entry.upstream ? ", from the upstream (--record)" : "")</small>\n"
        if let reason = entry.reason { html += "<div class=\"why\">Why: \(e(reason))</div>\n" }
        let requestHeaders = entry.requestHeaders.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            .joined(separator: "\n")
        let responseHeaders = entry.responseHeaders.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
        html += "<details><summary>request and answer</summary>"
        html += "<p>Request headers</p><pre>\(e(requestHeaders))</pre>"
        if !entry.requestBody.isEmpty { html += "<p>Request body</p><pre>\(e(entry.requestBody))</pre>" }
        html += "<p>Answer headers</p><pre>\(e(responseHeaders))</pre>"
        if !entry.responseBody.isEmpty { html += "<p>Answer body</p><pre>\(e(entry.responseBody))</pre>" }
        return html + "</details></div>\n"
    }

    /// Polls `/_inspector/requests?after=<last>` every half second and puts newer exchanges on top; an
    /// exchange whose stream is still going (`"streaming": true`) is asked for again and redrawn until it ends.
    static let script =
        "const noise = new RegExp(\"\(BrowserNoise.pattern.replacingOccurrences(of: "\\", with: "\\\\"))\");\n" + #"""
            const list = document.getElementById('list');
            const shown = document.getElementById('noise');
            shown.addEventListener('change', () => { list.classList.toggle('quiet', !shown.checked); count(); });
            function count() {
              const all = list.children.length;
              const hidden = list.querySelectorAll('.noise').length;
              document.getElementById('status').textContent = all + ' requests so far, updated live' +
                (hidden && !shown.checked ? ' (' + hidden + ' of the browser\'s own and the server\'s pages hidden).' : '.');
            }
            count();
            const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
            function row(x) {
              const q = Object.keys(x.query).sort().map(k => k + '=' + x.query[k]).join('&');
              const head = Object.keys(x.requestHeaders).sort().map(k => k + ': ' + x.requestHeaders[k]).join('\n');
              const answer = x.responseHeaders.map(f => f[0] + ': ' + f[1]).join('\n');
              let h = '<b>' + esc(x.method) + '</b> <code>' + esc(x.path + (q ? '?' + q : '')) + '</code> → ' +
                '<b class="s' + Math.floor(x.status / 100) + '">' + x.status + '</b> in ' + x.milliseconds + ' ms' +
                ' <small>at ' + esc(x.time) + (x.upstream ? ', from the upstream (--record)' : '') + '</small>\n';
              if (x.reason) h += '<div class="why">Why: ' + esc(x.reason) + '</div>\n';
              h += '<details><summary>request and answer</summary><p>Request headers</p><pre>' + esc(head) + '</pre>';
              if (x.requestBody) h += '<p>Request body</p><pre>' + esc(x.requestBody) + '</pre>';
              h += '<p>Answer headers</p><pre>' + esc(answer) + '</pre>';
              if (x.responseBody) h += '<p>Answer body</p><pre>' + esc(x.responseBody) + '</pre>';
              const div = document.createElement('div');
              div.className = noise.test(x.path) ? 'x noise' : 'x';
              div.id = 'r' + x.number;
              div.dataset.streaming = x.streaming ? '1' : '';
              div.innerHTML = h + '</details>';
              return div;
            }
            async function poll() {
              try {
                // From the oldest stream still going, so that its events so far are redrawn.
                const going = [...list.querySelectorAll('[data-streaming="1"]')].map(d => Number(d.id.slice(1)) - 1);
                const after = Math.min(Number(list.dataset.last), ...going);
                const answer = await fetch('/_inspector/requests?after=' + after, {cache: 'no-store'});
                const body = await answer.json();
                for (const x of body.requests.slice().reverse()) {
                  const old = document.getElementById('r' + x.number);
                  if (old && old.dataset.streaming) {
                    const fresh = row(x);
                    fresh.querySelector('details').open = old.querySelector('details').open;
                    old.replaceWith(fresh);
                  }
                  if (old) continue;
                  list.insertBefore(row(x), list.firstChild);
                  list.dataset.last = Math.max(Number(list.dataset.last), x.number);
                }
                while (list.children.length > body.capacity) list.removeChild(list.lastChild);
                count();
              } catch (error) {
                document.getElementById('status').textContent = 'The server does not answer (' + error + '); trying again.';
              }
              setTimeout(poll, 500);
            }
            setTimeout(poll, 500);
            """#
}
