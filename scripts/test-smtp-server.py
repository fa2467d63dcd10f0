#!/usr/bin/env python3
"""A real SMTP server for report-batch's delivery tests (aiosmtpd from PyPI), on 127.0.0.1.

It saves every message it accepts as NNNN-<recipient>.eml in --dir, offers STARTTLS with the
given certificate (unless --no-starttls), requires AUTH PLAIN with --user/--password over TLS,
refuses the recipients of --reject with 550, and answers 451 to those of --tempfail the first
N times. It misbehaves on cue: --log-rcpt FILE appends every RCPT TO it is given, accepted or
not, one line each; --drop-data N drops the connection after the message's data, before the
reply, the first N times; --silent accepts connections and never says a word (a server behind a
dead firewall, for SMTP and PostgreSQL alike). It prints "ready PORT" (and writes --ready-file)
once listening and stops on SIGTERM (the tests stop it by pid).
"""
import argparse, os, signal, socket, ssl, sys, threading
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--dir", required=True)
parser.add_argument("--cert")
parser.add_argument("--key")
parser.add_argument("--no-starttls", action="store_true")
parser.add_argument("--user")
parser.add_argument("--password")
parser.add_argument("--reject", action="append", default=[])
parser.add_argument("--tempfail", action="append", default=[], help="ADDRESS=N")
parser.add_argument("--ready-file", help="written once the server listens")
parser.add_argument("--log-rcpt", help="every RCPT TO address, one a line")
parser.add_argument("--drop-data", type=int, default=0)
parser.add_argument("--silent", action="store_true")
args = parser.parse_args()
tempfail = {a.split("=")[0].lower(): int(a.split("=")[1]) for a in args.tempfail}
lock = threading.Lock()
count = [0]


class Handler:
    async def handle_RCPT(self, server, session, envelope, address, options):
        if args.log_rcpt:
            with lock, open(args.log_rcpt, "a", encoding="utf-8", errors="backslashreplace") as f:
                f.write(repr(address) + "\n")
        address = address.lower()
        if address in [r.lower() for r in args.reject]:
            return "550 5.1.1 mailbox unavailable"
        with lock:
            if tempfail.get(address, 0) > 0:
                tempfail[address] -= 1
                return "451 4.3.0 try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with lock:
            drop = args.drop_data > 0
            args.drop_data -= 1
        if drop:
            # The data has arrived; the connection goes before the reply, as a crashed relay's would.
            server.transport.abort()
            return "421 4.3.0 gone"
        with lock:
            count[0] += 1
            number = count[0]
        name = "%04d-%s.eml" % (number, envelope.rcpt_tos[0].replace("@", "_at_"))
        with open(os.path.join(args.dir, name + ".part"), "wb") as f:
            f.write(envelope.original_content)
        os.rename(os.path.join(args.dir, name + ".part"), os.path.join(args.dir, name))
        return "250 2.0.0 accepted as %d" % number


def authenticator(server, session, envelope, mechanism, auth_data):
    ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == args.user and auth_data.password.decode() == args.password
    return AuthResult(success=ok)


def wait_for_signal():
    stopped = threading.Event()
    # A test process may start this one with SIGTERM blocked (the spawning thread's mask is inherited).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: stopped.set())
    signal.signal(signal.SIGINT, lambda *_: stopped.set())
    # A wait with a timeout, so that the signal handlers run (a bare wait would not return).
    while not stopped.wait(0.2):
        pass


def say_ready():
    print("ready", args.port, flush=True)
    if args.ready_file:
        with open(args.ready_file + ".part", "w") as f:
            f.write(str(os.getpid()))
        os.rename(args.ready_file + ".part", args.ready_file)


if args.silent:
    # Accepts every connection (the kernel completes the handshake) and never reads or writes.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", args.port))
    listener.listen(64)
    held = []
    def accept():
        while True:
            held.append(listener.accept()[0])
    threading.Thread(target=accept, daemon=True).start()
    say_ready()
    wait_for_signal()
    sys.exit(0)

options = {}
if not args.no_starttls:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args.cert, args.key)
    options.update(tls_context=context, require_starttls=True)
if args.user:
    options.update(authenticator=authenticator, auth_required=True, auth_require_tls=not args.no_starttls)
controller = Controller(Handler(), hostname="127.0.0.1", port=args.port, decode_data=False, **options)
controller.start()
say_ready()
wait_for_signal()
controller.stop()
