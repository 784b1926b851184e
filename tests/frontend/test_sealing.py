"""Sealed saves (``ginrummy.frontend.sealing``): version 2 is AES-256-GCM from the
``cryptography`` package, each save under its own key (HKDF-SHA256 of the application's key
with a fresh salt) and a fresh nonce, the format, version and open part bound as associated
data; version 1 saves (the construction written here before) still load, read only.

Whatever is wrong with a save (changed, cut short, another key, garbage, another version), the
error is the library's ``SerializationError`` saying why, never cryptography's ``InvalidTag``
nor a bare ``ValueError``; without the ``cryptography`` package, the error names the extra.
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
from typing import Any

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from hypothesis import given
from hypothesis import strategies as st

import ginrummy as gr
from cli_helpers import cli_env
from ginrummy.frontend import Session
from ginrummy.frontend.sealing import KEY_LABEL, PAD, seal, unseal
from sealed_saves import KEY, V1_SAVE, v1_session

MISMATCH = "invalid save: its seal does not match: it was sealed with another key, or changed since"
EXTRA = "pip install 'ginrummy[saves]'"


def refusal(text: str, key: bytes = KEY) -> gr.SerializationError:
    """The error ``unseal`` raises for ``text``: the library's own, with no other error shown
    as its cause or context (``InvalidTag``, ``binascii.Error``, ``JSONDecodeError``)."""
    with pytest.raises(gr.SerializationError) as caught:
        unseal(text, key)
    error = caught.value
    shown = error.__cause__ or (None if error.__suppress_context__ else error.__context__)
    assert (gr.SerializationError, None) == (type(error), shown)
    return error


def with_sealed(text: str, change: Any) -> str:
    """``text`` with its sealed part's bytes replaced by ``change(raw)``."""
    document = json.loads(text)
    raw = base64.urlsafe_b64decode(document["sealed"])
    document["sealed"] = base64.urlsafe_b64encode(change(raw)).decode("ascii")
    return json.dumps(document)


def written_by_hand(open_part: dict[str, Any], plain: bytes, key: bytes = KEY) -> str:
    """A version 2 save built from the construction the module's docstring and the design notes
    describe, with ``cryptography`` directly (salt, nonce, AAD, plain text as given)."""
    salt, nonce = bytes(16), bytes(range(12))
    aes = AESGCM(HKDF(algorithm=SHA256(), length=32, salt=salt, info=KEY_LABEL).derive(key))
    associated = json.dumps(["ginrummy-save", 2, open_part], sort_keys=True, separators=(",", ":"))
    sealed = aes.encrypt(nonce, plain, associated.encode("ascii"))
    raw = base64.urlsafe_b64encode(salt + nonce + sealed).decode("ascii")
    return json.dumps({"format": "ginrummy-save", "version": 2, "open": open_part, "sealed": raw})


# ------------------------------------------------------------------- version 1, read only


def test_a_version_1_save_written_before_aes_gcm_still_loads() -> None:
    """The committed version 1 save resumes as the session it was written from, with its open
    part as written."""
    text = V1_SAVE.read_text(encoding="utf-8")
    assert 1 == json.loads(text)["version"]
    expected = v1_session()
    assert expected == Session.resume(text, KEY)
    assert expected.save(KEY) != text and 2 == json.loads(expected.save(KEY))["version"]
    assert {"rules": "pagat", "person": 0, "bot": "tracker", "scores": [0, 6], "rounds": 1} == {
        k: v for k, v in unseal(text, KEY)[0].items() if k in ("rules", "person", "bot", "scores", "rounds")
    }


def test_a_version_1_save_loads_without_cryptography(without_cryptography: None) -> None:
    """Reading version 1 needs only the standard library, as writing it did."""
    assert v1_session() == Session.resume(V1_SAVE.read_text(encoding="utf-8"), KEY)


def test_a_version_1_save_changed_cut_or_under_another_key_is_refused() -> None:
    """Version 1's seal still refuses another key, an edit of the open part or of the sealed
    part, a sealed part cut to less than a nonce and a tag, and a relabelling as version 2."""
    text = V1_SAVE.read_text(encoding="utf-8")
    assert MISMATCH == str(refusal(text, bytes(32)))
    document = json.loads(text)
    document["open"]["scores"] = [6, 0]
    assert MISMATCH == str(refusal(json.dumps(document)))
    assert MISMATCH == str(
        refusal(with_sealed(text, lambda raw: raw[:100] + bytes([raw[100] ^ 1]) + raw[101:]))
    )
    cut = str(refusal(with_sealed(text, lambda raw: raw[:40])))
    assert "invalid save: the sealed part is 40 bytes, too short for a version 1 seal" == cut
    document = json.loads(text)
    document["version"] = 2
    assert "whole number of 1024-byte blocks" in str(refusal(json.dumps(document)))


