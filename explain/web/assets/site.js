// The engine of a folder of "xcover explain --site": xcover's playground
// compiled to WebAssembly (explain/web/wasm), gzipped in base64 in the
// element #engine, run by Go's wasm_exec.js, which the page holds before
// this script. page.js asks xcoverSite for the examples and the traces
// instead of asking xcover serve.
window.xcoverSite = (() => {
  const $ = (id) => document.getElementById(id);
  const bytes = (b64) => {
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(b64.trim());
    const bin = atob(b64.trim());
    const raw = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) raw[i] = bin.charCodeAt(i);
    return raw;
  };
  return {
    // start runs the engine and returns the examples, or null when the
    // engine cannot run (the page says why).
    async start() {
      $("pg-note").textContent = "starting the engine…";
      $("pg-run").disabled = true;
      try {
        const wasm = await new Response(new Blob([bytes($("engine").textContent)]).stream()
          .pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
        const go = new Go();
        const { instance } = await WebAssembly.instantiate(wasm, go.importObject);
        go.run(instance); // main sets xcoverTrace, then waits for calls
        if (typeof globalThis.xcoverTrace !== "function") throw new Error("the engine did not start");
      } catch (err) {
        $("pg-note").textContent = "";
        $("pg-error").textContent = "the engine cannot run in this browser: " + err;
        $("pg-error").hidden = false;
        return null;
      }
      $("pg-note").textContent = "";
      $("pg-run").disabled = false;
      return JSON.parse($("examples").textContent);
    },
    // trace returns {data} or {error}, as xcover serve answers. The engine
    // holds the page's thread while it traces (PlaygroundTimeout at most),
    // so the page first shows "working…".
    async trace(kind, input) {
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const t0 = performance.now();
      const j = globalThis.xcoverTrace(kind, input);
      document.body.dataset.traceMs = Math.round(performance.now() - t0);
      return { data: j.data, error: j.error };
    },
  };
})();
