"""Issue 31, point 4: the pre-heated pool warms one kernel after another. Voilà starts a fresh server's whole pool
at once (10 kernels on 2 cores each running the app's cell), so the first page waited for all of them; through
widgets/server/serve.py's ``refill_after`` (Voilà's ``wait_before``) each pool task starts its kernel only once the one
before has run the notebook. Fake pool tasks on one event loop: the order of steps is asserted, never a time."""

from __future__ import annotations

import asyncio

from widgets.server.serve import refill_after


def test_pool_kernels_start_one_after_another_each_after_the_last_has_run_the_app():
    steps: list[str] = []

    async def main():
        ran = [asyncio.Event() for _ in range(3)]

        async def run_app(i):
            await ran[i].wait()
            steps.append(f"ran {i}")

        async def start_kernel(i):  # Voilà's _initialize: start the kernel, then run the notebook in a task
            steps.append(f"start {i}")
            await asyncio.sleep(0)
            return {"task": asyncio.ensure_future(run_app(i)), "kernel_id": f"k{i}"}

        pool = [asyncio.ensure_future(refill_after(0, start_kernel(i))) for i in range(3)]  # as fill_if_needed
        for _ in range(20):
            await asyncio.sleep(0)
        assert steps == ["start 0"], "a second kernel started while the first was still running the app"
        assert pool[0].done() and (await pool[0])["kernel_id"] == "k0", "the first task ends once its kernel is up"
        for i in range(3):
            ran[i].set()
            for _ in range(20):
                await asyncio.sleep(0)
        return [await task for task in pool]

    started = asyncio.run(main())
    assert [s["kernel_id"] for s in started] == ["k0", "k1", "k2"]
    assert steps == ["start 0", "ran 0", "start 1", "ran 1", "start 2", "ran 2"]


def test_a_kernel_that_failed_to_start_does_not_hold_up_the_next():
    steps: list[str] = []

    async def main():
        async def broken():
            steps.append("broken")
            raise RuntimeError("no kernel")

        async def start_kernel():
            steps.append("start")
            return {"task": asyncio.ensure_future(asyncio.sleep(0)), "kernel_id": "k"}

        first = asyncio.ensure_future(refill_after(0, broken()))
        second = asyncio.ensure_future(refill_after(0, start_kernel()))
        await asyncio.wait({first, second})
        assert isinstance(first.exception(), RuntimeError)
        return second.result()

    assert asyncio.run(main())["kernel_id"] == "k"
    assert steps == ["broken", "start"]
