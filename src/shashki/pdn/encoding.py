"""Reading a PDN file as lines, whatever its encoding, in constant memory.

Files come in UTF-8, UTF-8 with a byte-order mark and, from Russian databases,
Windows-1251 or, from DOS programs, CP866. Detection needs no look-ahead:

* a UTF-8 (or UTF-16) byte-order mark decides;
* otherwise bytes are decoded as UTF-8 chunk by chunk; the first chunk that is not UTF-8
  switches the rest of the file to a Cyrillic code page if everything before it was ASCII
  (which reads the same in all of them): CP866 or Windows-1251, whichever the chunk's bytes
  say (:func:`cyrillic_codepage`);
* a file that turns out to mix UTF-8 and a code page (UTF-8 text first, Windows-1251
  later) is decoded line by line, each line as UTF-8 when it is valid UTF-8 and in the
  code page otherwise.

Bytes that no candidate decodes (only 0x98 in Windows-1251, or anything under an explicit
``encoding=``) become U+FFFD and :attr:`LineSource.lossy` turns true, so that the reader can
report the game as broken instead of changing it silently.

>>> import io
>>> src = LineSource(io.BytesIO("[White \\"Иванов\\"]\\n1. c3-d4 *\\n".encode("cp1251")))
>>> list(src), src.encoding
(['[White "Иванов"]', '1. c3-d4 *'], 'cp1251')
>>> src = LineSource(io.BytesIO("[White \\"Иванов\\"]\\n1. c3-d4 *\\n".encode("cp866")))
>>> list(src), src.encoding
(['[White "Иванов"]', '1. c3-d4 *'], 'cp866')
>>> list(LineSource(io.BytesIO(b"\\xef\\xbb\\xbf1. c3-d4 *")))
['1. c3-d4 *']
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Iterator
from itertools import chain
from typing import IO, Any

CHUNK = 1 << 20
"""Bytes read at a time."""
MAX_LINE = 1 << 20
"""A "line" longer than this (a binary file, say) is cut, so memory stays bounded."""

_replaced = [0]


def _count_replace(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    _replaced[0] += 1
    return "\ufffd", exc.end


codecs.register_error("shashki-pdn-replace", _count_replace)

Source = str | os.PathLike[str] | IO[bytes] | IO[str]

_DOS_LETTERS = re.compile(rb"[\x80-\xaf]")
_WINDOWS_LETTERS = re.compile(rb"[\xc0-\xdf\xf2-\xff]")


def cyrillic_codepage(data: bytes) -> str:
    """``cp866`` or ``cp1251``, whichever code page ``data`` (text that is not UTF-8) is in.

    The two share no letter range but one: CP866 has А-п at 0x80-0xAF, where Windows-1251
    has punctuation and rare letters; Windows-1251 has А-Я at 0xC0-0xDF and т-я at
    0xF2-0xFF, where CP866 has box-drawing characters and signs. Russian text puts most of
    its letters in its own code page's ranges, so the larger count decides.

    >>> cyrillic_codepage("Ничья. Белые сдались".encode("cp866"))
    'cp866'
    >>> cyrillic_codepage("Ничья. Белые сдались".encode("cp1251"))
    'cp1251'
    """
    dos = len(_DOS_LETTERS.findall(data))
    windows = len(_WINDOWS_LETTERS.findall(data))
    return "cp866" if dos > windows else "cp1251"


class LineSource:
    """The lines of a PDN source without their line ends (``\\n``; a ``\\r`` is kept).

    ``source`` is a path, a binary or text stream, or (for :class:`str` that contains a
    line break or no file of that name... see :func:`shashki.pdn.iter_games`) the text
    itself when ``text=True``.
    """

    def __init__(self, source: Source, encoding: str | None = None, *, text: bool = False
                 ) -> None:
        self.requested = encoding
        self.encoding: str | None = encoding
        """The encoding used: as requested, or ``utf-8``, ``utf-8-sig``, ``cp1251``,
        ``cp866``, ``utf-8+cp1251`` or ``utf-8+cp866`` (mixed, per line), ``str`` for text
        input; None until known."""
        self.position = 0
        """Bytes (or characters, for text input) consumed so far."""
        self.size: int | None = None
        """Total size when known (files), for progress bars."""
        self.lossy = False
        """Some bytes could not be decoded and became U+FFFD."""
        self._codepage = "cp1251"
        self._close: IO[Any] | None = None
        self._text: str | None = None
        self._stream: IO[Any] | None = None
        if text and isinstance(source, str):
            self._text = source
            self.encoding = "str"
            self.size = len(source)
        elif isinstance(source, (str, os.PathLike)):
            f = open(source, "rb")  # noqa: SIM115 - closed when iteration ends
            self._stream = self._close = f
            try:
                self.size = os.fstat(f.fileno()).st_size
            except OSError:  # pragma: no cover
                self.size = None
        else:
            self._stream = source

    def close(self) -> None:
        if self._close is not None:
            self._close.close()
            self._close = None

    def __iter__(self) -> Iterator[str]:
        pending = ""
        for piece in self.chunks():
            if pending:
                piece = pending + piece
            lines = piece.split("\n")
            pending = lines.pop()
            yield from lines
            while len(pending) > MAX_LINE:
                yield pending[:MAX_LINE]
                pending = pending[MAX_LINE:]
        if pending:
            yield pending

    def chunks(self) -> Iterator[str]:
        """The decoded text in pieces of any length (then the source is closed).

        A text whose first piece has carriage returns and no line feed (old Mac files)
        gets line feeds instead.
        """
        try:
            pieces = iter((self._text,)) if self._text is not None else self._pieces()
            first = next(pieces, None)
            if first is None:
                return
            if "\r" in first and "\n" not in first:
                yield first.replace("\r", "\n")
                for piece in pieces:
                    yield piece.replace("\r", "\n")
            else:
                yield first
                yield from pieces
            if self._text is not None:
                self.position = len(self._text)
        finally:
            self.close()

    # --- decoding ----------------------------------------------------------------------

    def _read(self) -> Iterator[Any]:
        assert self._stream is not None
        read = self._stream.read
        while True:
            chunk = read(CHUNK)
            if not chunk:
                return
            self.position += len(chunk)
            yield chunk

    def _pieces(self) -> Iterator[str]:
        chunks = self._read()
        first = next(chunks, None)
        if first is None:
            return
        if isinstance(first, str):  # a text stream: already decoded
            self.encoding = self.encoding or "str"
            yield first.removeprefix("\ufeff")
            yield from chunks
            return
        if self.requested is not None:
            yield from self._decode_as(self.requested, first, chunks)
            return
        if first.startswith(codecs.BOM_UTF8):
            self.encoding = "utf-8-sig"
            yield from self._decode_as("utf-8-sig", first, chunks)
            return
        if first.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            self.encoding = "utf-16"
            yield from self._decode_as("utf-16", first, chunks)
            return
        yield from self._auto(first, chunks)

    def _decode_as(self, encoding: str, first: bytes, chunks: Iterator[bytes]
                   ) -> Iterator[str]:
        dec = codecs.getincrementaldecoder(encoding)("shashki-pdn-replace")
        for chunk in chain((first,), chunks, (None,)):
            before = _replaced[0]
            text = dec.decode(b"", final=True) if chunk is None else dec.decode(chunk)
            if _replaced[0] != before:
                self.lossy = True  # before the text is handed out: the reader looks now
            yield text

    def _auto(self, first: bytes, chunks: Iterator[bytes]) -> Iterator[str]:
        dec = codecs.getincrementaldecoder("utf-8")("strict")
        seen_utf8 = False
        chunk: bytes | None = first
        while chunk is not None:
            buffered = dec.getstate()[0]
            try:
                text = dec.decode(chunk)
            except UnicodeDecodeError as e:
                rest = buffered + chunk
                if not chunk[: max(e.start - len(buffered), 0)].isascii():
                    seen_utf8 = True  # UTF-8 text came before the bytes that are not
                self._codepage = cyrillic_codepage(rest[max(e.start - len(buffered), 0):])
                if seen_utf8:
                    self.encoding = "utf-8+" + self._codepage
                    yield from self._per_line(rest, chunks)
                else:
                    self.encoding = self._codepage
                    yield from self._decode_as(self._codepage, rest, chunks)
                return
            if not seen_utf8 and not chunk.isascii():
                seen_utf8 = True
            yield text
            chunk = next(chunks, None)
        try:
            yield dec.decode(b"", final=True)
        except UnicodeDecodeError:  # the file ends inside a UTF-8 sequence
            tail = dec.getstate()[0]
            self._codepage = cyrillic_codepage(tail)
            self.encoding = ("utf-8+" if seen_utf8 else "") + self._codepage
            yield self._one_line(tail)
            return
        self.encoding = "utf-8" if seen_utf8 else (self.encoding or "utf-8")

    def _one_line(self, raw: bytes) -> str:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            before = _replaced[0]
            text = raw.decode(self._codepage, "shashki-pdn-replace")
            if _replaced[0] != before:
                self.lossy = True
            return text

    def _per_line(self, rest: bytes, chunks: Iterator[bytes]) -> Iterator[str]:
        buf = rest
        while True:
            parts = buf.split(b"\n")
            buf = parts.pop()
            if parts:
                yield "\n".join(self._one_line(p) for p in parts) + "\n"
            chunk = next(chunks, None)
            if chunk is None:
                break
            buf += chunk
            if len(buf) > MAX_LINE and b"\n" not in buf:
                yield self._one_line(buf)
                buf = b""
        if buf:
            yield self._one_line(buf)

