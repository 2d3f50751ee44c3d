import sys, time
sys.path.insert(0, "/work/main/tests")
from voila_server import browser_page
blocked = []
logs = []
with browser_page("/usr/bin/chromium", 1280, 800) as page:
    def route(r):
        if r.request.url.startswith("http://127.0.0.1:8950/"):
            r.continue_()
        else:
            blocked.append(r.request.url); r.abort()
    page.route("**/*", route)
    page.on("console", lambda m: logs.append(f"{m.type}: {m.text}"[:300]))
    page.on("pageerror", lambda e: logs.append(f"pageerror: {e} {getattr(e, 'stack', '')}"[:3000]))
    t0 = time.time()
    page.goto("http://127.0.0.1:8950/voici/render/" + (sys.argv[2] if len(sys.argv) > 2 else "app") + ".html", timeout=60000)
    for i in range(int(sys.argv[1]) if len(sys.argv) > 1 else 40):
        time.sleep(5)
        n = page.evaluate("document.body.innerText.length")
        print(f"{time.time()-t0:5.0f}s widgets={n}", flush=True)
        if n > int(sys.argv[3] if len(sys.argv) > 3 else 20):
            time.sleep(5); break
    print(page.evaluate("document.body.innerText")[:3000])
    page.screenshot(path="/work/scratch/site/shot.png", full_page=False)
print("BLOCKED", blocked[:10])
print("\n".join(logs[-40:]))