# ------------------------------------------------------------------- version 2


def test_seal_writes_version_2_with_a_fresh_salt_and_nonce_each_time() -> None:
    """A seal is version 2: 16 bytes of salt, 12 of nonce, the padded text and a 16-byte tag;
    two seals of the same text share neither salt nor nonce."""
    first, second = (json.loads(seal({"a": 1}, "x", KEY)) for _ in range(2))
    assert ("ginrummy-save", 2, {"a": 1}) == (first["format"], first["version"], first["open"])
    raws = [base64.urlsafe_b64decode(d["sealed"]) for d in (first, second)]
    assert [16 + 12 + PAD + 16] * 2 == [len(raw) for raw in raws]
    assert raws[0][:16] != raws[1][:16] and raws[0][16:28] != raws[1][16:28]


json_scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner))


@given(open_part=st.dictionaries(st.text(max_size=8), json_values, max_size=4), secret=st.text())
def test_unseal_gives_back_any_open_part_and_any_text(open_part: dict[str, Any], secret: str) -> None:
    """Any JSON open part and any text (trailing spaces and NULs too) come back as sealed."""
    assert (open_part, secret) == unseal(seal(open_part, secret, KEY), KEY)


def test_the_sealed_size_is_a_whole_number_of_pads() -> None:
    """The sealed part's size does not vary with the text (up to a pad), only by whole pads."""
    sizes = [len(json.loads(seal({}, "y" * n, KEY))["sealed"]) for n in (0, 1, PAD - 4, PAD - 3)]
    assert sizes[0] == sizes[1] == sizes[2] < sizes[3]


def test_a_save_written_from_the_documented_construction_is_read() -> None:
    """A save made with ``cryptography`` directly, as the docs describe it, is read; one whose
    length prefix says more than it holds, or whose padding is not zeros, is malformed."""
    assert ({"a": 1}, "hello") == unseal(written_by_hand({"a": 1}, b"\0\0\0\x05hello" + bytes(PAD - 9)), KEY)
    for plain in (b"\0\0\x04\x00" + bytes(PAD - 4), b"\0\0\0\x05hello" + b"!" * (PAD - 9)):
        message = str(refusal(written_by_hand({"a": 1}, plain)))
        assert message.startswith("invalid save: the sealed text is malformed"), message
    assert "the sealed text is not UTF-8" in str(
        refusal(written_by_hand({}, b"\0\0\0\x01\xff" + bytes(PAD - 5)))
    )


def test_a_changed_version_2_save_is_refused_as_the_librarys_error() -> None:
    """A byte changed anywhere in the salt, the nonce, the cipher text or the tag, an edit of the
    open part, or a relabelling as version 1, each raise ``SerializationError`` (not
    cryptography's ``InvalidTag``), its message the reason."""
    text = seal({"scores": [0, 0]}, '{"deck": "As 2s"}', KEY)
    for at in (0, 15, 16, 27, 28, 500, -16, -1):
        flipped = with_sealed(text, lambda raw, at=at: raw[:at] + bytes([raw[at] ^ 0x80]) + raw[at:][1:])
        assert MISMATCH == str(refusal(flipped)), at
    document = json.loads(text)
    document["open"]["scores"] = [0, 99]
    assert MISMATCH == str(refusal(json.dumps(document)))
    document = json.loads(text)
    document["version"] = 1
    assert MISMATCH == str(refusal(json.dumps(document)))


def test_a_cut_version_2_save_is_refused() -> None:
    """A save cut short is refused, saying why: the text (no longer JSON), the base64, the
    sealed part (short of a whole block, or a whole block gone), or below a salt, nonce and tag."""
    text = seal({"rounds": 2}, "x" * 2000, KEY)
    for at in (1, len(text) // 2, len(text) - 2):
        assert str(refusal(text[:at])).startswith("invalid save: not JSON (cut short, or not a save)")
    document = json.loads(text)
    document["sealed"] = document["sealed"][:-3]
    assert "the sealed part is not base64" in str(refusal(json.dumps(document)))
    blocks = str(refusal(with_sealed(text, lambda raw: raw[:-4])))
    assert "2044 bytes of cipher text, not a whole number of 1024-byte blocks: it was cut short" in blocks
    assert MISMATCH == str(refusal(with_sealed(text, lambda raw: raw[:28] + raw[28 + PAD :])))
    short = "invalid save: the sealed part is 43 bytes, too short for a version 2 seal"
    assert short == str(refusal(with_sealed(text, lambda raw: raw[:43])))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "not JSON"),
        ("\x00garbage\xff", "not JSON"),
        ("[" * 100_000, "not JSON"),
        ("[]", "not a ginrummy-save document"),
        ('{"format": "other-save", "version": 2}', "not a ginrummy-save document"),
        ('{"format": "ginrummy-save", "version": 3}', "unknown version 3 (known: [1, 2])"),
        ('{"format": "ginrummy-save", "version": "2"}', "unknown version '2' (known: [1, 2])"),
        ('{"format": "ginrummy-save", "version": true}', "unknown version True (known: [1, 2])"),
        ('{"format": "ginrummy-save", "version": 2.0}', "unknown version 2.0 (known: [1, 2])"),
        (
            '{"format": "ginrummy-save", "version": 2, "open": {}}',
            "its fields are ['format', 'open', 'version'], not",
        ),
        ('{"format": "ginrummy-save", "version": 2, "open": [], "sealed": ""}', "'open' must be an object"),
        ('{"format": "ginrummy-save", "version": 2, "open": {}, "sealed": "a b"}', "not base64"),
        (
            '{"format": "ginrummy-save", "version": 2, "open": {"a": NaN}, "sealed": "' + "A" * 1424 + '"}',
            "its open part is not JSON data (Out of range float values are not JSON compliant",
        ),
    ],
)
def test_a_foreign_document_is_refused_saying_why(text: str, reason: str) -> None:
    """Garbage, another format, another or a mistyped version, and a document of the wrong shape
    each raise ``SerializationError`` naming the reason."""
    message = str(refusal(text))
    assert message.startswith("invalid save: ") and reason in message, message


