"""Sealed saves: a JSON document whose open part anyone may read and whose sealed part only
the holder of the key can read or change.

A game against a bot is saved as the whole truth (the decks, the bot's hand), since resuming
must deal the same cards; a person who could read their save file would know the stock. So the
truth is sealed with AES-256-GCM, an authenticated cipher, from the ``cryptography`` package
(the extra ``ginrummy[saves]``; ``import ginrummy`` does not import it, a save or a resume
does). Without it, sealing or opening a version 2 save raises
:class:`~ginrummy.errors.SerializationError` saying which extra to install.

A document of version 2 is ``{"format": "ginrummy-save", "version": 2, "open": {...},
"sealed": "..."}``; ``sealed`` is URL-safe base64 of a 16-byte salt, a 12-byte nonce, and the
cipher text with its 16-byte tag. Both the salt and the nonce are fresh random bytes at each
seal.

- **The key** is the application's (bytes, at least 16 of them: a random key, not a
  password). Each save is sealed under its own AES key, HKDF-SHA256 of the application's key
  with the save's salt and the label :data:`KEY_LABEL`: a (key, nonce) pair of AES-GCM would
  repeat only if two saves drew the same 16-byte salt and the same 12-byte nonce, so no nonce
  is used twice under one AES key, however many saves one application key seals.
- **The associated data** is the canonical JSON (sorted keys, ASCII, no spaces) of the format,
  the version and the open part: the seal binds the open part and the version, so neither can
  be changed, nor a document of one version passed for another.
- **The plain text** is the secret's length (4 bytes, big-endian) and its UTF-8, padded with
  zeros to a multiple of :data:`PAD` bytes, so the sealed part's size does not vary with the
  cards.

Version 1 documents (a construction written here, on the standard library) are still read,
never written: :mod:`ginrummy.frontend.sealing_v1`. Where the key lives is the application's
choice: a server keeps it with its other secrets; a program on the person's own machine keeps
it in a file beside the save, where the seal keeps an honest person from reading the cards by
accident (it cannot stop the machine's owner from reading what the program itself must read).
See the design notes ("Sealed saves through a vetted cipher").

>>> key = bytes(range(32))
>>> text = seal({"rounds": 2}, '{"deck": "As 2s"}', key)
>>> unseal(text, key)
({'rounds': 2}, '{"deck": "As 2s"}')
>>> "As 2s" in text
False
>>> unseal(text, bytes(32))
Traceback (most recent call last):
...
ginrummy.errors.SerializationError: invalid save: its seal does not match: it was sealed
with another key, or changed since
"""

from __future__ import annotations

import base64
import binascii
import json
import secrets
from typing import TYPE_CHECKING, Any

from ginrummy.errors import SerializationError
from ginrummy.frontend.sealing_v1 import MIN_SEALED_BYTES, open_v1
from ginrummy.validators import is_int

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

__all__ = ["EXTRA", "FORMAT", "KEY_LABEL", "MAX_SAVE_BYTES", "PAD", "VERSION", "VERSIONS", "seal", "unseal"]

FORMAT = "ginrummy-save"
"""The ``format`` of a sealed document."""
VERSION = _V2 = 2
"""The version :func:`seal` writes."""
VERSIONS = (1, 2)
"""The versions :func:`unseal` reads."""
PAD = 1024
"""The sealed plain text is padded to a multiple of this many bytes."""
MAX_SAVE_BYTES = 4 << 20
"""The largest save read or written (a whole game is some tens of kilobytes)."""
EXTRA = "saves"
"""The extra of ``ginrummy`` that installs the cipher: ``pip install 'ginrummy[saves]'``."""
KEY_LABEL = b"ginrummy-save 2 aes-256-gcm"
"""HKDF's ``info``: the AES key of a save is for this use and no other."""
_SALT = 16
_NONCE = 12
_TAG = 16
_LENGTH = 4
_FIELDS = {"format", "version", "open", "sealed"}


def _check_key(key: object) -> bytes:
    if not isinstance(key, (bytes, bytearray)) or len(key) < 16:
        raise SerializationError(
            f"invalid save key of type {type(key).__name__}: must be bytes, at least 16 of them "
            "(secrets.token_bytes(32) makes one)"
        )
    return bytes(key)


def _cipher(key: bytes, salt: bytes, doing: str) -> AESGCM:
    """AES-256-GCM under the AES key of one save: HKDF-SHA256 of ``key`` with ``salt``."""
    try:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        from cryptography.hazmat.primitives.hashes import SHA256
        from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    except ImportError:
        raise SerializationError(
            f"cannot {doing}: sealed saves need the 'cryptography' package, which the extra "
            f"{EXTRA!r} installs: pip install 'ginrummy[{EXTRA}]'"
        ) from None
    return AESGCM(HKDF(algorithm=SHA256(), length=32, salt=salt, info=KEY_LABEL).derive(key))


def _associated(version: int, open_part: object, failing: str) -> bytes:
    """The associated data: the format, the version and the open part, as canonical JSON.

    :param failing: what the error says first when the open part is not JSON data.
    """
    try:
        text = json.dumps(
            [FORMAT, version, open_part],
            sort_keys=True,
            ensure_ascii=True,
            separators=(",", ":"),
            allow_nan=False,
        )
    except (TypeError, ValueError, RecursionError) as exc:
        raise SerializationError(f"{failing}: its open part is not JSON data ({exc})") from None
    return text.encode("ascii")


