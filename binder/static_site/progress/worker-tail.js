/* Rules Explorer, static site: put after Pyodide's pyodide.js by build.py (see worker-head.js). Tells the page when
   Python and every wheel are loaded, so it shows the next stage (the kernel starting: IPython is imported then). */
(function () {
  var load = self.loadPyodide, post = self.__reLoadPost;
  if (typeof load !== "function" || !post || load.__reLoadWatched) return;
  var watched = function () {
    return load.apply(this, arguments).then(function (pyodide) { post({ kind: "loaded" }); return pyodide; });
  };
  watched.__reLoadWatched = true;
  self.loadPyodide = globalThis.loadPyodide = watched;
})();
