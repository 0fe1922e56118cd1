#!/usr/bin/env python3
"""Measures what two hostile request framings cost a fixture-server: wall time until it answers (or closes)
and the CPU time the server process spent, read from /proc (Linux only).

  1. a chunked POST of 1-byte chunks, each with a 4,000-byte chunk extension (issue 34: was quadratic);
  2. an empty-line preamble of 4 MiB before a request line (issue 34: was removeFirst() per byte).

Usage: python3 server-fixtures/tools/hostile-framing.py [PATH-TO-fixture-server]
(default .build/debug/fixture-server; build it with `swift build --product fixture-server`). Every attack is
bounded: the client gives up after 30 s, and the server is started on a free loopback port and stopped after.
"""
import os
import re
import socket
import subprocess
import sys
import threading
import time


def cpu_seconds(pid):
    """User + system CPU seconds of process `pid` (fields 14 and 15 of /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(server_pid, port, make_payload, label):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.settimeout(30)
    stop = threading.Event()

    def send():
        try:
            for piece in make_payload():
                if stop.is_set():
                    return
                sock.sendall(piece)
        except OSError:
            pass

    before_cpu = cpu_seconds(server_pid)
    started = time.monotonic()
    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    received = b""
    try:
        while b"\r\n" not in received:
            data = sock.recv(4096)
            if not data:
                break
            received += data
    except socket.timeout:
        pass
    elapsed = time.monotonic() - started
    stop.set()
    sock.close()
    time.sleep(0.2)  # let the server finish with the connection before reading its CPU time
    spent = cpu_seconds(server_pid) - before_cpu
    status = received.split(b"\r\n", 1)[0].decode(errors="replace") or "(closed without a response)"
    print(f"{label}: {status!r} after {elapsed:.3f} s wall, server CPU {spent:.2f} s")


def chunks_with_extensions():
    head = b"POST /order HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    chunk = b"1;x=" + b"a" * 3996 + b"\r\nx\r\n"
    yield head
    for _ in range(2000):  # 8 MB of framing for 2 KB of body
        yield chunk
    yield b"0\r\n\r\n"


def preamble():
    for _ in range(4):
        yield b"\r\n" * (1 << 19)  # 4 MiB of empty lines in all
    yield b"GET /categories HTTP/1.1\r\nHost: x\r\n\r\n"


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/fixture-server"
    server = subprocess.Popen([binary, "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        match = re.search(r":(\d+)/", line)
        if not match:
            sys.exit(f"hostile-framing: no port in the server's first line {line!r}")
        port = int(match.group(1))
        print(f"{binary} on port {port}")
        measure(server.pid, port, chunks_with_extensions, "1-byte chunks with 4,000-byte extensions")
        measure(server.pid, port, preamble, "4 MiB empty-line preamble")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
