"""Learned evaluation models: the files shipped in ``shashki/engine/learned/``.

A model (:class:`Model`) is the global terms of ``weights.json`` plus pattern weights
(:func:`shashki.engine.evaluate.pattern_windows`), and optionally a small network
(:mod:`shashki.engine.network`); :mod:`shashki.engine.learn` makes them. A model file is
a compressed ``.npz`` of the integer pattern weights, the packed network if there is one,
and a JSON document: the variant, the global weights, the training recipe, the data hash
and the weights hash (checked on loading).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from shashki.engine.evaluate import weight_table
from shashki.errors import ShashkiError
from shashki.rules import variant_by_name

FORMAT = 1
"""The model file format."""
T = TypeVar("T")


class LearnError(ShashkiError):
    """A model file that cannot be read, or a recipe that cannot be run."""


@dataclass
class Model:
    """A learned evaluation: global weights (``weights.json``'s schema) and patterns."""

    variant: str
    weights: dict[str, Any]
    patterns: Any
    """int32 ``(windows, 6561, 2)``: opening and ending weight of every configuration,
    in 1/32 of a hundredth of a man."""
    meta: dict[str, Any] = field(default_factory=dict)
    network: Any = None
    """float32: the packed network (:func:`shashki.engine.network.pack`), or None."""

    def weights_hash(self) -> str:
        """SHA-256 of the weights (patterns, global terms and the network's float32s)."""
        h = hashlib.sha256(np.ascontiguousarray(self.patterns, dtype=np.int32).tobytes())
        h.update(json.dumps(self.weights, sort_keys=True).encode())
        if self.network is not None:
            h.update(np.ascontiguousarray(self.network, dtype=np.float32).tobytes())
        return h.hexdigest()


def save_model(model: Model, path: Path) -> None:
    """Write ``model`` as a compressed ``.npz`` (no pickles)."""
    meta = dict(model.meta, variant=model.variant, format=FORMAT, weights=model.weights,
                weights_hash=model.weights_hash())
    raw = json.dumps(meta, sort_keys=True, indent=1).encode()
    arrays: dict[str, Any] = {"patterns": np.asarray(model.patterns, dtype=np.int16),
              "meta": np.frombuffer(raw, dtype=np.uint8)}
    if model.network is not None:
        arrays["network"] = np.asarray(model.network, dtype=np.float32)
    with path.open("wb") as f:
        np.savez_compressed(f, **arrays)


def load_model(source: Any) -> Model:
    """Read a model written by :func:`save_model` (a path or a binary file)."""
    try:
        with np.load(source, allow_pickle=False) as z:
            patterns = z["patterns"].astype(np.int32)
            meta = json.loads(bytes(z["meta"]).decode())
            network = z["network"].astype(np.float32) if "network" in z.files else None
    except (OSError, ValueError, KeyError) as e:
        raise LearnError(f"cannot read the model {source}: {e}") from None
    if meta.get("format") != FORMAT:
        raise LearnError(f"model {source}: unknown format {meta.get('format')!r}")
    model = Model(meta["variant"], meta["weights"], patterns, meta, network)
    if model.weights_hash() != meta.get("weights_hash"):
        raise LearnError(f"model {source}: its weights do not match their hash")
    return model


def same_board(variant: str, other: str) -> bool:
    """Whether ``other``'s files (models, tables) serve ``variant``: the same board and
    the same goal."""
    v, o = variant_by_name(variant), variant_by_name(other)
    return o.geometry == v.geometry and o.goal is v.goal


def shipped(variant: str, suffix: str, read: Callable[[Any], tuple[T, str]]) -> T | None:
    """What ``read`` makes of the file shipped for ``variant``
    (``shashki/engine/learned/<variant><suffix>``), or of the one of the variant its
    ``weights.json`` entry is based on; None where there is none, or where the file's
    variant (``read``'s second value) has another board or goal."""
    v = variant_by_name(variant)
    name = v.name
    while True:
        res = resources.files("shashki.engine").joinpath("learned", f"{name}{suffix}")
        if res.is_file():
            with res.open("rb") as f:
                value, of = read(f)
            return value if same_board(v.name, of) else None
        base = weight_table().get(name, {}).get("base")
        if base is None:
            return None
        name = base


def _read_model(f: Any) -> tuple[Model, str]:
    model = load_model(f)
    return model, model.variant


@cache
def model_for(variant: str) -> Model | None:
    """The model shipped for ``variant`` (``shashki/engine/learned/<variant>.npz``), or
    the one of the variant its ``weights.json`` entry is based on when the board and the
    goal are the same (Brazilian would take Russian's, but ships its own; giveaway,
    whose weights are based on Russian's too, would not: its material counts against
    its owner); None where no model ships (:func:`shipped`)."""
    return shipped(variant, ".npz", _read_model)