def test_a_save_under_another_key_is_refused_and_a_bad_key_named() -> None:
    """Another key of any length (HKDF takes it) does not open a save; a key that is not bytes,
    or shorter than 16 bytes, is refused before anything is read or sealed."""
    text = seal({}, "secret", KEY)
    for other in (bytes(32), KEY[:16], KEY + b"x", bytes(reversed(KEY))):
        assert MISMATCH == str(refusal(text, other))
    for bad in (b"short", "a text key of some length", None):
        with pytest.raises(gr.SerializationError, match="invalid save key of type"):
            unseal(text, bad)  # type: ignore[arg-type]
        with pytest.raises(gr.SerializationError, match="invalid save key of type"):
            seal({}, "x", bad)  # type: ignore[arg-type]


def test_seal_refuses_what_it_cannot_write_as_the_librarys_error() -> None:
    """An open part that is not JSON data, a secret that is not text or not encodable, and a
    save too long to be read again are refused with ``SerializationError``."""
    nested: dict[str, Any] = {}
    inner = nested
    for _ in range(100_000):
        inner["a"] = inner = {}
    cases: list[tuple[Any, Any, str]] = [
        ({"a": object()}, "x", "its open part is not JSON data"),
        ({"a": float("nan")}, "x", "its open part is not JSON data"),
        (nested, "x", "its open part is not JSON data (maximum recursion depth exceeded"),
        ({1: 1, "b": 2}, "x", "its open part is not JSON data"),
        ([1], "x", "the open part must be a dict and the secret a str (got list and str)"),
        ({}, b"x", "the open part must be a dict and the secret a str (got dict and bytes)"),
        ({}, "\ud800", "the secret is not UTF-8 text (surrogates not allowed)"),
        ({}, "x" * (4 << 20), "a save may hold"),
        ({}, "\u00e9" * ((2 << 20) + 1), "the secret is 4194306 bytes, more than the 4194304 a save"),
    ]
    for open_part, secret, reason in cases:
        with pytest.raises(gr.SerializationError) as caught:
            seal(open_part, secret, KEY)
        assert str(caught.value).startswith("cannot seal a save: ") and reason in str(caught.value)


# ------------------------------------------------------------------- without the extra


def test_without_cryptography_sealing_names_the_extra(without_cryptography: None) -> None:
    """Without the ``cryptography`` package, sealing a save and opening a version 2 one raise
    ``SerializationError`` naming the extra to install, as does ``Session.save``."""
    expected = (
        "cannot seal a save: sealed saves need the 'cryptography' package, which the extra "
        f"'saves' installs: {EXTRA}"
    )
    with pytest.raises(gr.SerializationError) as caught:
        seal({}, "x", KEY)
    assert expected == str(caught.value)
    with pytest.raises(gr.SerializationError, match=r"cannot seal a save: .*pip install 'ginrummy\[saves\]'"):
        Session.new(gr.PAGAT, bot="greedy", seed=1).save(KEY)
    text = json.dumps({"format": "ginrummy-save", "version": 2, "open": {}, "sealed": "A" * (4 * 356)})
    with pytest.raises(gr.SerializationError) as caught:
        unseal(text, KEY)
    assert str(caught.value).startswith("cannot open a version 2 save: ") and EXTRA in str(caught.value)


def test_importing_ginrummy_imports_no_cryptography() -> None:
    """``import ginrummy`` (the front-end kit included) loads no ``cryptography``: a save or a
    resume does."""
    code = "import sys, ginrummy.frontend; print('cryptography' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=cli_env(), check=True
    )
    assert "False" == done.stdout.strip()
