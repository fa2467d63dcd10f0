#!/usr/bin/env python3
"""A small HTTP server for report-batch's monitor tests (pings, pushes), on 127.0.0.1.

It logs every request it reads to --log as one JSON line (method, path, body), then answers as
--mode says: ok (200), fail-first N (500 to the first N requests, then 200; --fail-first),
never (reads the request and never answers), close (closes the connection without a word),
slow (answers 200 after --delay seconds). It writes --ready-file once it listens and stops on
SIGTERM (the tests stop it by pid).
"""
import argparse, json, signal, socket, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--mode", choices=["ok", "fail-first", "never", "close", "slow"], default="ok")
parser.add_argument("--fail-first", type=int, default=1)
parser.add_argument("--delay", type=float, default=5.0)
parser.add_argument("--log", required=True)
parser.add_argument("--ready-file", required=True)
args = parser.parse_args()
lock = threading.Lock()
served = [0]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *rest):
        pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "backslashreplace") if length else ""
        with lock:
            served[0] += 1
            number = served[0]
            with open(args.log, "a", encoding="utf-8") as f:
                f.write(json.dumps({"method": self.command, "path": self.path, "body": body}) + "\n")
        if args.mode == "never":
            time.sleep(3600)
            return
        if args.mode == "close":
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        if args.mode == "slow":
            time.sleep(args.delay)
        status = 500 if args.mode == "fail-first" and number <= args.fail_first else 200
        text = b"OK" if status == 200 else b"error"
        self.send_response(status)
        self.send_header("Content-Length", str(len(text)))
        self.end_headers()
        self.wfile.write(text)

    do_GET = do_POST = do_PUT = handle_any


# A test process may start this one with SIGTERM blocked (the spawning thread's mask is inherited).
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
server.daemon_threads = True
signal.signal(signal.SIGTERM, lambda *rest: sys.exit(0))
with open(args.ready_file, "w") as f:
    f.write(str(args.port))
server.serve_forever()
