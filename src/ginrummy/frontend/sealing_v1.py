"""LEGACY, read only: the construction of version 1 sealed saves, kept so that saves written
before version 2 still load. Nothing writes version 1 any more (:mod:`ginrummy.frontend.sealing`
writes version 2, with AES-256-GCM from the ``cryptography`` package); do not use this
construction for anything new.

Version 1 was written by hand from the standard library: the secret, padded with spaces to a
multiple of :data:`~ginrummy.frontend.sealing.PAD` bytes, XORed with a key stream from
SHAKE-256 over a subkey and a 16-byte nonce, then HMAC-SHA256 over the open part, the nonce and
the cipher text (encrypt, then authenticate). The seal is checked in constant time before
anything is decrypted. ``docs/design.md`` ("Sealed saves through a vetted cipher") says why it
was replaced. Its subkeys are HMAC-SHA256 of the application's key with their own labels, so
the one key of an application serves both versions without one version's keys meeting the
other's.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

__all__ = ["MIN_SEALED_BYTES", "open_v1"]

_NONCE = 16
_TAG = 32
MIN_SEALED_BYTES = _NONCE + _TAG
"""The shortest sealed part of version 1 (a nonce and a tag, no text)."""


def _subkey(key: bytes, purpose: bytes) -> bytes:
    return hmac.new(key, b"ginrummy-save " + purpose, hashlib.sha256).digest()


def _stream(key: bytes, nonce: bytes, size: int) -> bytes:
    return hashlib.shake_256(_subkey(key, b"stream") + nonce).digest(size)


def _xor(data: bytes, stream: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def _tag(key: bytes, header: bytes, nonce: bytes, cipher: bytes) -> bytes:
    mac = hmac.new(_subkey(key, b"tag"), digestmod=hashlib.sha256)
    for part in (header, nonce, cipher):
        mac.update(len(part).to_bytes(8, "big"))
        mac.update(part)
    return mac.digest()


def open_v1(open_part: dict[str, Any], raw: bytes, key: bytes) -> bytes | None:
    """The plain bytes of a version 1 sealed part (the text and its padding), or None when its
    seal does not match (another key, or changed since).

    :param open_part: the document's open part, authenticated by the seal.
    :param raw: the decoded sealed part, at least :data:`MIN_SEALED_BYTES` long.
    :param key: the application's key, already checked.
    """
    header = json.dumps(open_part, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode()
    nonce, cipher, tag = raw[:_NONCE], raw[_NONCE:-_TAG], raw[-_TAG:]
    if not hmac.compare_digest(tag, _tag(key, header, nonce, cipher)):
        return None
    return _xor(cipher, _stream(key, nonce, len(cipher)))
