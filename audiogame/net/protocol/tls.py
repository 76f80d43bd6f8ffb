"""TLS for the server, and the fingerprint a player reads aloud to trust a LAN host.

A public server is given a certificate (``--cert``/``--key``) that clients
check the usual way. A host on a home network has no such certificate: on its
first run it makes a self-signed one (an EC P-256 key, ten years) in its data
folder and keeps it, so its fingerprint stays the same from one evening to the
next. The host's player hears the fingerprint as six words
(``spoken_words.fingerprint_words``); a joining player hears the words their
client saw, compares, and the client pins the certificate's full SHA-256 for
that address from then on (trust on first use, checked by a human voice).
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import logging
import ssl
from dataclasses import dataclass
from pathlib import Path

from audiogame.net.protocol import spoken_words
from audiogame.store.files import keep_aside

log = logging.getLogger(__name__)

CERT_FILE = "server-cert.pem"
KEY_FILE = "server-key.pem"


@dataclass(frozen=True, slots=True)
class Certificate:
    cert: Path
    key: Path

    def der(self) -> bytes:
        return ssl.PEM_cert_to_DER_cert(self.cert.read_text(encoding="ascii"))

    def fingerprint(self) -> str:
        return fingerprint(self.der())


def fingerprint(der: bytes) -> str:
    """A certificate's SHA-256, hex: what a client pins."""
    return hashlib.sha256(der).hexdigest()


def fingerprint_words(hex_digest: str, lang: str) -> str:
    """The fingerprint as six words in ``lang``, to read aloud and compare."""
    return spoken_words.say(spoken_words.fingerprint_numbers(bytes.fromhex(hex_digest)), lang)


def self_signed(folder: Path, host_name: str = "audiogame") -> Certificate:
    """The host's own certificate, made on first use and kept in ``folder``."""
    found = Certificate(folder / CERT_FILE, folder / KEY_FILE)
    if found.cert.is_file() and found.key.is_file():
        try:
            server_context(found)
            found.der()
            return found
        except (ssl.SSLError, ValueError, OSError) as exc:
            # damaged or cut short: kept aside, and a new one made; the joining players'
            # clients see a new fingerprint and ask them again, as they should
            log.error("the host's certificate in %s cannot be used (%s): a new one", folder, exc)
    for old in (found.cert, found.key):
        if old.exists() or old.is_symlink():
            keep_aside(old)
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host_name)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=3650))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    key_bytes = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    _write_private(found.key, key_bytes)
    found.cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return found


def _write_private(path: Path, data: bytes) -> None:
    path.touch(mode=0o600, exist_ok=True)  # readable by its owner alone (where modes exist)
    path.write_bytes(data)


def server_context(certificate: Certificate) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(certificate.cert, certificate.key)
    return context


def pinned_client_context() -> ssl.SSLContext:
    """A client context that accepts any certificate: the caller checks the pin
    (``check_pin``) before sending a single message."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def verified_client_context() -> ssl.SSLContext:
    """A public server's certificate, checked against the system's authorities."""
    return ssl.create_default_context()


def is_loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return host == "localhost"
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
