import traceback, sys, js
log = lambda *a: js.console.log(" ".join(map(str, a)))
async def main():
    import micropip
    for f in ["piplite-0.7.0-py3-none-any.whl", "ipykernel-6.9.2-py3-none-any.whl", "pyodide_kernel-0.7.0-py3-none-any.whl", "widgetsnbextension-4.0.999-py3-none-any.whl"]:
        await micropip.install("emfs:/tmp/" + f, deps=False)
    log("installed")
    import pyodide_kernel
    log("imported pyodide_kernel")
    k = pyodide_kernel.kernel_instance
    r = await k.run("print('hi from kernel')")
    log("run result", r)
    r = await k.run("import ipywidgets as ipw; ipw.Button(description='x')")
    log("run result", r)
try:
    await main()
except BaseException:
    log(traceback.format_exc())
