"""Bit primitives for the kernels: LLVM intrinsics when compiled, plain Python otherwise.

``NUMBA_DISABLE_JIT=1`` turns every kernel into ordinary Python; intrinsics cannot run
there, so this is the one place with two spellings of the same operation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
from numba import config, njit, types
from numba.extending import intrinsic

U64 = np.uint64
ZERO = U64(0)
ONE = U64(1)

_F = TypeVar("_F", bound=Callable[..., Any])


def kernel(**options: Any) -> Callable[[_F], _F]:
    """numba's ``njit``, cached and without numba's runtime, for the search's hot kernels.

    The runtime counts references to every array a compiled function receives: an atomic
    increment at its entry and a decrement at its exit, for each array, at every call.
    The search calls its kernels millions of times a second with up to eleven
    arrays each, and the counting was a sixth of its time (docs/engine.md, "Where the
    time goes"). A kernel made this way may not allocate arrays; its caller's arrays
    live as long as the call.
    """
    return njit(_nrt=False, cache=True, **options)  # type: ignore[no-any-return,call-overload]


def compile_for(dispatcher: Any, *args: Any) -> None:
    """Compile ``dispatcher`` (or load it from numba's cache) for the types of ``args``,
    without calling it: what its first call with such arguments would do, paid ahead.

    The engine and ``shashki perft`` call this before they start their clocks, so that a
    cold cache's compiling (or a warm one's lazy loading) never counts in a time limit or
    a rate. A signature already compiled costs a look-up. Nothing to do with
    ``NUMBA_DISABLE_JIT=1``.
    """
    if config.DISABLE_JIT:  # type: ignore[attr-defined]
        return
    from numba.core.typing.typeof import Purpose, typeof

    sig = tuple(typeof(a, Purpose.argument) for a in args)  # type: ignore[no-untyped-call]
    if sig not in dispatcher.overloads:
        dispatcher.compile(sig)

if config.DISABLE_JIT:  # type: ignore[attr-defined]

    def popcount(x: Any) -> Any:
        return U64(int(x).bit_count())

    def lsb_index(x: Any) -> Any:
        v = int(x)
        return U64((v & -v).bit_length() - 1)

else:

    @intrinsic
    def _ctpop(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return types.uint64(types.uint64), codegen

    @intrinsic
    def _cttz(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            from llvmlite import ir

            return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

        return types.uint64(types.uint64), codegen

    @njit(inline="always", cache=True)
    def popcount(x: Any) -> Any:
        return _ctpop(x)  # type: ignore[call-arg]

    @njit(inline="always", cache=True)
    def lsb_index(x: Any) -> Any:
        return _cttz(x)  # type: ignore[call-arg]
