#!/usr/bin/env python3
"""Turns the exchanges `.ci/httpolice.sh` recorded into seed files of the fuzz targets (issue 45).

    bash .ci/httpolice.sh                                   # records .build/httpolice/NNN-name.{request,response}
    python3 Fuzz/import-httpolice-seeds.py .build/httpolice # writes Fuzz/Corpus/<target>/httpolice-NNN-name

HTTPolice's inputs are the requests `.ci/httpolice_check.py` sends (the built-in backends, the movies
example, conditional requests, errors, framing edge cases) and the server's answers to them. Each becomes
the input its targets read:
- head: the request stream as sent (pipelined requests too), cut at the target's 4096 bytes;
- framing: the first request's field lines without its Host, after one byte for the version (0: 1.1);
- chunked: a chunked request's body; multipart: `Content-Type` line, newline, body;
- etag: an If-None-Match or If-Match value;
- cache-headers: a response's Cache-Control, Age and Vary, NUL-separated;
- server-message: the body of an error (status 400 or more); html-title: an HTML body; diagnosis: a JSON body.
The port in `Host` is replaced by 8090, so importing again writes the same files. Run it again whenever
the HTTPolice list grows; the files are small and checked in.
"""
import pathlib
import re
import sys


def split_message(stream):
    """(start line, [(name, value)], body) of the first message in `stream`; body up to its framing."""
    head, _, rest = stream.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    fields = []
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        fields.append((name.strip().lower(), value.strip()))
    length = next((int(v) for n, v in fields if n == b"content-length" and v.isdigit()), None)
    if any(n == b"transfer-encoding" and b"chunked" in v.lower() for n, v in fields):
        body = rest  # the chunked target wants the encoding itself
    else:
        body = rest[:length] if length is not None else rest
    return lines[0], fields, body


def field(fields, name):
    return next((v for n, v in fields if n == name), None)


def main(record_dir, corpus_root):
    written = 0
    corpus_root = pathlib.Path(corpus_root)

    def seed(target, name, data, limit):
        nonlocal written
        if not data:
            return
        folder = corpus_root / target
        folder.mkdir(parents=True, exist_ok=True)
        (folder / ("httpolice-" + name)).write_bytes(data[:limit])
        written += 1

    for request_file in sorted(pathlib.Path(record_dir).glob("*.request")):
        name = request_file.stem
        stream = re.sub(rb"Host: 127\.0\.0\.1:\d+", b"Host: 127.0.0.1:8090", request_file.read_bytes())
        seed("head", name, stream, 4096)
        start, fields, body = split_message(stream)
        version = b"\x01" if start.endswith(b"HTTP/1.0") else b"\x00"
        lines = [n + b": " + v for n, v in fields if n != b"host"]
        seed("framing", name, version + b"".join(line + b"\r\n" for line in lines), 4096)
        if b"chunked" in (field(fields, b"transfer-encoding") or b"").lower():
            seed("chunked", name, body, 4096)
        content_type = field(fields, b"content-type") or b""
        if content_type.lower().startswith(b"multipart/"):
            seed("multipart", name, content_type + b"\n" + body, 4096)
        for tag_field in (b"if-none-match", b"if-match"):
            seed("etag", name + "-" + tag_field.decode(), field(fields, tag_field), 1024)

        response_file = request_file.with_suffix(".response")
        if not response_file.exists():
            continue
        start, fields, body = split_message(response_file.read_bytes())
        status = int(start.split(b" ")[1]) if len(start.split(b" ")) > 1 and start.split(b" ")[1].isdigit() else 0
        cache = [field(fields, n) or b"" for n in (b"cache-control", b"age", b"vary")]
        if any(cache):
            seed("cache-headers", name, b"\x00".join(cache), 2048)
        content_type = (field(fields, b"content-type") or b"").lower()
        if status >= 400:
            seed("server-message", name, body, 4096)
        if content_type.startswith(b"text/html"):
            seed("html-title", name, body, 70000)
        if b"json" in content_type and status < 400:
            seed("diagnosis", name, body, 8192)
    print("import-httpolice-seeds: wrote %d seed files under %s" % (written, corpus_root))


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: import-httpolice-seeds.py RECORD_DIR [CORPUS_ROOT (default Fuzz/Corpus)]")
    main(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else pathlib.Path(__file__).parent / "Corpus")
