"""Sealed saves: a JSON document whose open part anyone may read and whose sealed part only
the holder of the key can read or change.

A game against a bot is saved as the whole truth (the decks, the bot's hand), since resuming
must deal the same cards; a person who could read their save file would know the stock. So the
truth is sealed: encrypted with a key stream from SHAKE-256 keyed by the application's key and
a fresh random nonce, and authenticated with HMAC-SHA256 over the open part, the nonce and the
cipher text (encrypt, then authenticate). The plain text is padded to a multiple of
:data:`PAD` bytes, so the sealed part's size does not vary with the cards. Only the standard
library is used.

The key is the application's: a server keeps it with its other secrets; a program on the
person's own machine keeps it in its configuration, where the seal keeps an honest person
from reading the cards by accident (it cannot stop the machine's owner from reading what the
program itself must read). See the design notes for the choice.

>>> key = bytes(range(32))
>>> text = seal({"rounds": 2}, '{"deck": "As 2s"}', key)
>>> unseal(text, key)
({'rounds': 2}, '{"deck": "As 2s"}')
>>> "As 2s" in text
False
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from typing import Any

from ginrummy.errors import SerializationError

__all__ = ["FORMAT", "MAX_SAVE_BYTES", "PAD", "seal", "unseal"]

FORMAT = "ginrummy-save"
"""The ``format`` of a sealed document."""
VERSION = 1
PAD = 1024
"""The sealed plain text is padded with spaces to a multiple of this many bytes."""
MAX_SAVE_BYTES = 4 << 20
"""The largest save read (a whole game is some tens of kilobytes)."""
_NONCE = 16
_TAG = 32


def _check_key(key: object) -> bytes:
    if not isinstance(key, (bytes, bytearray)) or len(key) < 16:
        raise SerializationError(
            f"invalid save key of type {type(key).__name__}: must be bytes, at least 16 of them "
            "(secrets.token_bytes(32) makes one)"
        )
    return bytes(key)


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


def _header(open_part: dict[str, Any]) -> bytes:
    return json.dumps(open_part, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode()


def seal(open_part: dict[str, Any], secret: str, key: bytes) -> str:
    """A sealed document: ``open_part`` in clear (authenticated), ``secret`` sealed.

    :param open_part: what anyone may read (JSON data).
    :param secret: the text to seal.
    :param key: the application's key, bytes, at least 16 of them.
    :raises SerializationError: for a bad key.
    """
    key = _check_key(key)
    plain = secret.encode("utf-8")
    plain += b" " * (-len(plain) % PAD)
    nonce = secrets.token_bytes(_NONCE)
    cipher = _xor(plain, _stream(key, nonce, len(plain)))
    tag = _tag(key, _header(open_part), nonce, cipher)
    sealed = base64.urlsafe_b64encode(nonce + cipher + tag).decode("ascii")
    return json.dumps({"format": FORMAT, "version": VERSION, "open": open_part, "sealed": sealed})


def _refuse(reason: str) -> SerializationError:
    return SerializationError(f"invalid save: {reason}")


def unseal(text: str, key: bytes) -> tuple[dict[str, Any], str]:
    """The open part and the sealed text of a document :func:`seal` wrote with ``key``.

    :raises SerializationError: for text that is no save, a save sealed with another key or
        changed since (its seal does not match), or a bad key.
    """
    key = _check_key(key)
    if not isinstance(text, str):
        raise _refuse(f"expected text, got {type(text).__name__}")
    if len(text) > MAX_SAVE_BYTES:
        raise _refuse(f"{len(text)} characters, more than the {MAX_SAVE_BYTES} a save may hold")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        raise _refuse(f"not JSON: {text[:40]!r}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _refuse(f"not a {FORMAT} document")
    if document.get("version") != VERSION:
        raise _refuse(f"unknown version {document.get('version')!r:.40} (known: [{VERSION}])")
    if set(document) != {"format", "version", "open", "sealed"}:
        raise _refuse(
            f"unexpected fields {sorted(set(document) - {'format', 'version', 'open', 'sealed'})!r:.80}"
        )
    open_part, sealed = document["open"], document["sealed"]
    if not isinstance(open_part, dict) or not isinstance(sealed, str):
        raise _refuse("'open' must be an object and 'sealed' a string")
    try:
        raw = base64.urlsafe_b64decode(sealed.encode("ascii"))
    except (ValueError, UnicodeEncodeError):
        raise _refuse("the sealed part is not base64") from None
    if len(raw) < _NONCE + _TAG:
        raise _refuse("the sealed part is too short")
    nonce, cipher, tag = raw[:_NONCE], raw[_NONCE:-_TAG], raw[-_TAG:]
    if not hmac.compare_digest(tag, _tag(key, _header(open_part), nonce, cipher)):
        raise _refuse("its seal does not match: it was sealed with another key, or changed since")
    plain = _xor(cipher, _stream(key, nonce, len(cipher)))
    try:
        return open_part, plain.decode("utf-8").rstrip(" ")
    except UnicodeDecodeError:  # pragma: no cover - authenticated text was written as UTF-8
        raise _refuse("the sealed text is not UTF-8") from None
