/* Rules Explorer, static site: put before Pyodide's pyodide.js by build.py. The kernel loads pyodide.js in its Web
   Worker, where the page cannot watch the downloads; this counts the bytes of every file the worker fetches from
   static/pyodide/ (Pyodide itself and the wheels) and tells the page over a BroadcastChannel (panel.html). The
   responses are handed back untouched: the bytes are counted on a clone. */
(function () {
  if (typeof BroadcastChannel === "undefined" || typeof fetch !== "function" || self.__reLoadWatched) return;
  self.__reLoadWatched = true;
  var channel = new BroadcastChannel("rules-explorer-load");
  var realFetch = self.fetch;
  function post(message) { try { channel.postMessage(message); } catch (e) { /* the page is gone */ } }
  self.__reLoadPost = post;
  self.fetch = function (input, init) {
    var url = String(typeof input === "string" || input instanceof URL ? input : input && input.url);
    var kind = /\/static\/pyodide\//.test(url) ? (/\.whl(\?|$)/.test(url) ? "packages" : "python") : null;
    var answer = realFetch.apply(this, arguments);
    if (!kind) return answer;
    var file = url.split("?")[0].split("/").pop();
    post({ kind: kind, file: file, bytes: 0 });
    return answer.then(function (response) {
      try {
        var reader = response.clone().body.getReader(), bytes = 0, last = 0;
        var pump = function () {
          return reader.read().then(function (part) {
            if (part.done) { post({ kind: kind, file: file, bytes: bytes, done: true }); return; }
            bytes += part.value.byteLength;
            if (bytes - last > 262144) { last = bytes; post({ kind: kind, file: file, bytes: bytes }); }
            return pump();
          });
        };
        pump().catch(function () {});
      } catch (e) { /* no body to count: the page still moves on with the next stage */ }
      return response;
    });
  };
})();
