"""Bit primitives for the kernels: LLVM intrinsics when compiled, plain Python otherwise.

``NUMBA_DISABLE_JIT=1`` turns every kernel into ordinary Python; intrinsics cannot run
there, so this is the one place with two spellings of the same operation.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import config, njit, types
from numba.extending import intrinsic

U64 = np.uint64
ZERO = U64(0)
ONE = U64(1)

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
