"""A Dask scheduler's address (``simulate --cluster``), checked before any game is sent.

Handed to Dask as it is, a mistyped address fails late and badly: no port or an empty
address raise tracebacks, ``inproc://`` only reaches a scheduler in this very process,
``tls://`` needs certificates skirmish does not take, an HTTP server's reply is read as a
message length (an allocation of exabytes), a server that says nothing is waited on past
a minute, and a refused port or an unknown host only after 30 s. So :func:`parse` accepts
``tcp://HOST:PORT`` or ``HOST:PORT`` alone, and :func:`probe` resolves the host, connects
and reads the greeting a scheduler sends first, each within a few seconds, before Dask is
given the address. Every failure is one line (:class:`ClusterError`).
"""

from __future__ import annotations

import socket
import struct
import threading
from dataclasses import dataclass

#: Seconds each of the resolution, the connection and the scheduler's greeting may take.
WAIT_S = 3.0
#: A scheduler's greeting (its handshake: compression, Python and pickle versions) is a
#: few hundred bytes; a "length" past this is something else talking.
MAX_GREETING = 64 * 1024
#: What every Dask handshake carries, whatever its Python or compression.
DASK_MARK = b"pickle-protocol"
EXAMPLE = "tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786"


class ClusterError(Exception):
    """The address is not a Dask scheduler this program can reach; ``str`` is one line."""


@dataclass(frozen=True)
class Address:
    host: str
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"tcp://{host}:{self.port}"


def parse(text: str) -> Address:
    """``tcp://HOST:PORT`` or ``HOST:PORT`` (an IPv6 host in brackets); raises
    :class:`ClusterError` saying what is wrong and what is expected."""
    rest = text.strip()
    scheme, sep, tail = rest.partition("://")
    if sep:
        if scheme == "tls":
            raise ClusterError(f"{text!r}: a TLS scheduler needs certificates, which skirmish "
                               f"does not take; expected {EXAMPLE}")
        if scheme != "tcp":
            raise ClusterError(f"{text!r}: {scheme}:// is not a scheduler this program can "
                               f"reach over the network; expected {EXAMPLE}")
        rest = tail
    if rest.startswith("["):
        host, _, port = rest[1:].partition("]")
        port = port[1:] if port.startswith(":") else ""
    elif ":" in rest:
        host, _, port = rest.rpartition(":")
    else:
        host, port = rest, ""
    if not host or "/" in host or " " in host:
        raise ClusterError(f"{text!r}: no host; expected {EXAMPLE}")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ClusterError(f"{text!r}: no port (a whole number from 1 to 65535); "
                           f"expected {EXAMPLE}")
    return Address(host, int(port))


def probe(address: Address, wait_s: float = WAIT_S) -> None:
    """Raise :class:`ClusterError` unless a Dask scheduler answers at ``address``: the
    host resolves, the port accepts and what it sends first is a Dask greeting, each
    within ``wait_s``."""
    where = _resolve(address, wait_s)
    try:
        with socket.create_connection(where, timeout=wait_s) as conn:
            greeting = _greeting(conn, address, wait_s)
    except ConnectionRefusedError:
        raise ClusterError(f"{address}: nothing listens there (connection refused)") from None
    except TimeoutError:
        raise ClusterError(f"{address}: no answer within {wait_s:g} s") from None
    except OSError as e:
        raise ClusterError(f"{address}: cannot connect ({e.strerror or e})") from None
    if DASK_MARK not in greeting:
        raise ClusterError(f"{address}: not a Dask scheduler (it does not greet as one)")


def _resolve(address: Address, wait_s: float) -> tuple[str, int]:
    """The host's first address, looked up in a thread given ``wait_s``: a name server
    that does not answer is not waited on."""
    found: list[tuple[str, int] | OSError] = []

    def look_up() -> None:
        try:
            info = socket.getaddrinfo(address.host, address.port, type=socket.SOCK_STREAM)
            found.append(info[0][4][:2])
        except OSError as e:
            found.append(e)

    worker = threading.Thread(target=look_up, daemon=True)
    worker.start()
    worker.join(wait_s)
    if not found:
        raise ClusterError(f"{address}: the host name was not resolved within {wait_s:g} s")
    if isinstance(found[0], OSError):
        raise ClusterError(f"{address}: unknown host {address.host!r}")
    return found[0]


def _greeting(conn: socket.socket, address: Address, wait_s: float) -> bytes:
    """The first message a Dask scheduler sends on a new connection, before it reads
    anything: an 8-byte length, then that many bytes."""
    head = _read(conn, 8, address, wait_s)
    (size,) = struct.unpack("<Q", head)
    if not 0 < size <= MAX_GREETING:
        raise ClusterError(f"{address}: not a Dask scheduler (it does not greet as one)")
    return _read(conn, size, address, wait_s)


def _read(conn: socket.socket, n: int, address: Address, wait_s: float) -> bytes:
    conn.settimeout(wait_s)
    data = b""
    while len(data) < n:
        try:
            chunk = conn.recv(n - len(data))
        except TimeoutError:
            raise ClusterError(f"{address}: no Dask scheduler answered within {wait_s:g} s "
                               "(something listens there but says nothing)") from None
        if not chunk:
            raise ClusterError(f"{address}: not a Dask scheduler (it closed the connection)")
        data += chunk
    return data
