#!/usr/bin/env python3
"""A stand-in OpenAI-compatible chat server for bench/llm.sh: loopback only, standard library only.

    python3 bench/llm_server.py --port 18080 --latency-ms 250 --max-seconds 900 [--count-file F]

Answers POST */chat/completions with a fixed, valid chat completion after --latency-ms, over
HTTP/1.1 keep-alive with an exact Content-Length. Counts the chat requests it answered and the
connections it accepted: GET /count returns both as JSON; at exit the counts also go to
--count-file, if given.
Exits by itself after --max-seconds, so nothing outlives the benchmark.
"""

import argparse
import json
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

REPLY_TEXT = "Summary: numbered log lines; requests served, a few warnings, no errors."


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the connection stays open between requests
    # Headers and body are two writes: with Nagle on, the body could wait for a delayed ACK.
    disable_nagle_algorithm = True

    def setup(self):
        super().setup()
        with self.server.lock:
            self.server.connections += 1

    def log_message(self, fmt, *args):  # quiet: logging would cost time on every request
        pass

    def _send(self, status, obj):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._send(404, {"error": {"message": f"no route {self.path}"}})
            return
        try:
            req = json.loads(raw or b"{}")
        except ValueError as e:
            self._send(400, {"error": {"message": f"invalid JSON: {e}"}})
            return
        srv = self.server
        if srv.latency > 0:
            time.sleep(srv.latency)
        with srv.lock:
            srv.count += 1
            n = srv.count
        self._send(
            200,
            {
                "id": f"chatcmpl-bench-{n}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": req.get("model", "bench"),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": REPLY_TEXT},
                        "finish_reason": "stop",
                    }
                ],
                # A rough count: 4 bytes a token.
                "usage": {"prompt_tokens": max(1, len(raw) // 4), "completion_tokens": len(REPLY_TEXT) // 4},
            },
        )

    def do_GET(self):
        if self.path == "/count":
            self._send(200, {"count": self.server.count, "connections": self.server.connections})
        else:
            self._send(404, {"error": {"message": f"no route {self.path}"}})


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # the default backlog of 5 could drop connects when many jobs start at once


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--latency-ms", type=float, default=0.0)
    ap.add_argument("--max-seconds", type=float, default=900.0)
    ap.add_argument("--count-file")
    a = ap.parse_args()

    srv = Server(("127.0.0.1", a.port), Handler)
    srv.latency = a.latency_ms / 1000.0
    srv.lock = threading.Lock()
    srv.count = 0
    srv.connections = 0
    srv.count_file = a.count_file
    # The deadline: shutdown() from a timer thread ends serve_forever() in the main thread.
    timer = threading.Timer(a.max_seconds, srv.shutdown)
    timer.daemon = True
    timer.start()
    # SIGTERM (the benchmark's EXIT trap) ends it the same way, so the count is written.
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=srv.shutdown, daemon=True).start())
    print(f"llm_server: 127.0.0.1:{a.port}, latency {a.latency_ms:g} ms, exits after {a.max_seconds:g} s",
          file=sys.stderr, flush=True)
    try:
        srv.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
        if a.count_file:
            with open(a.count_file, "w") as f:
                json.dump({"count": srv.count, "connections": srv.connections}, f)
        print(f"llm_server: {srv.count} requests answered on {srv.connections} connections", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