def _encoded(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii")


def seal(open_part: dict[str, Any], secret: str, key: bytes) -> str:
    """A sealed document: ``open_part`` in clear (authenticated), ``secret`` sealed.

    :param open_part: what anyone may read (JSON data).
    :param secret: the text to seal.
    :param key: the application's key, bytes, at least 16 of them.
    :raises SerializationError: for a bad key, an open part that is not JSON data, a secret
        that is not text or too long for a save, or without the ``cryptography`` package.
    """
    key = _check_key(key)
    if not isinstance(open_part, dict) or not isinstance(secret, str):
        raise SerializationError(
            "cannot seal a save: the open part must be a dict and the secret a str "
            f"(got {type(open_part).__name__} and {type(secret).__name__})"
        )
    associated = _associated(VERSION, open_part, "cannot seal a save")
    try:
        data = secret.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise SerializationError(f"cannot seal a save: the secret is not UTF-8 text ({exc.reason})") from None
    if len(data) > MAX_SAVE_BYTES:  # the document would be longer still: unseal refuses those
        raise SerializationError(
            f"cannot seal a save: the secret is {len(data)} bytes, more than the {MAX_SAVE_BYTES} "
            "a save may hold"
        )
    plain = len(data).to_bytes(_LENGTH, "big") + data
    plain += bytes(-len(plain) % PAD)
    salt, nonce = secrets.token_bytes(_SALT), secrets.token_bytes(_NONCE)
    sealed = _cipher(key, salt, "seal a save").encrypt(nonce, plain, associated)
    text = json.dumps(
        {"format": FORMAT, "version": VERSION, "open": open_part, "sealed": _encoded(salt + nonce + sealed)}
    )
    if len(text) > MAX_SAVE_BYTES:
        raise SerializationError(
            f"cannot seal a save: it would be {len(text)} characters, more than the {MAX_SAVE_BYTES} "
            "a save may hold"
        )
    return text


def _refuse(reason: str) -> SerializationError:
    return SerializationError(f"invalid save: {reason}")


_MISMATCH = "its seal does not match: it was sealed with another key, or changed since"


def _document(text: object) -> tuple[int, dict[str, Any], bytes]:
    """The version, the open part and the decoded sealed part of a document, its shape checked."""
    if not isinstance(text, str):
        raise _refuse(f"expected text, got {type(text).__name__}")
    if len(text) > MAX_SAVE_BYTES:
        raise _refuse(f"{len(text)} characters, more than the {MAX_SAVE_BYTES} a save may hold")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        raise _refuse(f"not JSON (cut short, or not a save): {text[:40]!r}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _refuse(f"not a {FORMAT} document")
    version = document.get("version")
    if not is_int(version) or version not in VERSIONS:
        raise _refuse(f"unknown version {version!r:.40} (known: {list(VERSIONS)})")
    if set(document) != _FIELDS:
        raise _refuse(f"its fields are {sorted(document)!r:.80}, not {sorted(_FIELDS)}")
    open_part, sealed = document["open"], document["sealed"]
    if not isinstance(open_part, dict) or not isinstance(sealed, str):
        raise _refuse("'open' must be an object and 'sealed' a string")
    try:
        raw = base64.b64decode(sealed.encode("ascii"), altchars=b"-_", validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise _refuse("the sealed part is not base64 (cut short, or changed)") from None
    return version, open_part, raw


def _plain_v2(open_part: dict[str, Any], raw: bytes, key: bytes) -> str:
    """The secret of a version 2 sealed part."""
    if len(raw) < _SALT + _NONCE + _TAG:
        raise _refuse(f"the sealed part is {len(raw)} bytes, too short for a version 2 seal")
    salt, nonce, body = raw[:_SALT], raw[_SALT : _SALT + _NONCE], raw[_SALT + _NONCE :]
    if (len(body) - _TAG) % PAD:
        raise _refuse(
            f"the sealed part holds {len(body) - _TAG} bytes of cipher text, not a whole number of "
            f"{PAD}-byte blocks: it was cut short or changed"
        )
    cipher = _cipher(key, salt, "open a version 2 save")
    from cryptography.exceptions import InvalidTag  # importable: _cipher imported the package

    try:
        plain = cipher.decrypt(nonce, body, _associated(_V2, open_part, "invalid save"))
    except InvalidTag:
        raise _refuse(_MISMATCH) from None
    length = int.from_bytes(plain[:_LENGTH], "big")
    if length > len(plain) - _LENGTH or any(plain[_LENGTH + length :]):
        raise _refuse(f"the sealed text is malformed: {length} bytes said, {len(plain) - _LENGTH} sealed")
    try:
        return plain[_LENGTH : _LENGTH + length].decode("utf-8")
    except UnicodeDecodeError:
        raise _refuse("the sealed text is not UTF-8") from None


def _plain_v1(open_part: dict[str, Any], raw: bytes, key: bytes) -> str:
    """The secret of a version 1 sealed part (legacy: :mod:`ginrummy.frontend.sealing_v1`)."""
    if len(raw) < MIN_SEALED_BYTES:
        raise _refuse(f"the sealed part is {len(raw)} bytes, too short for a version 1 seal")
    plain = open_v1(open_part, raw, key)
    if plain is None:
        raise _refuse(_MISMATCH)
    try:
        return plain.decode("utf-8").rstrip(" ")
    except UnicodeDecodeError:  # pragma: no cover - authenticated text was written as UTF-8
        raise _refuse("the sealed text is not UTF-8") from None


def unseal(text: str, key: bytes) -> tuple[dict[str, Any], str]:
    """The open part and the sealed text of a document :func:`seal` wrote with ``key`` (of any
    version of :data:`VERSIONS`).

    :raises SerializationError: for text that is no save (garbage, cut short, another format or
        an unknown version), a save sealed with another key or changed since (its seal does
        not match), a bad key, or a version 2 save without the ``cryptography`` package.
    """
    key = _check_key(key)
    version, open_part, raw = _document(text)
    read = _plain_v2 if version == _V2 else _plain_v1
    return open_part, read(open_part, raw, key)
